/**
 * The databases the integration suite runs on: SQLite always, PostgreSQL as well when
 * TEST_DATABASE_URL is set (each test file in a schema of its own). Under CI=true a
 * missing PostgreSQL is a failure, not a skip.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "./api-harness.js";
import { databaseUrl } from "./global-setup.js";

export type TestDatabase = { name: "sqlite" | "postgres"; open(): Promise<{ database: Db; drop(): Promise<void> }> };

const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && !pgUrl) {
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL half of the suite cannot be skipped in CI");
}

const sqlite: TestDatabase = { name: "sqlite", open: () => sqliteFile() };

/** A SQLite database in a folder of its own (a copy of `from` when given), removed with the folder by drop(). */
export async function sqliteFile(from?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
  const file = path.join(dir, "test.sqlite");
  if (from) fs.copyFileSync(from, file);
  const database = openDatabase({ kind: "sqlite", file });
  return {
    database,
    async drop() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const postgres: TestDatabase = {
  name: "postgres",
  async open() {
    const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create schema ${schema}`);
    const database = openDatabase({ kind: "postgres", url: pgUrl!, schema, poolSize: 20 });
    return {
      database,
      async drop() {
        await database.close();
        await adminQuery(`drop schema ${schema} cascade`);
      },
    };
  },
};

/** The catalogue's tables, in the order the seed fills them (what every screen reads). */
export const CATALOGUE_TABLES = [
  "countries",
  "services",
  "service_plans",
  "jobs",
  "relocations",
  "mentors",
  "mentor_availability",
] as const;

/** How many rows each of these tables holds (a test of what an upgrade or a start keeps or adds). */
export async function rowCounts(database: Db, tables: readonly string[]) {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

export const testDatabases: TestDatabase[] = pgUrl ? [sqlite, postgres] : [sqlite];

/**
 * A migrated database with reference and demo data: a copy of the run's template (tests/support/global-setup.ts),
 * made once before the first test file, instead of migrating and seeding each one anew.
 */
export async function openSeeded(target: TestDatabase) {
  return target.name === "sqlite" ? sqliteFile(inject("sqliteTemplate")) : copyPostgresTemplate();
}

async function copyPostgresTemplate() {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name} template ${inject("postgresTemplate")}`);
  const database = openDatabase({ kind: "postgres", url: databaseUrl(pgUrl!, name), poolSize: 20 });
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name}`);
    },
  };
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A seeded database for the test file's (or describe block's) lifetime: read `ctx.database` inside tests. */
export function useSeeded(target: TestDatabase) {
  const ctx = {} as { database: Db };
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database: ctx.database, drop } = await openSeeded(target));
  });
  afterAll(async () => {
    await drop?.();
  });
  return ctx;
}

/**
 * A seeded database for the test file's (or describe block's) lifetime, and the API on it.
 * Read `ctx.database` and `ctx.api` inside tests (they are set in beforeAll).
 */
/**
 * A statement run on the driver itself, below Kysely and the API, as another server or a script would write: `?` for
 * each value, on either database.
 */
export async function plainSql(database: Db, statement: string, ...values: unknown[]) {
  if (database.raw.kind === "sqlite") database.raw.client.prepare(statement).run(...values);
  else {
    let n = 0;
    await database.raw.client.query(
      statement.replace(/\?/g, () => `$${++n}`),
      values,
    );
  }
}

export function useSeededApi(target: TestDatabase, options: Parameters<typeof startApi>[1] = {}) {
  const ctx = {} as { database: Db; api: Harness };
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const handle = await openSeeded(target);
    ctx.database = handle.database;
    drop = handle.drop;
    ctx.api = await startApi(ctx.database, options);
  });
  afterAll(async () => {
    await ctx.api?.close();
    await drop?.();
  });
  return ctx;
}
