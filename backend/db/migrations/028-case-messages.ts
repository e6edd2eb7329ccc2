import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 39, point 1: one conversation per client. `client_messages` holds what the agent, the client and the office
 * wrote in it (who wrote it: `author`, and the agent's or the staff member's id); `client_thread_marks` holds, for each
 * side of the conversation (the firm's and the client's), how far it has read, and how far the other side has been
 * told by e-mail of what waits (one notice per thread however many messages). Both go with the client when a client
 * is erased. Only added: no row of before is changed or dropped.
 */
export function caseMessages(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("client_messages"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("author", "text", (c) => c.notNull().check(sql`author in ('agent', 'client', 'office')`))
        // The agent who wrote it (for author 'agent'), or the staff member (for 'office'); null for the client.
        .addColumn("agent_id", "integer", (c) => c.references("agents.id"))
        .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("client_messages_client_idx").on("client_messages").columns(["client_id", "id"]).execute();
      await db.schema
        .createTable("client_thread_marks")
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        // 'firm': the agent (and the office, who read as the firm but do not mark); 'client': the client
        .addColumn("side", "text", (c) => c.notNull().check(sql`side in ('firm', 'client')`))
        .addColumn("read_through", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("read_at", time)
        .addColumn("notified_through", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("client_thread_marks_pk", ["client_id", "side"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("client_thread_marks").execute();
      await db.schema.dropTable("client_messages").execute();
    },
  };
}
