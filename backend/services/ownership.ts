/**
 * What an agent owns, decided in one place: a client is the agent's when its `agent_id` is the agent's, and
 * everything of a client (notes, documents and their files, cart lines, sessions) is reached through that client
 * with the same `agent_id`. Another agent's record is "not found", exactly as one that does not exist, so nothing
 * tells a stranger it is there. An archived client (deleted, kept for its orders) is read and noted, never changed.
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";

export const NO_CLIENT = "No such client.";
export const NO_DOCUMENT = "No such document.";

/** `read`: an archived client too; `change`: a live client only. */
export type ClientUse = "read" | "change";

/** The agent's client row as found by a query that asked for both ids; refused when missing or not for this use. */
export function ownedClient<T extends { archived_at: string | null }>(row: T | undefined, use: ClientUse): T {
  if (!row || (use === "change" && row.archived_at)) throw new NotFound(NO_CLIENT);
  return row;
}

/**
 * Whether the client is the agent's (for this use): throws "No such client." when not. Asked inside a transaction
 * that then writes something of the client's, it holds the client's row (for share, on PostgreSQL) until the
 * write is committed: a hand-over of the client to another agent (which updates the row) waits for the write and
 * moves what it wrote, or the write waits for the hand-over and finds the client gone. Asked before the
 * transaction, a hand-over could land in between and leave the write under the agent who gave the client away.
 */
export async function ownClient(db: Kysely<Database>, agentId: number, clientId: number, use: ClientUse) {
  const query = db.selectFrom("clients").select(["id", "archived_at"]).where("id", "=", clientId).where("agent_id", "=", agentId);
  const held = db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter;
  const row = await (held ? query.forShare() : query).executeTakeFirst();
  return ownedClient(row, use);
}
