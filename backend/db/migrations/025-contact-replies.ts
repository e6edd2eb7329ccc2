import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 25, point 5: staff answer contact messages from the office. A reply is kept with its message
 * (`contact_replies`) and sent through the outbox; a message an agent sent from their workspace names the agent
 * (`contact_messages.agent_id`, null for a visitor and for every message from before). Only added.
 */
export function contactReplies(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("contact_messages")
        .addColumn("agent_id", "integer", (c) => c.references("agents.id"))
        .execute();
      const table = db.schema.createTable("contact_replies");
      await (
        pg
          ? table.addColumn("id", "serial", (c) => c.primaryKey())
          : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("message_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_replies_message_idx").on("contact_replies").column("message_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("contact_replies").execute();
      await db.schema.alterTable("contact_messages").dropColumn("agent_id").execute();
    },
  };
}
