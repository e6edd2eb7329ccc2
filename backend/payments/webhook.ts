/**
 * Stripe's events for our checkouts. Each event is recorded by id in the same transaction as its
 * effect: a replay finds it and changes nothing, and a failure leaves no record, so Stripe retries.
 */
import type Stripe from "stripe";
import { closeOrder, endOrderHolds, fulfilOrder, orderBySession } from "./orders.js";
import type { Payments } from "./payments.js";
import { settleRefunds } from "./refunds.js";

const handled = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

export async function handleStripeEvent(p: Payments, event: Stripe.Event): Promise<"handled" | "duplicate" | "ignored"> {
  if (!handled.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  let refundOrder: number | null = null;
  const result = await p.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("stripe_events")
      .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "duplicate";

    const order = await orderBySession(trx, session.id);
    if (!order) {
      p.logger.warn({ event: event.id, session: session.id }, "Stripe event for a session we do not know");
      return "ignored";
    }
    const paid = { amount_minor: session.amount_total, currency: session.currency };
    const fulfil = async () => {
      if ((await fulfilOrder(trx, order.id, paid, p.logger, p.company?.() ?? "")).refundsDue) refundOrder = order.id;
    };
    switch (event.type) {
      case "checkout.session.completed":
        // Card payments are paid at completion; delayed methods settle later (async_payment_*).
        if (session.payment_status === "paid") await fulfil();
        break;
      case "checkout.session.async_payment_succeeded":
        await fulfil();
        break;
      case "checkout.session.async_payment_failed":
        // The cart stays as it was, its held sessions too: the agent may pay another way.
        if (await closeOrder(trx, order.id, "failed")) await endOrderHolds(trx, order.id, false);
        break;
      case "checkout.session.expired":
        if (await closeOrder(trx, order.id, "expired")) await endOrderHolds(trx, order.id, true);
        break;
    }
    return "handled" as const;
  });
  // Refunds are asked of Stripe once the fulfilment is committed; what fails stays due.
  if (refundOrder !== null) await settleRefunds(p, refundOrder);
  return result;
}
