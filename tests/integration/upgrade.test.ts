/**
 * Issue 21, point 4: an upgrade from the first release (commit 5eb20dd) keeps every record. The fixtures in
 * tests/fixtures/release-1/ were made by that release's own API (make-fixture.ts there): three paid or open orders,
 * a client deleted after paying (with the session the cascade took), a session cancelled after payment, a token.
 * Each is upgraded to today's schema, on SQLite and on PostgreSQL, and every row and total is checked.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import { migrateToLatest, pendingMigrations } from "../../backend/db/migrate.js";
import { seedDemoData, seedReferenceData } from "../../backend/setup/seed.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { CATALOGUE_TABLES, rowCounts, sqliteFile } from "../support/databases.js";

const FIXTURES = path.resolve("tests/fixtures/release-1");
const pgUrl = process.env.TEST_DATABASE_URL;

/** Every table of the first release, and how many rows it had (read before the upgrade). */
const FIRST_RELEASE_TABLES = [
  "agents",
  "api_tokens",
  ...CATALOGUE_TABLES,
  "clients",
  "cart_items",
  "contact_messages",
  "orders",
  "stripe_events",
  "mentor_bookings",
] as const;

const counts = (database: Db) => rowCounts(database, FIRST_RELEASE_TABLES);

type Fixture = { name: string; open(): Promise<{ database: Db; drop(): Promise<void> }> };

const sqliteFixture: Fixture = {
  name: "sqlite",
  open: () => sqliteFile(path.join(FIXTURES, "release-1.sqlite")),
};

const postgresFixture: Fixture = {
  name: "postgres",
  async open() {
    const schema = `up_${randomBytes(5).toString("hex")}`;
    const dump = fs
      .readFileSync(path.join(FIXTURES, "release-1.postgres.sql"), "utf8")
      .replace(/^CREATE SCHEMA release1;$/m, "")
      .replace(/\brelease1\./g, `${schema}.`);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(dump);
    await admin.end();
    const database = openDatabase({ kind: "postgres", url: pgUrl!, schema, poolSize: 4 });
    return {
      database,
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  },
};

for (const fixture of pgUrl ? [sqliteFixture, postgresFixture] : [sqliteFixture]) {
  describe(`upgrading the first release's database (${fixture.name})`, () => {
    const drops: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const drop of drops) await drop();
    });

    it("keeps every order line, every row and every total", async () => {
      const { database, drop } = await fixture.open();
      drops.push(drop);
      expect(await pendingMigrations(database)).toContain("006-money-integrity");
      const before = await counts(database);
      const legacy = await database.db
        .selectFrom("orders")
        .select(["id", "amount_minor", "status", sql<string>`items`.as("items")])
        .orderBy("id")
        .execute();
      expect(legacy.map((o) => o.status)).toEqual(["paid", "paid", "pending"]);

      await migrateToLatest(database);
      // What a start does next: the reference and demo seed, which must add nothing twice to an old database.
      await seedReferenceData(database.db);
      await seedDemoData(database.db);
      expect(await pendingMigrations(database)).toEqual([]);

      const after = await counts(database);
      for (const table of FIRST_RELEASE_TABLES) {
        // The one client deleted after paying comes back, archived: one more row, never one fewer.
        expect(after[table], table).toBe(before[table]! + (table === "clients" ? 1 : 0));
      }

      for (const order of legacy) {
        const items = JSON.parse(order.items) as Array<{
          client_id: number;
          client_name: string;
          price_minor: number;
          description: string;
        }>;
        const lines = await database.db
          .selectFrom("order_items")
          .select(["position", "client_id", "client_name", "price_minor", "description", "refund_status"])
          .where("order_id", "=", order.id)
          .orderBy("position")
          .execute();
        expect(lines.map((l) => [l.client_id, l.client_name, l.price_minor, l.description])).toEqual(
          items.map((i) => [i.client_id, i.client_name, i.price_minor, i.description]),
        );
        expect(lines.reduce((sum, l) => sum + l.price_minor, 0)).toBe(order.amount_minor);
      }

      // The deleted client is back as an archived record of its name; the agent's lists never show it.
      const gone = await database.db
        .selectFrom("clients")
        .select(["id", "first_name", "last_name", "archived_at"])
        .where("first_name", "=", "Cy")
        .executeTakeFirstOrThrow();
      expect(gone.last_name).toBe("Gone");
      expect(gone.archived_at).not.toBeNull();
      // The session cancelled after payment is due its refund on its line, as it was on its booking.
      const cancelled = await database.db
        .selectFrom("order_items")
        .innerJoin("mentor_bookings", "mentor_bookings.id", "order_items.item_id")
        .select(["order_items.refund_status", "mentor_bookings.status"])
        .where("order_items.item_type", "=", "mentor_booking")
        .where("mentor_bookings.status", "=", "canceled")
        .execute();
      expect(cancelled).toEqual([{ refund_status: "due", status: "canceled" }]);

      // Every session has a room of its own to meet in (issue 23).
      const rooms = await database.db.selectFrom("mentor_bookings").select("meeting_url").execute();
      expect(rooms.length).toBeGreaterThan(0);
      for (const { meeting_url } of rooms) expect(meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/);
      expect(new Set(rooms.map((r) => r.meeting_url)).size).toBe(rooms.length);

      // The token the first release issued still signs its agent in.
      expect(after.api_tokens).toBe(1);
      expect(await checkDatabase(database.db)).toEqual([]);
    });
  });
}
