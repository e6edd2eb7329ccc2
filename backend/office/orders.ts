/**
 * Every agent's orders, as staff see them: filters, one order with its lines, Stripe ids and history; flagged
 * orders marked reviewed with a note; refunds made by staff (whole or per line) and refunds due retried. A refund
 * is a guarded update (a line not refunded yet becomes due, once) in the same transaction as its audit row, then
 * settled through Stripe (one idempotency key per line); in the demo payment mode there is no money to move, and
 * the lines are marked refunded.
 */
import type { Kysely } from "kysely";
import type { OfficeOrder } from "../../lib/contract.js";
import { dayStart } from "../../lib/day-start.js";
import { addDays } from "../../lib/days.js";
import { UTC_STAMP, utcStamp } from "../../lib/utc-stamp.js";
import { audit, listAudit } from "../audit.js";
import { bookingCancelled } from "../bookings/notices.js";
import { clientEvent, orderLineEvents } from "../clients/case-file.js";
import { reverseCommissions } from "../commissions/ledger.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import type { Payments } from "../payments/checkout.js";
import { refundNotice } from "../payments/notices.js";
import { toOrder, toOrders } from "../payments/orders.js";
import { settleRefunds } from "../payments/refunds.js";
import { packShares } from "./pack-refunds.js";

export async function listOfficeOrders(
  db: Kysely<Database>,
  opts: {
    status?: string | null;
    agent?: string | null;
    /** A client named on one of the order's lines */
    client?: string | null;
    refund?: "due" | null;
    /** `from` and `to` are days in this zone (the staff member's); UTC when absent */
    zone?: string;
    from?: string | null;
    to?: string | null;
    page?: number | null;
    perPage?: number;
  },
) {
  const perPage = opts.perPage ?? 25;
  const page = opts.page ?? 1;
  let q = db.selectFrom("orders").innerJoin("agents", "agents.id", "orders.agent_id");
  if (opts.status) q = q.where("orders.status", "=", opts.status);
  if (opts.agent) {
    const like = containsPattern(opts.agent);
    q = q.where((eb) =>
      eb.or([eb(eb.fn("lower", ["agents.name"]), "like", like), eb(eb.fn("lower", ["agents.email"]), "like", like)]),
    );
  }
  if (opts.client) {
    const like = containsPattern(opts.client);
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("order_items")
          .select("order_items.id")
          .whereRef("order_items.order_id", "=", "orders.id")
          .where((eb) => eb(eb.fn("lower", ["order_items.client_name"]), "like", like)),
      ),
    );
  }
  if (opts.refund === "due") {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("order_items")
          .select("order_items.id")
          .whereRef("order_items.order_id", "=", "orders.id")
          .where("order_items.refund_status", "=", "due"),
      ),
    );
  }
  const zone = opts.zone ?? "UTC";
  if (opts.from) q = q.where("orders.created_at", ">=", dayStart(opts.from, zone));
  if (opts.to) q = q.where("orders.created_at", "<", dayStart(addDays(opts.to, 1), zone));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll("orders")
    .select(["agents.name as agent_name", "agents.email as agent_email"])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const orders = await toOrders(db, rows);
  const total = Number(n);
  return {
    items: orders.map((o, i) => ({
      ...o,
      agent_id: rows[i]!.agent_id,
      agent_name: rows[i]!.agent_name,
      agent_email: rows[i]!.agent_email,
      flag_reason: rows[i]!.flag_reason,
    })),
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

export async function getOfficeOrder(db: Kysely<Database>, id: number): Promise<OfficeOrder> {
  const row = await db
    .selectFrom("orders")
    .innerJoin("agents", "agents.id", "orders.agent_id")
    .leftJoin("staff", "staff.id", "orders.reviewed_by")
    .selectAll("orders")
    .select(["agents.name as agent_name", "agents.email as agent_email", "staff.name as reviewed_by_name"])
    .where("orders.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFound("order.not_found", "No such order.");
  const order = await toOrder(db, row);
  const [history, refunds] = await Promise.all([
    listAudit(db, { subject: `order:${id}`, perPage: 100 }),
    db
      .selectFrom("order_items")
      .select(["id", "description", "client_name", "refund_status", "refunded_at", "refund_id"])
      .where("order_id", "=", id)
      .where("refund_status", "is not", null)
      .orderBy("position")
      .execute(),
  ]);
  return {
    ...order,
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    agent_email: row.agent_email,
    checkout_session_id: row.checkout_session_id,
    flag_reason: row.flag_reason,
    reviewed_at: row.reviewed_at,
    reviewed_by_name: row.reviewed_by_name,
    review_note: row.review_note,
    history: history.items.reverse(),
    // A session that has moved since is named by its time now (the order's items carry it), not the one it was bought for.
    events: orderEvents(
      row,
      refunds.map((r) => ({
        ...r,
        description: sessionNow(r.description, order.items.find((i) => i.id === r.id)?.session?.start_at ?? null),
      })),
    ),
  };
}

/** An order line's description with a session's time as it is now ("…, 2026-12-01 10:00 UTC (topic)"). */
export function sessionNow(description: string, start: string | Date | null): string {
  if (!start) return description;
  return description.replace(UTC_STAMP, utcStamp(start));
}

const closed: Record<string, string> = {
  expired: "Checkout expired unpaid",
  canceled: "Checkout cancelled by the agent",
  failed: "Payment failed",
};

/**
 * The order's own story, read from its row and its lines (the payment events that changed them): opened, paid or
 * closed, flagged, each line's refund. A refund still due has no time of its own: it is listed last, with none.
 */
function orderEvents(
  row: {
    status: string;
    mode: string;
    created_at: string;
    paid_at: string | null;
    updated_at: string;
    flag_reason: string | null;
  },
  refunds: Array<{
    description: string;
    client_name: string;
    refund_status: string | null;
    refunded_at: string | null;
    refund_id: string | null;
  }>,
) {
  const events: Array<{ at: string | null; what: string }> = [
    { at: row.created_at, what: row.mode === "demo" ? "Checkout opened (demo payment page)" : "Checkout opened at Stripe" },
  ];
  if (row.paid_at) events.push({ at: row.paid_at, what: "Paid" });
  if (row.status === "flagged")
    events.push({ at: row.paid_at ?? row.updated_at, what: `Flagged: ${row.flag_reason ?? "no reason recorded"}` });
  if (closed[row.status]) events.push({ at: row.updated_at, what: closed[row.status]! });
  for (const r of refunds) {
    if (r.refund_status !== "refunded" || !r.refunded_at) continue;
    const how = r.refund_id ? ` (Stripe refund ${r.refund_id})` : "";
    events.push({ at: r.refunded_at, what: `Refunded: ${r.description} for ${r.client_name}${how}` });
  }
  events.sort((a, b) => a.at!.localeCompare(b.at!));
  for (const r of refunds) {
    if (r.refund_status === "due") events.push({ at: null, what: `Refund due: ${r.description} for ${r.client_name}` });
  }
  return events;
}

/** A flagged order looked at: its note stays with it. The order keeps its status (staff refund or fulfil by hand). */
export async function reviewOrder(db: Kysely<Database>, staffId: number, id: number, note: string, now = new Date()) {
  const order = await getOfficeOrder(db, id);
  if (order.status !== "flagged") throw new Conflict("order.not_flagged", "Only a flagged order is marked reviewed.");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ reviewed_at: now.toISOString(), reviewed_by: staffId, review_note: note })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      {
        staffId,
        kind: "order.review",
        subject: `order:${id}`,
        before: { reviewed: Boolean(order.reviewed_at) },
        after: { note },
      },
      now,
    );
  });
  return getOfficeOrder(db, id);
}

/** Settles what is due: through Stripe where the order was paid there; in the demo mode, marked refunded. */
async function settle(p: Payments, orderId: number, mode: string) {
  if (mode === "stripe" && p.stripe) return settleRefunds(p, orderId);
  const stamp = new Date().toISOString();
  const lines = await p.db.transaction().execute(async (trx) => {
    const lines = await trx
      .updateTable("order_items")
      .set({ refund_status: "refunded", refunded_at: stamp })
      .where("order_id", "=", orderId)
      .where("refund_status", "=", "due")
      .returning(["id", "item_type", "item_id", "client_id", "description"])
      .execute();
    const agent = await trx.selectFrom("orders").select("agent_id").where("id", "=", orderId).executeTakeFirstOrThrow();
    await orderLineEvents(
      trx,
      lines,
      agent.agent_id,
      "refund.done",
      (d) => `Refunded from order ${orderId}: ${d}`,
      `order:${orderId}`,
    );
    const sessions = lines.filter((l) => l.item_type === "mentor_booking").map((l) => l.item_id);
    if (sessions.length) {
      await trx
        .updateTable("mentor_bookings")
        .set({ refund_status: "refunded", updated_at: stamp })
        .where("id", "in", sessions)
        .where("refund_status", "=", "due")
        .execute();
    }
    await refundNotice(
      trx,
      orderId,
      lines.map((l) => l.id),
      "done",
    );
    return lines;
  });
  return { refunded: lines.length, due: 0 };
}

/** The sessions of refunded lines that are still to come: cancelled (a guarded update), told, on the timeline. */
async function cancelRefundedSessions(trx: Kysely<Database>, bookingIds: number[], now: Date) {
  if (!bookingIds.length) return;
  const stamp = now.toISOString();
  const cancelled = await trx
    .updateTable("mentor_bookings")
    .set({ status: "canceled", refund_status: "due", updated_at: stamp })
    .where("id", "in", bookingIds)
    .where("status", "=", "confirmed")
    .where("start_at", ">", stamp)
    .returning(["id", "agent_id", "client_id"])
    .execute();
  for (const b of cancelled) {
    await bookingCancelled(trx, b.id, "due", "staff", now);
    await clientEvent(
      trx,
      {
        agentId: b.agent_id,
        clientId: b.client_id,
        kind: "session.cancelled",
        summary: "Mentor session cancelled by the consultancy: its payment is refunded",
        ref: `booking:${b.id}`,
      },
      now,
    );
  }
}

/**
 * Refunds lines of a paid (or flagged) order, whole or some: each line not refunded yet becomes due in one
 * transaction with the audit row (a guarded update, so simultaneous refunds mark each line once), then is settled.
 * A session line's session, if still to come, is cancelled in the same transaction (the office page says so).
 */
export async function refundOrder(
  p: Payments,
  staffId: number,
  id: number,
  input: { item_ids?: number[]; note: string },
  now = new Date(),
  /** Done first in the refund's own transaction (a mentor's absence recorded with the refund it owes) */
  alsoIn?: (trx: Kysely<Database>) => Promise<void>,
) {
  const order = await getOfficeOrder(p.db, id);
  if (order.status !== "paid" && order.status !== "flagged")
    throw new Conflict("order.not_refundable", "Only a paid or flagged order can be refunded.");
  const wanted = input.item_ids ?? order.items.map((i) => i.id);
  const unknown = wanted.filter((w) => !order.items.some((i) => i.id === w));
  if (unknown.length) throw new NotFound("order.line_not_found", "No such line on this order.");
  const marked = await p.db.transaction().execute(async (trx) => {
    await alsoIn?.(trx);
    // A session whose money goes back does not take place: one still to come is cancelled in this transaction, and
    // its agent and client told (the calendar's cancellation, with the refund). Its money's state is its line's.
    // The session is changed before its line, in the order an agent's cancellation changes them: the other order
    // deadlocked against a cancellation of the same session on PostgreSQL.
    await cancelRefundedSessions(
      trx,
      order.items
        .filter((i) => wanted.includes(i.id) && i.item_type === "mentor_booking" && !i.refund_status)
        .map((i) => i.item_id),
      now,
    );
    const marking = await packShares(trx, order.items, wanted, staffId, now);
    const lines = marking.length
      ? await trx
          .updateTable("order_items")
          .set({ refund_status: "due", refund_reason: `Refunded by the consultancy: ${input.note}` })
          .where("order_id", "=", id)
          .where("id", "in", marking)
          .where("refund_status", "is", null)
          .returning(["id", "price_minor", "refund_minor", "client_id", "description", "item_type", "item_id"])
          .execute()
      : [];
    // What the agent earned on these lines goes back with them (a pack's share, pro rata).
    await reverseCommissions(trx, lines, now);
    await orderLineEvents(
      trx,
      lines,
      order.agent_id,
      "refund.due",
      (d) => `Refund due on order ${id}: ${d} (by the consultancy: ${input.note})`,
      `order:${id}`,
      now,
    );
    if (lines.length) {
      // The agent hears of it; with Stripe the refund is usually made before this is sent, and "refunded" says it.
      await refundNotice(
        trx,
        id,
        lines.map((l) => l.id),
        "due",
        now,
      );
      await audit(
        trx,
        {
          staffId,
          kind: "order.refund",
          subject: `order:${id}`,
          after: {
            lines: lines.map((l) => l.id),
            amount_minor: lines.reduce((s, l) => s + (l.refund_minor ?? l.price_minor), 0),
            note: input.note,
          },
        },
        now,
      );
    }
    return lines.length;
  });
  if (!marked && !order.items.some((i) => wanted.includes(i.id) && i.refund_status === "due")) {
    throw new Conflict("order.refunded", "These lines are refunded already.");
  }
  await settle(p, id, order.mode);
  return getOfficeOrder(p.db, id);
}

/** Tries again the refunds still due on an order (Stripe failed, or the demo mode left them for a person). */
export async function retryRefunds(p: Payments, staffId: number, id: number, now = new Date()) {
  const order = await getOfficeOrder(p.db, id);
  if (!order.items.some((i) => i.refund_status === "due"))
    throw new Conflict("order.no_refund_due", "No refund is due on this order.");
  const result = await settle(p, id, order.mode);
  await audit(p.db, { staffId, kind: "order.refund_retry", subject: `order:${id}`, after: result }, now);
  return getOfficeOrder(p.db, id);
}
