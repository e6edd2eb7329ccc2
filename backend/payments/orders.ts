/**
 * Orders and their one fulfilment. An order is a snapshot of the cart (rows in order_items), taken from
 * the database when the checkout starts. Fulfilment marks it paid once, delivers each item that can still
 * be delivered, marks the rest "refund due" (decision 005), and removes exactly its items from the cart,
 * whoever calls it (webhook, success page, demo page, reconciliation) and however often.
 */
import type { Kysely, Selectable } from "kysely";
import type { Order, OrderItem, OrderStatus } from "../../lib/contract.js";
import { confirmBooking } from "../bookings/bookings.js";
import { grantCredits } from "../bookings/credits.js";
import { clientEvent } from "../clients/case-file.js";
import { accrueCommissions } from "../commissions/ledger.js";
import type { Database, OrderItemsTable, OrdersTable } from "../db/schema.js";
import { requestDocuments } from "../documents/changes.js";
import { NotFound } from "../errors.js";
import { releaseBookings } from "../holds/holds.js";
import { sendPaidAgreements } from "../intake/agreements.js";
import { sendPaidQuestionnaires } from "../intake/copies.js";
import { orderPaid } from "./notices.js";

export type Logger = {
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

type SessionRow = {
  id: number;
  mentor_id: number;
  mentor_name: string;
  start_at: string;
  topic: string;
  status: string;
  updated_at: string;
};

function toItem(r: Selectable<OrderItemsTable>, session?: SessionRow): OrderItem {
  return {
    id: r.id,
    cart_item_id: r.cart_item_id,
    client_id: r.client_id,
    client_name: r.client_name,
    item_type: r.item_type as OrderItem["item_type"],
    item_id: r.item_id,
    description: r.description,
    price_minor: r.price_minor,
    currency: r.currency,
    refund_status: r.refund_status as OrderItem["refund_status"],
    refund_reason: r.refund_reason,
    refund_minor: r.refund_minor ?? r.price_minor,
    session:
      r.item_type === "mentor_booking" && session
        ? {
            mentor_id: session.mentor_id,
            mentor_name: session.mentor_name,
            start_at: session.start_at,
            topic: session.topic,
            status: session.status as NonNullable<OrderItem["session"]>["status"],
            canceled_at: session.status === "canceled" ? session.updated_at : null,
          }
        : null,
  };
}

/** The mentor sessions these order items bought, by booking id. */
async function sessionsOf(db: Kysely<Database>, items: Selectable<OrderItemsTable>[]): Promise<Map<number, SessionRow>> {
  const ids = items.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .select([
      "mentor_bookings.id",
      "mentor_bookings.mentor_id",
      "mentors.name as mentor_name",
      "mentor_bookings.start_at",
      "mentor_bookings.topic",
      "mentor_bookings.status",
      "mentor_bookings.updated_at",
    ])
    .where("mentor_bookings.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export function orderItemRows(db: Kysely<Database>, orderIds: number[]) {
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "in", orderIds)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
}

/** Orders with their items, in the order given. */
export async function toOrders(db: Kysely<Database>, rows: Selectable<OrdersTable>[]): Promise<Order[]> {
  if (!rows.length) return [];
  const items = await orderItemRows(
    db,
    rows.map((r) => r.id),
  );
  const sessions = await sessionsOf(db, items);
  return rows.map((row) => {
    const own = items
      .filter((i) => i.order_id === row.id)
      .map((i) => toItem(i, i.item_type === "mentor_booking" ? sessions.get(i.item_id) : undefined));
    const sum = (status: "due" | "refunded") =>
      own.filter((i) => i.refund_status === status).reduce((s, i) => s + i.refund_minor, 0);
    return {
      id: row.id,
      status: row.status as OrderStatus,
      mode: row.mode as Order["mode"],
      amount_minor: row.amount_minor,
      currency: row.currency,
      items: own,
      refund_due_minor: sum("due"),
      refunded_minor: sum("refunded"),
      created_at: row.created_at,
      paid_at: row.paid_at,
      expires_at: row.expires_at,
    };
  });
}

export async function toOrder(db: Kysely<Database>, row: Selectable<OrdersTable>): Promise<Order> {
  return (await toOrders(db, [row]))[0]!;
}

export async function listOrders(db: Kysely<Database>, agentId: number): Promise<Order[]> {
  const rows = await db
    .selectFrom("orders")
    .selectAll()
    .where("agent_id", "=", agentId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return toOrders(db, rows);
}

export async function getOrder(db: Kysely<Database>, agentId: number, orderId: number): Promise<Order> {
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  if (!row) throw new NotFound("order.not_found", "No such order.");
  return toOrder(db, row);
}

export async function orderBySession(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom("orders").selectAll().where("checkout_session_id", "=", sessionId).executeTakeFirst();
}

export type Fulfilment = "fulfilled" | "already" | "flagged";

/** Why an ordered item can no longer be delivered, or null when it can (bookings are confirmed here). */
async function undeliverable(
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  item: Selectable<OrderItemsTable>,
): Promise<string | null> {
  const client = await trx.selectFrom("clients").select("archived_at").where("id", "=", item.client_id).executeTakeFirst();
  if (!client || client.archived_at) return "The client was archived before the payment arrived.";
  if (item.item_type === "mentor_booking") return confirmBooking(trx, order.id, item.item_id);
  const inCart = await trx
    .selectFrom("cart_items")
    .select("id")
    .where("id", "=", item.cart_item_id)
    .where("agent_id", "=", order.agent_id)
    .executeTakeFirst();
  return inCart ? null : "The item was removed from the cart before the payment arrived.";
}

/**
 * Marks the order paid, delivers its items and removes them from the cart, once. Run it inside a
 * transaction. A paid amount or currency that differs from the order's flags the order instead.
 * Returns how many items are due a refund (settle them after the transaction with `settleRefunds`).
 */
export async function fulfilOrder(
  trx: Kysely<Database>,
  orderId: number,
  paid: { amount_minor: number | null; currency: string | null },
  logger: Logger,
  /** The firm's name, for the agreements the payment sends */
  company = "",
): Promise<{ result: Fulfilment; refundsDue: number }> {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) throw new NotFound("order.not_found", "No such order.");
  if (order.status === "paid") return { result: "already", refundsDue: 0 };
  if (order.status === "flagged") return { result: "flagged", refundsDue: 0 };
  const now = new Date().toISOString();
  if (paid.amount_minor !== order.amount_minor || (paid.currency ?? "").toUpperCase() !== order.currency) {
    const reason = `paid ${paid.amount_minor ?? "?"} ${(paid.currency ?? "?").toUpperCase()}, order is ${order.amount_minor} ${order.currency}`;
    await trx
      .updateTable("orders")
      .set({ status: "flagged", flag_reason: reason, updated_at: now })
      .where("id", "=", orderId)
      .where("status", "not in", ["paid", "flagged"])
      .execute();
    logger.warn({ orderId, reason }, "payment does not match its order: flagged, not fulfilled");
    return { result: "flagged", refundsDue: 0 };
  }
  // The guard on status makes this the one update that wins, however many callers race here.
  const result = await trx
    .updateTable("orders")
    .set({ status: "paid", paid_at: now, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "not in", ["paid", "flagged"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { result: "already", refundsDue: 0 };

  const items = await orderItemRows(trx, [orderId]);
  const delivered: typeof items = [];
  let refundsDue = 0;
  for (const item of items) {
    const reason = await undeliverable(trx, order, item);
    await clientEvent(trx, {
      agentId: order.agent_id,
      clientId: item.client_id,
      kind: "order.paid",
      // The line as bought, a session's time with it: two sessions with one mentor are told apart (the page shows the
      // time in the reader's zone).
      summary: `Paid in order ${orderId}: ${item.description}${reason ? `; refund due (${reason})` : ""}`,
      ref: `order:${orderId}`,
    });
    if (!reason) {
      delivered.push(item);
      if (item.item_type === "session_pack") await grantCredits(trx, order.agent_id, item, orderId, new Date(now));
      await requestDocuments(trx, order.agent_id, [item]);
      await sendPaidQuestionnaires(trx, order.agent_id, [item]);
      await sendPaidAgreements(trx, order.agent_id, [item], company);
      continue;
    }
    refundsDue++;
    await trx.updateTable("order_items").set({ refund_status: "due", refund_reason: reason }).where("id", "=", item.id).execute();
    logger.warn({ orderId, item: item.id, reason }, "paid item cannot be delivered: refund due");
  }
  if (items.length) {
    await trx
      .deleteFrom("cart_items")
      .where("agent_id", "=", order.agent_id)
      .where(
        "id",
        "in",
        items.map((i) => i.cart_item_id),
      )
      .execute();
  }
  // What the agent earns on what was delivered, with the payment (issue 41).
  await accrueCommissions(trx, order.agent_id, delivered, new Date(now));
  // The receipt, each session's confirmation and invite, and any refund due: written with the payment, sent after.
  await orderPaid(trx, orderId);
  return { result: "fulfilled", refundsDue };
}

/** An unpaid order's end: failed, expired or canceled. A paid or flagged order keeps its status. */
export async function closeOrder(db: Kysely<Database>, orderId: number, status: "failed" | "expired" | "canceled") {
  const result = await db
    .updateTable("orders")
    .set({ status, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The mentor holds of an order that ended unpaid: released (expired) or kept in the cart (canceled, failed). */
export async function endOrderHolds(db: Kysely<Database>, orderId: number, release: boolean) {
  const held = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("order_id", "=", orderId)
    .where("status", "=", "held")
    .execute();
  await db
    .updateTable("mentor_bookings")
    .set({ order_id: null })
    .where("order_id", "=", orderId)
    .where("status", "=", "held")
    .execute();
  if (release)
    await releaseBookings(
      db,
      held.map((b) => b.id),
    );
}
