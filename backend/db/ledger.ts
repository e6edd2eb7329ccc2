/**
 * The ledgers' one way to add a row (DESIGN.md §7, migration 035): each row names the one before it and carries the
 * balance after it, so a balance is never an edited number and the database checks every step (below zero, a gap, a
 * row written twice). Callers take the ledger's lock first (`lockLedger`): on PostgreSQL the rows of one ledger are
 * then added one after the other; SQLite runs one transaction at a time already.
 */
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "./schema.js";

/** Advisory lock spaces, one a ledger kind (PostgreSQL's two-key form: space, owner). */
const spaces = { credit: 41_001, commission: 41_002 } as const;

/** Holds the ledger's lock until the transaction ends (PostgreSQL); other instances adding to it wait. */
export async function lockLedger(trx: Kysely<Database>, ledger: keyof typeof spaces, owner: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${spaces[ledger]}, ${owner})`.execute(trx);
  }
}

type Last = { seq: number; balance: number } | undefined;

/** The next row's chain columns after `last` (none: the first row). */
export function nextLink(last: Last, amount: number) {
  return {
    seq: (last?.seq ?? 0) + 1,
    balance: (last?.balance ?? 0) + amount,
    prev_seq: last?.seq ?? null,
    prev_balance: last?.balance ?? null,
  };
}

/** A credit grant's last row (its balance now), read under its lock. */
export function lastCreditMove(trx: Kysely<Database>, creditId: number): Promise<Last> {
  return trx
    .selectFrom("credit_moves")
    .select(["seq", "balance"])
    .where("credit_id", "=", creditId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** An agent's last commission row in a currency (what is owed now), read under its lock. */
export function lastCommissionMove(trx: Kysely<Database>, agentId: number, currency: string): Promise<Last> {
  return trx
    .selectFrom("commission_moves")
    .select(["seq", "balance"])
    .where("agent_id", "=", agentId)
    .where("currency", "=", currency)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** A grant's balance now, as a column of a query over `client_credits`: its ledger's last row's. */
export function creditBalance(eb: ExpressionBuilder<Database, "client_credits">) {
  return eb
    .selectFrom("credit_moves")
    .select("credit_moves.balance")
    .whereRef("credit_moves.credit_id", "=", "client_credits.id")
    .orderBy("credit_moves.seq", "desc")
    .limit(1);
}

/**
 * Grants of credits with their client's and agent's names and what is left of each (its ledger's last balance): the
 * office's list of a pack's holders and the reminder before credits end both start here.
 */
export function creditGrants(db: Kysely<Database>) {
  return db
    .selectFrom("client_credits")
    .innerJoin("clients", "clients.id", "client_credits.client_id")
    .innerJoin("agents", "agents.id", "client_credits.agent_id")
    .select([
      "client_credits.id",
      "client_credits.client_id",
      "client_credits.sessions",
      "client_credits.expires_at",
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
    ])
    .select((eb) => creditBalance(eb).as("left"));
}
