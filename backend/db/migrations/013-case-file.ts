import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * The client's case file (issue 14): what happened for a client (written with each change, newest first on the
 * client's page), and the agent's notes on the client (append-only: a correction is a new note).
 */
export function caseFile(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("client_events"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        // client.created, client.edited, cart.added, cart.removed, order.paid, session.booked, session.cancelled, …
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        // what it links to: "order:12", "booking:7"
        .addColumn("ref", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("client_events_client_idx").on("client_events").columns(["client_id", "id"]).execute();
      await id(db.schema.createTable("client_notes"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("client_notes_client_idx").on("client_notes").columns(["client_id", "id"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("client_notes").execute();
      await db.schema.dropTable("client_events").execute();
    },
  };
}
