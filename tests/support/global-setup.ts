/**
 * Once per run, before any test file: the seeded databases that tests copy instead of migrating and seeding their
 * own (tests/support/databases.ts). SQLite: a file, copied per database. PostgreSQL (with TEST_DATABASE_URL): a
 * database that `CREATE DATABASE … TEMPLATE` copies. Both are removed when the run ends.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import { migrateToLatest } from "../../backend/db/migrate.js";
import { seedDemoData, seedReferenceData } from "../../backend/setup/seed.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file with reference and demo data, to copy */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database with reference and demo data, to create databases from; "" without one */
    postgresTemplate: string;
  }
}

async function seed(database: Db) {
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  await database.close();
}

/** The address of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-template-"));
  const file = path.join(dir, "seeded.sqlite");
  await seed(openDatabase({ kind: "sqlite", file }));
  project.provide("sqliteTemplate", file);

  const pgUrl = process.env.TEST_DATABASE_URL;
  let template = "";
  if (pgUrl) {
    template = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    await seed(openDatabase({ kind: "postgres", url: databaseUrl(pgUrl, template), poolSize: 2 }));
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (template) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
    }
  };
}
