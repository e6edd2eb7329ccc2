/**
 * The cart lock (decision 005). An agent's cart and its one open checkout change only inside a transaction
 * that first locks the agent's row, so a checkout's snapshot of the cart and any change to the cart happen
 * one after the other, never interleaved. While a checkout is open the cart cannot change at all: the
 * order covers exactly what is in it. The partial unique index on pending orders backs this up.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { Conflict } from "../errors.js";

export const CART_LOCKED =
  "A payment for your cart is in progress. Finish it, or cancel the payment from the cart, before changing the cart.";

/**
 * Takes the agent's lock until the transaction ends. PostgreSQL: a row lock (other instances wait for it).
 * SQLite: Kysely runs one transaction at a time on its one connection, and the embedded database has one
 * process, so transactions already run one after the other.
 */
export async function lockAgent(trx: Transaction<Database>, agentId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from agents where id = ${agentId} for update`.execute(trx);
  }
}

export function openOrderOf(db: Kysely<Database>, agentId: number) {
  return db.selectFrom("orders").selectAll().where("agent_id", "=", agentId).where("status", "=", "pending").executeTakeFirst();
}

/** Runs a change to the agent's cart under its lock; refused with 409 while a checkout is open. */
export async function changeCart<T>(db: Kysely<Database>, agentId: number, change: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await lockAgent(trx, agentId);
    if (await openOrderOf(trx, agentId)) throw new Conflict("cart.locked", CART_LOCKED);
    return change(trx);
  });
}
