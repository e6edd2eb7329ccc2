import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Mentor bookings. The database itself forbids two live bookings (held or confirmed) of one mentor's
 * slot: a partial unique index, so two agents racing for a slot cannot both win, whatever the timing.
 */
export function mentorBookings(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      let t = db.schema.createTable("mentor_bookings");
      t = pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await t
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id").onDelete("cascade"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id").onDelete("cascade"))
        .addColumn("start_at", time, (c) => c.notNull())
        .addColumn("end_at", time, (c) => c.notNull())
        .addColumn("topic", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("held_until", time)
        .addColumn("price_minor", "integer", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("order_id", "integer", (c) => c.references("orders.id"))
        .addColumn("refund_status", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await sql`create unique index mentor_bookings_live_slot_uq on mentor_bookings (mentor_id, start_at) where status in ('held', 'confirmed')`.execute(
        db,
      );
      await db.schema.createIndex("mentor_bookings_agent_idx").on("mentor_bookings").columns(["agent_id", "start_at"]).execute();
      await db.schema.createIndex("mentor_bookings_held_idx").on("mentor_bookings").columns(["status", "held_until"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("mentor_bookings").ifExists().execute();
    },
  };
}
