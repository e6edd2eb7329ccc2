/**
 * The row types kysely-codegen writes from the migrated schema (backend/db/generated.ts, `npm run db:types`) are
 * the migrations' of today: a migration added without writing the file again fails here, and backend/db/
 * schema-check.ts then holds the hand-written types to the file (tsc).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

describe("the database's generated row types", () => {
  it("are what the migrations give today (kysely-codegen --verify)", () => {
    const run = () =>
      execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/db-types.ts", "--verify"], {
        cwd: root,
        stdio: "pipe",
        encoding: "utf8",
      });
    expect(run).not.toThrow();
    // And the check can fail: a column the migrations never made is found.
    const file = path.join(root, "backend/db/generated.ts");
    const kept = fs.readFileSync(file, "utf8");
    try {
      fs.writeFileSync(file, kept.replace("export interface Agents {\n", "export interface Agents {\n  made_up: string;\n"));
      expect(run).toThrow();
    } finally {
      fs.writeFileSync(file, kept);
    }
  });
});
