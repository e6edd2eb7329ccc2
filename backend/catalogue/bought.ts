/**
 * "Already bought": the service plans a client already has, from a paid order (or one under review) whose line was
 * not refunded. The plans page and the cart say so before the agent pays for one twice.
 */
import type { Kysely } from "kysely";
import type { Bought } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";

export const boughtKey = (clientId: number, planId: number) => `${clientId}:${planId}`;

/** The agent's clients' plans bought (one client's, given its id), each with the first order that bought it. */
export async function boughtPlans(db: Kysely<Database>, agentId: number, clientId?: number): Promise<Map<string, Bought>> {
  let query = db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select(["order_items.client_id", "order_items.item_id", "orders.id as order_id", "orders.paid_at"])
    .where("orders.agent_id", "=", agentId)
    .where("orders.status", "in", ["paid", "flagged"])
    .where("order_items.item_type", "=", "service_plan")
    .where("order_items.refund_status", "is", null);
  if (clientId !== undefined) query = query.where("order_items.client_id", "=", clientId);
  const bought = new Map<string, Bought>();
  for (const r of await query.orderBy("orders.id").execute()) {
    const key = boughtKey(r.client_id, r.item_id);
    if (!bought.has(key)) bought.set(key, { order_id: r.order_id, paid_at: r.paid_at });
  }
  return bought;
}
