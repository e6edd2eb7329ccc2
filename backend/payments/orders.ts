/**
 * Orders and their one fulfilment. An order is a snapshot of the cart, taken from the database when
 * the checkout starts. Fulfilment marks it paid once and removes exactly its items from the cart once,
 * whoever calls it (webhook, success page, demo page) and however often.
 */
import type { Kysely, Selectable } from "kysely";
import type { Order, OrderItem, OrderStatus } from "../../lib/contract.js";
import type { Database, OrdersTable } from "../db/schema.js";
import { ApiError } from "../http.js";
import { confirmBookings, releaseBookings } from "../services/mentors.js";

export function toOrder(row: Selectable<OrdersTable>): Order {
  return {
    id: row.id,
    status: row.status as OrderStatus,
    mode: row.mode as Order["mode"],
    amount_minor: row.amount_minor,
    currency: row.currency,
    items: JSON.parse(row.items) as OrderItem[],
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

export async function listOrders(db: Kysely<Database>, agentId: number): Promise<Order[]> {
  const rows = await db
    .selectFrom("orders")
    .selectAll()
    .where("agent_id", "=", agentId)
    .where("status", "!=", "canceled")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toOrder);
}

export async function getOrder(db: Kysely<Database>, agentId: number, orderId: number): Promise<Order> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("agent_id", "=", agentId).executeTakeFirst();
  if (!row) throw new ApiError(404, "No such order.");
  return toOrder(row);
}

export async function orderBySession(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom("orders").selectAll().where("checkout_session_id", "=", sessionId).executeTakeFirst();
}

export type Logger = { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void };

/**
 * Marks the order paid and removes its items from the cart, once. Run it inside a transaction.
 * A paid amount or currency that differs from the order's flags the order instead.
 */
export async function fulfilOrder(
  trx: Kysely<Database>,
  orderId: number,
  paid: { amount_minor: number | null; currency: string | null },
  logger: Logger,
): Promise<"fulfilled" | "already" | "flagged"> {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) throw new ApiError(404, "No such order.");
  if (order.status === "paid") return "already";
  if (order.status === "flagged") return "flagged";
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
    return "flagged";
  }
  // The guard on status makes this the one update that wins, however many callers race here.
  const result = await trx
    .updateTable("orders")
    .set({ status: "paid", paid_at: now, updated_at: now })
    .where("id", "=", orderId)
    .where("status", "not in", ["paid", "flagged"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return "already";
  const items = JSON.parse(order.items) as OrderItem[];
  await confirmBookings(
    trx,
    order.id,
    items.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id),
  );
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
  return "fulfilled";
}

/** An unpaid order's end: failed, expired or canceled. A paid or flagged order keeps its status. */
export async function closeOrder(db: Kysely<Database>, orderId: number, status: "failed" | "expired" | "canceled") {
  await db
    .updateTable("orders")
    .set({ status, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .execute();
}

/** The mentor holds of an order whose checkout ended unpaid are released (and leave the cart). */
export async function releaseOrderBookings(db: Kysely<Database>, orderId: number) {
  const order = await db.selectFrom("orders").select("items").where("id", "=", orderId).executeTakeFirst();
  if (!order) return;
  const ids = (JSON.parse(order.items) as OrderItem[]).filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
  await releaseBookings(db, ids);
}
