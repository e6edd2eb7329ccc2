/**
 * Writes tests/support/durations.json from a vitest JSON report (`.ci/run` leaves one in test-results/vitest.json):
 * each test file's seconds on the last measured run, which tests/support/sequencer.ts reads to start the longest
 * files first. Run it after adding or growing a slow test file: npx tsx scripts/test-durations.ts [report]
 */
import fs from "node:fs";
import path from "node:path";

type Report = { testResults: Array<{ name: string; startTime: number; endTime: number }> };

const report = JSON.parse(fs.readFileSync(process.argv[2] ?? "test-results/vitest.json", "utf8")) as Report;
const root = path.resolve(import.meta.dirname, "..");
// Named from tests/ on, wherever the run was (a fresh clone's report names its own folder).
const rows: Array<[string, number]> = report.testResults.map((file) => [
  file.name.slice(file.name.lastIndexOf("/tests/") + 1),
  Math.round((file.endTime - file.startTime) / 100) / 10,
]);
rows.sort(([a], [b]) => a.localeCompare(b));
fs.writeFileSync(path.join(root, "tests/support/durations.json"), `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`tests/support/durations.json: ${rows.length} files`);
