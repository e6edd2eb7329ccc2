/**
 * Migration 039 (issue 66) on the rows of before, on SQLite and PostgreSQL: a consent given before codes existed
 * keeps counting (its `verified_at` is its `given_at`), the outbox's rows are all kept, and the migration goes down
 * and up again with every row in place.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import { migrateTo, migrateToLatest } from "../../backend/db/migrate.js";

const pgUrl = process.env.TEST_DATABASE_URL;
const targets: Array<{ name: string; open(): Promise<{ database: Db; drop(): Promise<void> }> }> = [
  {
    name: "sqlite",
    async open() {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "m039-")), "portal.sqlite");
      const database = openDatabase({ kind: "sqlite", file });
      return { database, drop: () => database.close() };
    },
  },
  ...(pgUrl
    ? [
        {
          name: "postgres",
          async open() {
            const schema = `m039_${randomBytes(4).toString("hex")}`;
            const admin = new pg.Client({ connectionString: pgUrl });
            await admin.connect();
            await admin.query(`create schema ${schema}`);
            await admin.end();
            const database = openDatabase({ kind: "postgres", url: pgUrl, schema });
            return {
              database,
              async drop() {
                await database.close();
                const again = new pg.Client({ connectionString: pgUrl });
                await again.connect();
                await again.query(`drop schema ${schema} cascade`);
                await again.end();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(targets)("migration 039 on $name", (target) => {
  const dropped: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of dropped) await drop();
  });

  it("keeps the consents of before counting and every row, down and up again", async () => {
    const { database, drop } = await target.open();
    dropped.push(drop);
    await migrateTo(database, "038-destination-versions");
    const given = "2026-10-01T09:00:00.000Z";
    await sql`insert into message_consents (account_kind, account_id, channel, phone, lang, words, given_at, given_how)
      values ('client', 1, 'sms', '+34610000000', 'es', 'Acepto', ${given}, 'box ticked on /my')`.execute(database.db);
    await sql`insert into outbox (kind, dedupe_key, to_address, payload, status, attempts, next_attempt_at, created_at, channel)
      values ('booking.reminder', 'm039', '+34610000000', '{}', 'pending', 0, ${given}, ${given}, 'sms')`.execute(database.db);
    await migrateToLatest(database);
    const consent = await database.db.selectFrom("message_consents").selectAll().executeTakeFirstOrThrow();
    expect(new Date(consent.verified_at!).toISOString()).toBe(given);
    expect(consent).toMatchObject({ code_hash: null, code_tries: 0, phone: "+34610000000" });
    const row = await database.db.selectFrom("outbox").selectAll().where("dedupe_key", "=", "m039").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", unconfirmed_at: null });
    await migrateTo(database, "038-destination-versions");
    await migrateToLatest(database);
    expect(await database.db.selectFrom("message_consents").select("id").execute()).toHaveLength(1);
    expect(await database.db.selectFrom("outbox").select("id").where("dedupe_key", "=", "m039").execute()).toHaveLength(1);
  });
});
