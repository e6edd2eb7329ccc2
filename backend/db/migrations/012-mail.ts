import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * E-mail (issue 13): the outbox (a notice is written in the transaction of what caused it, then delivered by a
 * worker; docs/decisions/006-mail-outbox.md), password links that say what they are for (a set-password link from
 * the back office, or a reset asked for on /forgot-password), and the staff's own zone and phone for /account.
 */
export function mail(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      let t = db.schema.createTable("outbox");
      t = pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await t
        // what the message is: "booking.confirmed", "order.receipt", "account.reset", …
        .addColumn("kind", "text", (c) => c.notNull())
        // one message per event and recipient, however many times (or instances) the event is written
        .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
        // null: the staff inbox of the settings, read when the message is sent
        .addColumn("to_address", "text")
        .addColumn("reply_to", "text")
        // the facts the message is written from (JSON), taken in the transaction of the event
        .addColumn("payload", "text", (c) => c.notNull())
        // pending → sent | failed | skipped (no longer true: a reminder of a session cancelled meanwhile)
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", time, (c) => c.notNull())
        // a worker that took the message; another may take it once this passes (the first one died)
        .addColumn("claimed_by", "text")
        .addColumn("claimed_until", time)
        .addColumn("last_error", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("sent_at", time)
        .execute();
      await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
      // "set" (from the back office or the office:user command, 24 h) | "reset" (forgot password, 1 h)
      await db.schema
        .alterTable("password_links")
        .addColumn("purpose", "text", (c) => c.notNull().defaultTo("set"))
        .execute();
      await db.schema
        .alterTable("staff")
        .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
        .execute();
      await db.schema.alterTable("staff").addColumn("phone", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("staff").dropColumn("phone").execute();
      await db.schema.alterTable("staff").dropColumn("time_zone").execute();
      await db.schema.alterTable("password_links").dropColumn("purpose").execute();
      await db.schema.dropTable("outbox").execute();
    },
  };
}
