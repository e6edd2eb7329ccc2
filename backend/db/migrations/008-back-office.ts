import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * The back office (issue 12): staff accounts and their tokens, one-time set-password links (for agents and staff),
 * agents that can be deactivated, contact messages marked handled, and the audit log of staff changes.
 */
export function backOffice(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("staff"))
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        // null until the person sets one through their link
        .addColumn("password_hash", "text")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_sign_in_at", time)
        .execute();
      await id(db.schema.createTable("staff_tokens"))
        .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
      await id(db.schema.createTable("password_links"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        // "agent" | "staff"
        .addColumn("account_kind", "text", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
      await db.schema
        .alterTable("agents")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("agents").addColumn("last_sign_in_at", time).execute();
      await db.schema.alterTable("contact_messages").addColumn("handled_at", time).execute();
      await db.schema.alterTable("contact_messages").addColumn("handled_by", "integer").execute();
      await id(db.schema.createTable("audit_log"))
        .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
        // what happened: "staff.sign_in", "agent.create", "message.handled", …
        .addColumn("kind", "text", (c) => c.notNull())
        // what it happened to: "agent:7", "message:3"
        .addColumn("subject", "text")
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("audit_log").execute();
      await db.schema.alterTable("contact_messages").dropColumn("handled_by").execute();
      await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
      await db.schema.alterTable("agents").dropColumn("last_sign_in_at").execute();
      await db.schema.alterTable("agents").dropColumn("active").execute();
      await db.schema.dropTable("password_links").execute();
      await db.schema.dropTable("staff_tokens").execute();
      await db.schema.dropTable("staff").execute();
    },
  };
}
