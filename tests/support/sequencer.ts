/**
 * The order the suite's files start in: longest first (their seconds on a measured run, tests/support/durations.json),
 * so that neither of the two workers is left with a long file when the other has finished. Vitest's own order, on a
 * clean clone with no results cached, is by file size: the three browser walks are six lines each and so started
 * last, which left one worker walking alone for five minutes. A file not yet measured is placed by its size, as a
 * short one unless it is a browser file.
 */
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const measured = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "durations.json"), "utf8")) as Record<string, number>;

function seconds(spec: TestSpecification): number {
  const file = path.relative(spec.project.config.root, spec.moduleId);
  const known = measured[file];
  if (known !== undefined) return known;
  const size = fs.statSync(spec.moduleId).size;
  // About what the measured files cost for their size: a browser journey ~3 s a KiB, anything else ~0.5.
  return (size / 1024) * (file.startsWith("tests/e2e/") ? 3 : 0.5);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
