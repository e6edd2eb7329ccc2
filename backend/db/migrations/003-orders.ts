import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/** Orders (a snapshot of what was bought and for how much) and the Stripe events already handled. */
export function orders(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      let t = db.schema.createTable("orders");
      t = pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await t
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("mode", "text", (c) => c.notNull())
        .addColumn("amount_minor", "integer", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("items", "text", (c) => c.notNull())
        .addColumn("checkout_session_id", "text", (c) => c.unique())
        .addColumn("checkout_url", "text")
        .addColumn("flag_reason", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("paid_at", time)
        .execute();
      await db.schema.createIndex("orders_agent_created_idx").on("orders").columns(["agent_id", "created_at"]).execute();

      await db.schema
        .createTable("stripe_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("received_at", time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("stripe_events").ifExists().execute();
      await db.schema.dropTable("orders").ifExists().execute();
    },
  };
}
