/**
 * `npm run db:types`: the database's row types as the migrations leave it (issue 68, point 4). Migrates a fresh
 * SQLite file (the default database: its declared types are what the rows carry here, a time as ISO text) and has
 * kysely-codegen write backend/db/generated.ts from it. `npm run db:types -- --verify` writes nothing and fails when
 * the file is not what the migrations give (tests/unit/db-types.test.ts runs it in the suite).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../backend/db/connection.js";
import { migrateToLatest } from "../backend/db/migrate.js";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "backend/db/generated.ts");
const verify = process.argv.includes("--verify");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-types-"));
const file = path.join(dir, "schema.sqlite");
try {
  const database = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(database);
  await database.close();
  const bin = path.join(root, "node_modules/.bin/kysely-codegen");
  execFileSync(
    bin,
    [
      "--dialect",
      "sqlite",
      "--url",
      file,
      "--out-file",
      out,
      // The migrations' own bookkeeping and the limiters' table (rate-limiter-flexible's) are not the application's rows.
      "--exclude-pattern",
      "{kysely_*,rate_limits}",
      "--log-level",
      "warn",
      ...(verify ? ["--verify"] : []),
    ],
    { stdio: "inherit", cwd: root },
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
