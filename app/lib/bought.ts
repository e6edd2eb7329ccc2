import type { Order } from "../../lib/contract";

/**
 * What each client already has: for every paid (or under review) order's item not refunded, the key
 * `client:type:item` → the order it was bought in. The plans page and the cart warn before buying it twice.
 */
export function boughtBefore(orders: Order[]): Record<string, { order_id: number; paid_at: string | null }> {
  const bought: Record<string, { order_id: number; paid_at: string | null }> = {};
  for (const o of orders) {
    if (o.status !== "paid" && o.status !== "flagged") continue;
    for (const i of o.items) {
      if (i.item_type !== "service_plan" || i.refund_status) continue;
      bought[boughtKey(i.client_id, i.item_type, i.item_id)] ??= { order_id: o.id, paid_at: o.paid_at };
    }
  }
  return bought;
}

export const boughtKey = (clientId: number, itemType: string, itemId: number) => `${clientId}:${itemType}:${itemId}`;
