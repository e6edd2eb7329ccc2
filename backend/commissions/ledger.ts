/**
 * Agents' commissions (issue 41, DESIGN.md §7). The office's rules say what an agent earns on a paid line; the
 * payment's transaction adds an "accrued" row for each line delivered, and a line's refund the reversing row (pro
 * rata for a pack's unused credits), never an edit. Rows are added to the agent's ledger under its lock, each naming
 * the one before, one accrual and one reversal per line at most (unique indexes): a webhook delivered five times at
 * once accrues once. Payouts are backend/payments/payouts.ts; what the pages read is statements.ts.
 */
import type { Kysely } from "kysely";
import { SERVICES } from "../../lib/rules.js";
import { lastCommissionMove, lockLedger, nextLink } from "../db/ledger.js";
import type { CommissionMoveKind, CommissionTarget, Database } from "../db/schema.js";

type Db = Kysely<Database>;

/** Adds one row to the agent's ledger in a currency, under the agent's lock (taken here). */
export async function moveCommission(
  trx: Db,
  agentId: number,
  currency: string,
  move: { kind: CommissionMoveKind; amount: number; at: Date; order_item_id?: number; rule_id?: number; payout_id?: number },
) {
  await lockLedger(trx, "commission", agentId);
  const link = nextLink(await lastCommissionMove(trx, agentId, currency), move.amount);
  await trx
    .insertInto("commission_moves")
    .values({
      agent_id: agentId,
      currency,
      ...link,
      kind: move.kind,
      amount: move.amount,
      order_item_id: move.order_item_id ?? null,
      rule_id: move.rule_id ?? null,
      payout_id: move.payout_id ?? null,
      at: move.at.toISOString(),
    })
    .execute();
  return link.balance;
}

type Line = { id: number; item_type: string; item_id: number; price_minor: number; currency: string };

/** The rules' targets a line answers to, most specific first (3: the item; 2: its kind; 1: its service). */
async function targetsOf(trx: Db, line: Line): Promise<Array<{ target: CommissionTarget; id: number | null; rank: number }>> {
  switch (line.item_type) {
    case "service_plan": {
      const plan = await trx.selectFrom("service_plans").select("service_id").where("id", "=", line.item_id).executeTakeFirst();
      return [
        { target: "plan", id: line.item_id, rank: 3 },
        ...(plan ? [{ target: "service" as const, id: plan.service_id, rank: 1 }] : []),
      ];
    }
    case "relocation":
      return [
        { target: "relocation", id: line.item_id, rank: 3 },
        { target: "relocation", id: null, rank: 2 },
        { target: "service", id: SERVICES.relocation, rank: 1 },
      ];
    case "job":
      return [
        { target: "job", id: line.item_id, rank: 3 },
        { target: "job", id: null, rank: 2 },
        { target: "service", id: SERVICES.jobPlacement, rank: 1 },
      ];
    case "session_pack":
      return [
        { target: "pack", id: line.item_id, rank: 3 },
        { target: "pack", id: null, rank: 2 },
        { target: "service", id: SERVICES.mentorship, rank: 1 },
      ];
    case "mentor_booking":
      return [
        { target: "session", id: null, rank: 2 },
        { target: "service", id: SERVICES.mentorship, rank: 1 },
      ];
    default:
      return [];
  }
}

type Rule = Awaited<ReturnType<typeof rulesOn>>[number];

/** The rules started by `day` for every agent or this one: read once for a payment's lines. */
function rulesOn(trx: Db, agentId: number, day: string) {
  return trx
    .selectFrom("commission_rules")
    .selectAll()
    .where("starts_on", "<=", day)
    .where((eb) => eb.or([eb("agent_id", "is", null), eb("agent_id", "=", agentId)]))
    .execute();
}

/**
 * The rule that decides a line's commission, paid on `day`: among those started by then for its targets, the agent's
 * own before every agent's, then the most specific target, then the latest start (and the latest written).
 */
export async function ruleFor(trx: Db, agentId: number, line: Line, day: string, started?: Rule[]) {
  const targets = await targetsOf(trx, line);
  if (!targets.length) return null;
  const rules = started ?? (await rulesOn(trx, agentId, day));
  const ranked = rules
    .map((r) => ({ r, rank: targets.find((t) => t.target === r.target && t.id === r.target_id)?.rank ?? 0 }))
    .filter(({ r, rank }) => rank > 0 && (r.amount_minor === null || r.currency === line.currency))
    .sort(
      (a, b) =>
        Number(b.r.agent_id !== null) - Number(a.r.agent_id !== null) ||
        b.rank - a.rank ||
        b.r.starts_on.localeCompare(a.r.starts_on) ||
        b.r.id - a.r.id,
    );
  return ranked[0]?.r ?? null;
}

/** What a rule gives on a line: its percentage of the price (rounded half up), or its amount (never above the price). */
export function commissionOn(rule: { percent_bp: number | null; amount_minor: number | null }, priceMinor: number) {
  if (rule.percent_bp !== null) return Math.floor((priceMinor * rule.percent_bp + 5_000) / 10_000);
  return Math.min(rule.amount_minor ?? 0, priceMinor);
}

/** The paid, delivered lines' commissions, in the payment's transaction: one accrual a line with a rule above nothing. */
export async function accrueCommissions(trx: Db, agentId: number, lines: Line[], paidAt: Date) {
  if (!lines.length) return;
  const day = paidAt.toISOString().slice(0, 10);
  const started = await rulesOn(trx, agentId, day);
  for (const line of lines) {
    const rule = started.length ? await ruleFor(trx, agentId, line, day, started) : null;
    const amount = rule ? commissionOn(rule, line.price_minor) : 0;
    if (!rule || amount <= 0) continue;
    await moveCommission(trx, agentId, line.currency, {
      kind: "accrued",
      amount,
      at: paidAt,
      order_item_id: line.id,
      rule_id: rule.id,
    });
  }
}

/**
 * Lines whose money goes back: each accrual reversed, in the refund's transaction, by the share of the price that is
 * refunded (a pack's unused credits, pro rata), once a line. A line that earned nothing has nothing to reverse.
 */
export async function reverseCommissions(trx: Db, lines: Array<{ id: number; refund_minor?: number | null }>, at: Date) {
  if (!lines.length) return;
  const accrued = await trx
    .selectFrom("commission_moves")
    .innerJoin("order_items", "order_items.id", "commission_moves.order_item_id")
    .select([
      "commission_moves.order_item_id",
      "commission_moves.agent_id",
      "commission_moves.currency",
      "commission_moves.amount",
    ])
    .select("order_items.price_minor")
    .where("commission_moves.kind", "=", "accrued")
    .where(
      "commission_moves.order_item_id",
      "in",
      lines.map((l) => l.id),
    )
    .execute();
  for (const a of accrued) {
    const refunded = lines.find((l) => l.id === a.order_item_id)?.refund_minor ?? a.price_minor;
    const amount = refunded >= a.price_minor ? a.amount : Math.round((a.amount * refunded) / a.price_minor);
    const done = await trx
      .selectFrom("commission_moves")
      .select("id")
      .where("order_item_id", "=", a.order_item_id)
      .where("kind", "=", "reversed")
      .executeTakeFirst();
    if (done) continue;
    await moveCommission(trx, a.agent_id, a.currency, { kind: "reversed", amount: -amount, at, order_item_id: a.order_item_id! });
  }
}
