/**
 * Refunds, per ordered item. An item is marked "due" in the same transaction as whatever made it so (a paid
 * item that could not be delivered, a cancelled paid session); then, outside any transaction, Stripe is
 * asked to refund it, once (idempotency key per item), and the item is marked "refunded". In the demo
 * payment mode, or when Stripe fails, it stays due for a person to settle, and the order says so.
 */
import { orderLineEvents } from "../clients/case-file.js";
import { refundNotice } from "./notices.js";
import type { Payments } from "./payments.js";

export async function settleRefunds(p: Payments, orderId: number): Promise<{ refunded: number; due: number }> {
  const due = await p.db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("refund_status", "=", "due")
    .execute();
  if (!due.length) return { refunded: 0, due: 0 };
  const order = await p.db
    .selectFrom("orders")
    .select(["mode", "checkout_session_id", "agent_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!p.stripe || order?.mode !== "stripe" || !order.checkout_session_id) return { refunded: 0, due: due.length };
  let refunded = 0;
  try {
    const session = await p.stripe.checkout.sessions.retrieve(order.checkout_session_id);
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) {
      p.logger.error({ orderId }, "refund due but the checkout has no payment intent; left due");
      return { refunded: 0, due: due.length };
    }
    for (const item of due) {
      const refund = await p.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: item.refund_minor ?? item.price_minor,
          metadata: { order_id: String(orderId), order_item_id: String(item.id) },
        },
        { idempotencyKey: `order-item-${item.id}-refund` },
      );
      const stamp = new Date().toISOString();
      await p.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable("order_items")
          .set({ refund_status: "refunded", refund_id: refund.id, refunded_at: stamp })
          .where("id", "=", item.id)
          .where("refund_status", "=", "due")
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 1) {
          await refundNotice(trx, orderId, [item.id], "done");
          await orderLineEvents(
            trx,
            [item],
            order.agent_id,
            "refund.done",
            (d) => `Refunded from order ${orderId}: ${d}`,
            `order:${orderId}`,
          );
        }
        if (item.item_type === "mentor_booking") {
          await trx
            .updateTable("mentor_bookings")
            .set({ refund_status: "refunded", updated_at: stamp })
            .where("id", "=", item.item_id)
            .where("refund_status", "=", "due")
            .execute();
        }
      });
      refunded++;
      p.logger.info?.({ orderId, item: item.id, refund: refund.id, amount: item.refund_minor ?? item.price_minor }, "refunded");
    }
  } catch (error) {
    // What is not refunded stays due for a person to finish.
    p.logger.error({ err: error instanceof Error ? error.message : String(error), orderId }, "refund failed; left due");
  }
  return { refunded, due: due.length - refunded };
}
