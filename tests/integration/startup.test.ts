/**
 * Issue 21, point 3: a start is safe to run by many instances at once. On PostgreSQL, five instances (each with its
 * own pool, as five processes would have) prepare one empty schema at once, ten rounds: every one starts, and every
 * seeded row is there exactly once. On SQLite, a second start adds nothing.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import * as demo from "../../backend/setup/demo-data.js";
import { prepareDatabase } from "../../backend/setup/prepare.js";
import * as reference from "../../backend/setup/reference-data.js";
import { countryList } from "../../backend/setup/seed.js";
import { CATALOGUE_TABLES, rowCounts } from "../support/databases.js";

const data = { ...reference, ...demo };

const pgUrl = process.env.TEST_DATABASE_URL;

const SEEDED = [...CATALOGUE_TABLES, "agents", "clients", "staff"] as const;

const counts = (database: Db) => rowCounts(database, SEEDED);

/** What one start seeds, from the seed's own data. */
const expected = {
  countries: countryList().length,
  services: data.services.length,
  service_plans: data.servicePlans.length,
  jobs: data.jobs.length,
  relocations: data.relocations.length,
  mentors: data.mentors.length,
  mentor_availability: data.mentors.reduce((n, m) => n + m.availability.length, 0),
  agents: 1,
  clients: data.demoClients.length,
  staff: 1,
};

describe("starting up", () => {
  it("on SQLite, a second start adds nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "startup-"));
    try {
      for (let start = 0; start < 2; start++) {
        const database = openDatabase({ kind: "sqlite", file: path.join(dir, "portal.sqlite") });
        const { applied, demo } = await prepareDatabase(database, { demo: true });
        expect(applied.length > 0).toBe(start === 0);
        expect(demo?.email).toBe(data.demoAgent.email);
        expect(await counts(database)).toEqual(expected);
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(pgUrl)(
    "on PostgreSQL, five instances started at once on an empty database all start, and seed every row once (10 rounds)",
    async () => {
      for (let round = 0; round < 10; round++) {
        const schema = `start_${randomBytes(5).toString("hex")}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        const instances = Array.from({ length: 5 }, () => openDatabase({ kind: "postgres", url: pgUrl!, schema, poolSize: 3 }));
        try {
          const started = await Promise.allSettled(instances.map((database) => prepareDatabase(database, { demo: true })));
          expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(Array(5).fill("started"));
          // Exactly one of them applied the migrations.
          const applying = started.filter((s) => s.status === "fulfilled" && s.value.applied.length > 0);
          expect(applying).toHaveLength(1);
          expect(await counts(instances[0]!)).toEqual(expected);
        } finally {
          await Promise.all(instances.map((database) => database.close()));
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        }
      }
    },
    120_000,
  );
});
