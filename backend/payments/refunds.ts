/** A cancelled paid booking's refund: through Stripe where it is configured, otherwise marked as due. */
import type { Booking } from "../../lib/contract.js";
import type { Payments } from "./checkout.js";

export async function refundBooking(p: Payments, booking: Booking): Promise<"refunded" | "due"> {
  if (!p.stripe || !booking.order_id) return "due";
  const order = await p.db.selectFrom("orders").select(["mode", "checkout_session_id"]).where("id", "=", booking.order_id).executeTakeFirst();
  if (!order || order.mode !== "stripe" || !order.checkout_session_id) return "due";
  try {
    const session = await p.stripe.checkout.sessions.retrieve(order.checkout_session_id);
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) return "due";
    await p.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: booking.price_minor, metadata: { booking_id: String(booking.id) } },
      { idempotencyKey: `booking-${booking.id}-refund` },
    );
    return "refunded";
  } catch (error) {
    // The cancellation stands; the refund stays due for a person to finish.
    p.logger.error({ err: error instanceof Error ? error.message : String(error), booking: booking.id }, "refund failed; left due");
    return "due";
  }
}
