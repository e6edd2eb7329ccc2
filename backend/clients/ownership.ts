/**
 * What an agent owns, decided in one place: a client is the agent's when its `agent_id` is the agent's, and
 * everything of a client (notes, documents and their files, cart lines, sessions) is reached through that client
 * with the same `agent_id`. Another agent's record is "not found", exactly as one that does not exist, so nothing
 * tells a stranger it is there. An archived client (deleted, kept for its orders) is read and noted, never changed.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";

export const NO_CLIENT = "No such client.";
export const NO_DOCUMENT = "No such document.";

/** `read`: an archived client too; `change`: a live client only. */
export type ClientUse = "read" | "change";

/** The agent's client row as found by a query that asked for both ids; refused when missing or not for this use. */
export function ownedClient<T extends { archived_at: string | null }>(row: T | undefined, use: ClientUse): T {
  if (!row || (use === "change" && row.archived_at)) throw new NotFound("client.not_found", NO_CLIENT);
  return row;
}

/**
 * Whether the client is the agent's (for this use): throws "No such client." when not. Asked inside a transaction
 * that then writes something of the client's, it first holds the agent's row (for key share, on PostgreSQL) until
 * the write is committed. Whatever takes a client from an agent (a hand-over, a deletion) locks that agent's row
 * for update first, so it waits for the write and then moves or removes what was written, or the write waits for it
 * and then finds the client gone. Always the agent's row before the client's, as they take them: in the other order
 * the two would wait for each other. Asked before the transaction, a hand-over could land in between and leave the
 * write under the agent who gave the client away.
 */
export async function ownClient(db: Kysely<Database>, agentId: number, clientId: number, use: ClientUse) {
  if (db.isTransaction) await holdAgent(db, agentId);
  const row = await db
    .selectFrom("clients")
    .select(["id", "archived_at"])
    .where("id", "=", clientId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  return ownedClient(row, use);
}

/**
 * Holds the row of the client's agent, as `holdAgent` does, and answers who it is: the agent read, held, then read
 * again, since a hand-over may have given the client to another agent while this waited for the hold (then that one
 * is held too). Null when the client's agent keeps changing under it (three times), which nothing does in practice.
 */
export async function holdClientsAgent(trx: Kysely<Database>, clientId: number): Promise<number | null> {
  const agentOf = async () =>
    (await trx.selectFrom("clients").select("agent_id").where("id", "=", clientId).executeTakeFirstOrThrow()).agent_id;
  let agentId = await agentOf();
  for (let tries = 0; tries < 3; tries++) {
    await holdAgent(trx, agentId);
    const now = await agentOf();
    if (now === agentId) return agentId;
    agentId = now;
  }
  return null;
}

/**
 * Holds an agent's row (for key share, on PostgreSQL; SQLite's writes are serialised already) until the
 * transaction ends: the agent's clients stay theirs meanwhile, since taking one away locks this row for update.
 */
export async function holdAgent(trx: Kysely<Database>, agentId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from agents where id = ${agentId} for key share`.execute(trx);
  }
}
