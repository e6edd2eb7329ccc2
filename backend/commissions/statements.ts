/**
 * What the commission ledgers say (issue 41): an agent's months (earned, reversed, paid out, owed at the month's end,
 * in the reader's zone), every movement with the line or payout it came from, the payouts; and every agent's balance
 * for the office. Read only: every number is a sum of ledger rows, the owed one the last row's balance.
 */
import type { Kysely } from "kysely";
import type { CommissionBalance, CommissionMonth, CommissionMove, CommissionStatement } from "../../lib/contract.js";
import { dayIn } from "../../lib/days.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";

type Db = Kysely<Database>;

export async function commissionStatement(db: Db, agentId: number, zone?: string): Promise<CommissionStatement> {
  const agent = await db.selectFrom("agents").select(["id", "name", "time_zone"]).where("id", "=", agentId).executeTakeFirst();
  if (!agent) throw new NotFound("agent.not_found", "No such agent.");
  const tz = zone ?? agent.time_zone;
  const [rows, payouts] = await Promise.all([
    db
      .selectFrom("commission_moves")
      .leftJoin("order_items", "order_items.id", "commission_moves.order_item_id")
      .leftJoin("commission_payouts", "commission_payouts.id", "commission_moves.payout_id")
      .select([
        "commission_moves.id",
        "commission_moves.kind",
        "commission_moves.amount",
        "commission_moves.balance",
        "commission_moves.currency",
        "commission_moves.at",
        "order_items.order_id",
        "order_items.description",
        "order_items.client_name",
        "commission_payouts.reference",
      ])
      .where("commission_moves.agent_id", "=", agentId)
      .orderBy("commission_moves.currency")
      .orderBy("commission_moves.seq")
      .execute(),
    db
      .selectFrom("commission_payouts")
      .selectAll()
      .where("agent_id", "=", agentId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
  ]);
  const moves: CommissionMove[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount_minor: r.amount,
    balance_minor: r.balance,
    currency: r.currency,
    at: new Date(r.at).toISOString(),
    order_id: r.order_id,
    line: r.description,
    client_name: r.client_name,
    payout_reference: r.reference,
  }));
  const months = new Map<string, CommissionMonth>();
  for (const m of moves) {
    const month = dayIn(tz, m.at).slice(0, 7);
    const key = `${m.currency} ${month}`;
    const row = months.get(key) ?? {
      month,
      currency: m.currency,
      earned_minor: 0,
      reversed_minor: 0,
      paid_out_minor: 0,
      owed_minor: 0,
    };
    if (m.kind === "accrued") row.earned_minor += m.amount_minor;
    if (m.kind === "reversed") row.reversed_minor -= m.amount_minor;
    if (m.kind === "paid_out" || m.kind === "payout_returned") row.paid_out_minor -= m.amount_minor;
    // Rows come in ledger order: the month's last is its end.
    row.owed_minor = m.balance_minor;
    months.set(key, row);
  }
  const owed = new Map<string, number>();
  for (const m of moves) owed.set(m.currency, m.balance_minor);
  return {
    agent_id: agent.id,
    agent_name: agent.name,
    time_zone: tz,
    months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency)),
    moves: moves.sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id),
    payouts: payouts.map((p) => ({
      id: p.id,
      amount_minor: p.amount_minor,
      currency: p.currency,
      paid_on: p.paid_on,
      reference: p.reference,
      method: p.method,
      status: p.status,
      transfer_id: p.transfer_id,
      failure: p.failure,
      created_at: new Date(p.created_at).toISOString(),
    })),
    owed: [...owed].map(([currency, owed_minor]) => ({ currency, owed_minor })),
  };
}

/** Every agent with a commission row: sums by kind and what is owed now, by currency, most owed first. */
export async function commissionBalances(db: Db): Promise<CommissionBalance[]> {
  const sums = await db
    .selectFrom("commission_moves")
    .innerJoin("agents", "agents.id", "commission_moves.agent_id")
    .select(["commission_moves.agent_id", "agents.name", "agents.email", "commission_moves.currency", "commission_moves.kind"])
    .select((eb) => eb.fn.sum<number | string>("commission_moves.amount").as("total"))
    .groupBy(["commission_moves.agent_id", "agents.name", "agents.email", "commission_moves.currency", "commission_moves.kind"])
    .execute();
  const found = new Map<string, CommissionBalance>();
  for (const s of sums) {
    const key = `${s.agent_id} ${s.currency}`;
    const row = found.get(key) ?? {
      agent_id: s.agent_id,
      agent_name: s.name,
      agent_email: s.email,
      currency: s.currency,
      earned_minor: 0,
      reversed_minor: 0,
      paid_out_minor: 0,
      owed_minor: 0,
    };
    const total = Number(s.total);
    if (s.kind === "accrued") row.earned_minor += total;
    if (s.kind === "reversed") row.reversed_minor -= total;
    if (s.kind === "paid_out" || s.kind === "payout_returned") row.paid_out_minor -= total;
    row.owed_minor += total;
    found.set(key, row);
  }
  return [...found.values()].sort((a, b) => b.owed_minor - a.owed_minor || a.agent_name.localeCompare(b.agent_name));
}
