/**
 * Starting a checkout and reading its state, with Stripe's hosted Checkout or, in the demo
 * payment mode, the portal's own stand-in page. Both go through the same orders and fulfilment.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { CheckoutSessionState, CheckoutStart, OrderItem } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { listCart } from "../services/cart.js";
import { closeOrder, fulfilOrder, orderBySession, toOrder, type Logger } from "./orders.js";
import { stripeFailure } from "./stripe-errors.js";

export type Payments = {
  db: Kysely<Database>;
  /** null in the demo payment mode */
  stripe: Stripe | null;
  publicUrl: string;
  checkoutExpiryMinutes: number;
  logger: Logger & { error(obj: object, msg?: string): void };
};

/** Takes the caller's own cart, snapshots it as a pending order, and opens a checkout for it. */
export async function startCheckout(p: Payments, agentId: number): Promise<CheckoutStart> {
  const cart = await listCart(p.db, agentId);
  if (!cart.length) throw new ApiError(400, "Your cart is empty: add something for a client first.");
  const currencies = new Set(cart.map((i) => i.currency));
  if (currencies.size > 1) {
    throw new ApiError(400, `Your cart mixes currencies (${[...currencies].join(", ")}): remove the items in all but one to pay.`);
  }
  const currency = cart[0]!.currency;
  const items: OrderItem[] = cart.map((i) => ({
    cart_item_id: i.id,
    client_id: i.client_id,
    client_name: i.client_name,
    item_type: i.item_type,
    item_id: i.item_id,
    description: i.description,
    price_minor: i.price_minor,
    currency: i.currency,
  }));

  // One open checkout per agent: an earlier one is closed, so the same items cannot be paid twice.
  await closeOpenCheckouts(p, agentId);

  const now = new Date().toISOString();
  const { id: orderId } = await p.db
    .insertInto("orders")
    .values({
      agent_id: agentId,
      status: "pending",
      mode: p.stripe ? "stripe" : "demo",
      amount_minor: items.reduce((sum, i) => sum + i.price_minor, 0),
      currency,
      items: JSON.stringify(items),
      checkout_session_id: null,
      checkout_url: null,
      flag_reason: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  let session: { id: string; url: string };
  if (p.stripe) {
    try {
      const created = await p.stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: items.map((i) => ({
            quantity: 1,
            price_data: {
              currency: i.currency.toLowerCase(),
              unit_amount: i.price_minor,
              product_data: { name: i.description, metadata: { client: i.client_name, item_type: i.item_type } },
            },
          })),
          client_reference_id: String(orderId),
          metadata: { order_id: String(orderId), agent_id: String(agentId) },
          success_url: `${p.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${p.publicUrl}/cart`,
          expires_at: Math.floor(Date.now() / 1000) + p.checkoutExpiryMinutes * 60,
        },
        { idempotencyKey: `order-${orderId}-checkout` },
      );
      if (!created.url) throw new ApiError(502, "The payment provider gave no checkout address.");
      session = { id: created.id, url: created.url };
    } catch (error) {
      await closeOrder(p.db, orderId, "failed");
      if (error instanceof ApiError) throw error;
      throw stripeFailure(error, p.logger);
    }
  } else {
    const id = `demo_cs_${randomBytes(16).toString("hex")}`;
    session = { id, url: `${p.publicUrl}/payment/demo/${id}` };
  }
  await p.db
    .updateTable("orders")
    .set({ checkout_session_id: session.id, checkout_url: session.url, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .execute();
  return { order_id: orderId, session_id: session.id, url: session.url };
}

async function closeOpenCheckouts(p: Payments, agentId: number) {
  const open = await p.db
    .selectFrom("orders")
    .select(["id", "mode", "checkout_session_id"])
    .where("agent_id", "=", agentId)
    .where("status", "=", "pending")
    .execute();
  for (const order of open) {
    if (order.mode === "stripe" && p.stripe && order.checkout_session_id) {
      try {
        await p.stripe.checkout.sessions.expire(order.checkout_session_id);
      } catch {
        // Already complete or expired: its webhook decides the order's fate.
        continue;
      }
    }
    await closeOrder(p.db, order.id, order.mode === "demo" ? "canceled" : "expired");
  }
}

/** The caller's own order by its session id: another agent's is "not found", as is an unknown one. */
async function ownOrder(p: Payments, agentId: number, sessionId: string) {
  const order = await orderBySession(p.db, sessionId);
  if (!order || order.agent_id !== agentId) throw new ApiError(404, "No such checkout session.");
  return order;
}

/** Where a checkout stands; a paid Stripe session is fulfilled here too, in case its webhook is late. */
export async function checkoutState(p: Payments, agentId: number, sessionId: string): Promise<CheckoutSessionState> {
  const order = await ownOrder(p, agentId, sessionId);
  let payment: CheckoutSessionState["payment"] = order.status === "paid" ? "paid" : "unpaid";
  if (order.mode === "stripe" && p.stripe && order.status === "pending") {
    let session: Stripe.Checkout.Session;
    try {
      session = await p.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      throw stripeFailure(error, p.logger);
    }
    if (session.payment_status === "paid") {
      await p.db.transaction().execute((trx) =>
        fulfilOrder(trx, order.id, { amount_minor: session.amount_total, currency: session.currency }, p.logger),
      );
    } else if (session.status === "complete") {
      payment = "processing";
    }
  }
  const fresh = await p.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  if (fresh.status === "paid") payment = "paid";
  return { payment, order: toOrder(fresh) };
}

/** The demo payment page's "Pay": the same fulfilment a paid Stripe session gets. */
export async function completeDemo(p: Payments, agentId: number, sessionId: string) {
  if (p.stripe) throw new ApiError(404, "The demo payment page is off: payments go through Stripe.");
  const order = await ownOrder(p, agentId, sessionId);
  if (order.status !== "pending" && order.status !== "paid") {
    throw new ApiError(409, "This checkout is no longer open. Start a new one from the cart.");
  }
  await p.db.transaction().execute((trx) =>
    fulfilOrder(trx, order.id, { amount_minor: order.amount_minor, currency: order.currency }, p.logger),
  );
  return checkoutState(p, agentId, sessionId);
}

/** The demo payment page's "Cancel": the order ends, the cart stays as it was. */
export async function cancelDemo(p: Payments, agentId: number, sessionId: string) {
  if (p.stripe) throw new ApiError(404, "The demo payment page is off: payments go through Stripe.");
  const order = await ownOrder(p, agentId, sessionId);
  await closeOrder(p.db, order.id, "canceled");
  return { canceled: true as const };
}
