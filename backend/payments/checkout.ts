/**
 * Starting, resuming, cancelling and reading a checkout, with Stripe's hosted Checkout or, in the demo
 * payment mode, the portal's own stand-in page. Both go through the same orders and fulfilment.
 *
 * The rules (decision 005): an agent has at most one open checkout (the database allows one pending order
 * per agent); while it is open the cart is locked; a checkout the payment provider may already have taken
 * is never replaced: it is asked first, and fulfilled if it was paid.
 */
import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type Stripe from "stripe";
import type { CartItem, CheckoutSessionState, CheckoutStart, OpenCheckout } from "../../lib/contract.js";
import { isUniqueViolation } from "../db/errors.js";
import type { OrdersTable } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { lockAgent, openOrderOf } from "../holds/cart-lock.js";
import { ApiError } from "../http.js";
import { listCart } from "./cart.js";
import { closeOrder, endOrderHolds, fulfilOrder, orderBySession, toOrder } from "./orders.js";
import type { Payments } from "./payments.js";
import { settleRefunds } from "./refunds.js";
import { stripeFailure } from "./stripe-errors.js";

export type { Payments };

type OrderRow = Selectable<OrdersTable>;

export const PAYMENT_IN_PROGRESS =
  "A payment for this cart is already in progress. Wait for it to finish, then look at your orders.";
const BEING_OPENED = "A checkout for this cart is being opened. Please wait a moment, then try again.";
/** How long an order may wait for its checkout session before it counts as abandoned (the process died). */
const OPENING_GRACE_MS = 2 * 60_000;

/** Where the payment provider says a checkout stands. */
type ProviderState =
  | { state: "open" }
  | { state: "paid"; amount_minor: number | null; currency: string | null }
  | { state: "processing" }
  | { state: "expired" };

async function providerState(p: Payments, order: OrderRow, now = new Date()): Promise<ProviderState> {
  if (order.mode === "demo" || !p.stripe || !order.checkout_session_id) {
    return order.expires_at && Date.parse(order.expires_at) <= now.getTime() ? { state: "expired" } : { state: "open" };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await p.stripe.checkout.sessions.retrieve(order.checkout_session_id);
  } catch (error) {
    throw stripeFailure(error, p.logger);
  }
  return sessionState(session);
}

function sessionState(session: Stripe.Checkout.Session): ProviderState {
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    return { state: "paid", amount_minor: session.amount_total, currency: session.currency };
  }
  if (session.status === "complete") return { state: "processing" };
  if (session.status === "expired") return { state: "expired" };
  return { state: "open" };
}

/** Fulfils a paid order in one transaction, then settles any refund it left due. */
export async function fulfil(p: Payments, orderId: number, paid: { amount_minor: number | null; currency: string | null }) {
  const outcome = await p.db.transaction().execute((trx) => fulfilOrder(trx, orderId, paid, p.logger, p.company?.() ?? ""));
  if (outcome.refundsDue) await settleRefunds(p, orderId);
  return outcome;
}

/** An order whose checkout ended unpaid: closed, and its holds released (expired) or kept (canceled, failed). */
async function endOrder(p: Payments, orderId: number, status: "expired" | "canceled" | "failed") {
  await p.db.transaction().execute(async (trx) => {
    if (await closeOrder(trx, orderId, status)) await endOrderHolds(trx, orderId, status === "expired");
  });
}

/**
 * Brings a pending order up to date with its payment provider: still open (returned), or paid (fulfilled),
 * in progress, or expired (closed). Throws 409 when the provider has taken it.
 */
async function settle(p: Payments, order: OrderRow, now = new Date()): Promise<OrderRow | null> {
  if (!order.checkout_session_id) {
    if (now.getTime() - Date.parse(order.created_at) < OPENING_GRACE_MS)
      throw new Conflict("checkout.being_opened", BEING_OPENED);
    // Its start never finished (the process stopped before the provider answered): nobody can have paid it.
    await endOrder(p, order.id, "failed");
    return null;
  }
  const s = await providerState(p, order, now);
  switch (s.state) {
    case "open":
      return order;
    case "paid":
      await fulfil(p, order.id, s);
      throw new Conflict("checkout.cart_paid", `This cart has just been paid: see order #${order.id}.`);
    case "processing":
      throw new Conflict("checkout.in_progress", PAYMENT_IN_PROGRESS);
    case "expired":
      await endOrder(p, order.id, "expired");
      return null;
  }
}

/**
 * Starts the checkout of the caller's cart, or resumes the one already open (the cart cannot have
 * changed under it). Never opens a second checkout over the same cart.
 */
export async function startCheckout(p: Payments, agentId: number, now = new Date()): Promise<CheckoutStart> {
  const existing = await openOrderOf(p.db, agentId);
  if (existing) {
    const open = await settle(p, existing, now);
    if (open) return { order_id: open.id, session_id: open.checkout_session_id!, url: open.checkout_url!, resumed: true };
  }
  const expiresAt = new Date(now.getTime() + p.checkoutExpiryMinutes * 60_000);
  const { orderId, items } = await createOrder(p, agentId, now, expiresAt);

  let session: { id: string; url: string };
  if (p.stripe) {
    try {
      const created = await p.stripe.checkout.sessions.create(sessionParams(p, agentId, orderId, items, expiresAt), {
        idempotencyKey: `order-${orderId}-checkout`,
      });
      if (!created.url) throw new ApiError(502, "payments.no_address", "The payment provider gave no checkout address.");
      session = { id: created.id, url: created.url };
    } catch (error) {
      await endOrder(p, orderId, "failed");
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
  return { order_id: orderId, session_id: session.id, url: session.url, resumed: false };
}

/** Snapshots the cart as a pending order under the cart lock; its held sessions stay held while it is open. */
async function createOrder(
  p: Payments,
  agentId: number,
  now: Date,
  expiresAt: Date,
): Promise<{ orderId: number; items: CartItem[] }> {
  try {
    return await p.db.transaction().execute(async (trx) => {
      await lockAgent(trx, agentId);
      if (await openOrderOf(trx, agentId)) throw new Conflict("checkout.being_opened", BEING_OPENED);
      const cart = await listCart(trx, agentId);
      if (!cart.length) throw new Invalid("cart.empty", "Your cart is empty: add something for a client first.");
      const gone = cart.find((i) => !i.offered);
      if (gone)
        throw new Conflict(
          "cart.item_withdrawn",
          `${gone.description} is no longer offered: remove it from the cart to pay for the rest.`,
        );
      const currencies = new Set(cart.map((i) => i.currency));
      if (currencies.size > 1) {
        throw new Invalid(
          "cart.mixed_currencies",
          `Your cart mixes currencies (${[...currencies].join(", ")}): remove the items in all but one to pay.`,
        );
      }
      const stamp = now.toISOString();
      const { id } = await trx
        .insertInto("orders")
        .values({
          agent_id: agentId,
          status: "pending",
          mode: p.stripe ? "stripe" : "demo",
          amount_minor: cart.reduce((sum, i) => sum + i.price_minor, 0),
          currency: cart[0]!.currency,
          checkout_session_id: null,
          checkout_url: null,
          flag_reason: null,
          created_at: stamp,
          updated_at: stamp,
          paid_at: null,
          expires_at: expiresAt.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          cart.map((i, position) => ({
            order_id: id,
            position,
            cart_item_id: i.id,
            client_id: i.client_id,
            client_name: i.client_name,
            item_type: i.item_type,
            item_id: i.item_id,
            description: i.description,
            price_minor: i.price_minor,
            currency: i.currency,
          })),
        )
        .execute();
      // The cart's held sessions are kept for as long as the checkout can be paid, and no longer swept; but only
      // as long as their first checkout could be (`hold_limit`): a checkout cancelled and opened again, and again,
      // would otherwise keep a slot from everyone for ever. A hold that has lapsed is not revived.
      const bookingIds = cart.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
      if (bookingIds.length) {
        const until = expiresAt.toISOString();
        const kept = await trx
          .updateTable("mentor_bookings")
          .set({
            order_id: id,
            hold_limit: sql<string>`coalesce(hold_limit, ${until})`,
            held_until: sql<string>`case when hold_limit is not null and hold_limit < ${until} then hold_limit else ${until} end`,
            updated_at: stamp,
          })
          .where("id", "in", bookingIds)
          .where("status", "=", "held")
          .where("held_until", ">", stamp)
          .executeTakeFirst();
        if (Number(kept.numUpdatedRows) !== bookingIds.length) {
          throw new Conflict(
            "cart.hold_released",
            "A held mentor session in your cart has just been released. Remove it and book again, then pay.",
          );
        }
      }
      return { orderId: id, items: cart };
    });
  } catch (error) {
    // Two starts at once: the database let one pending order in.
    if (isUniqueViolation(error)) throw new Conflict("checkout.being_opened", BEING_OPENED);
    throw error;
  }
}

/** The Checkout Session for an order, from the cart items it was just made of (in order_items' order). */
function sessionParams(
  p: Payments,
  agentId: number,
  orderId: number,
  items: CartItem[],
  expiresAt: Date,
): Stripe.Checkout.SessionCreateParams {
  return {
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
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  };
}

/** The caller's open checkout, if any (the cart shows it and offers to continue or cancel it). */
export async function openCheckout(p: Payments, agentId: number): Promise<OpenCheckout | null> {
  const order = await openOrderOf(p.db, agentId);
  if (!order) return null;
  return {
    order_id: order.id,
    session_id: order.checkout_session_id,
    url: order.checkout_url,
    amount_minor: order.amount_minor,
    currency: order.currency,
    expires_at: order.expires_at,
  };
}

/**
 * "Cancel payment": closes the caller's open checkout so the cart can change again. A Stripe session is
 * expired first; if Stripe refuses because it was completed meanwhile, it is fulfilled (or left to finish),
 * and the answer says so.
 */
export async function cancelCheckout(p: Payments, agentId: number): Promise<{ canceled: true; order_id: number }> {
  const order = await openOrderOf(p.db, agentId);
  if (!order) throw new Conflict("checkout.none_open", "There is no payment in progress for your cart.");
  if (order.mode === "stripe" && p.stripe && order.checkout_session_id) {
    try {
      await p.stripe.checkout.sessions.expire(order.checkout_session_id);
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open: ask it where the session stands.
      const s = await providerState(p, order);
      if (s.state === "paid") {
        await fulfil(p, order.id, s);
        throw new Conflict("checkout.already_paid", `This payment has already gone through: order #${order.id} is paid.`);
      }
      if (s.state === "processing") throw new Conflict("checkout.in_progress", PAYMENT_IN_PROGRESS);
      if (s.state === "open") throw stripeFailure(error, p.logger);
      await endOrder(p, order.id, "expired");
      return { canceled: true, order_id: order.id };
    }
  } else if (!order.checkout_session_id && Date.now() - Date.parse(order.created_at) < OPENING_GRACE_MS) {
    throw new Conflict("checkout.being_opened", BEING_OPENED);
  }
  await endOrder(p, order.id, "canceled");
  return { canceled: true, order_id: order.id };
}

/**
 * Open checkouts past their end whose news never came (a lost webhook): asked of the provider and
 * settled. Run by the server's sweep; several instances may run it at once (every step is guarded).
 */
export async function reconcileLapsedCheckouts(p: Payments, now = new Date(), graceMs = 5 * 60_000): Promise<number> {
  // A demo checkout ends at its time; a Stripe one is given a few minutes for its webhook first.
  const lapsed = (
    await p.db
      .selectFrom("orders")
      .selectAll()
      .where("status", "=", "pending")
      .where("expires_at", "<=", now.toISOString())
      .limit(50)
      .execute()
  ).filter((o) => o.mode === "demo" || Date.parse(o.expires_at!) <= now.getTime() - graceMs);
  for (const order of lapsed) {
    try {
      await settle(p, order, now);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
  return lapsed.length;
}

/** The caller's own order by its session id: another agent's is "not found", as is an unknown one. */
async function ownOrder(p: Payments, agentId: number, sessionId: string) {
  const order = await orderBySession(p.db, sessionId);
  if (!order || order.agent_id !== agentId) throw new NotFound("checkout.not_found", "No such checkout session.");
  return order;
}

/** Where a checkout stands; a paid Stripe session is fulfilled here too, in case its webhook is late. */
export async function checkoutState(p: Payments, agentId: number, sessionId: string): Promise<CheckoutSessionState> {
  const order = await ownOrder(p, agentId, sessionId);
  let payment: CheckoutSessionState["payment"] = order.status === "paid" ? "paid" : "unpaid";
  if (order.mode === "stripe" && p.stripe && order.status === "pending") {
    const s = await providerState(p, order);
    if (s.state === "paid") await fulfil(p, order.id, s);
    else if (s.state === "processing") payment = "processing";
  }
  const fresh = await p.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  if (fresh.status === "paid") payment = "paid";
  return { payment, order: await toOrder(p.db, fresh) };
}

function demoOnly(p: Payments) {
  if (p.stripe) throw new NotFound("checkout.demo_off", "The demo payment page is off: payments go through Stripe.");
}

/** The demo payment page's "Pay": the same fulfilment a paid Stripe session gets, until the checkout expires. */
export async function completeDemo(p: Payments, agentId: number, sessionId: string, now = new Date()) {
  demoOnly(p);
  const order = await ownOrder(p, agentId, sessionId);
  if (order.status === "pending" && order.expires_at && Date.parse(order.expires_at) <= now.getTime()) {
    await endOrder(p, order.id, "expired");
    throw new Conflict("checkout.expired", "This checkout has expired. Start a new one from the cart.");
  }
  if (order.status !== "pending" && order.status !== "paid") {
    throw new Conflict("checkout.closed", "This checkout is no longer open. Start a new one from the cart.");
  }
  await fulfil(p, order.id, { amount_minor: order.amount_minor, currency: order.currency });
  return checkoutState(p, agentId, sessionId);
}

/** The demo payment page's "Cancel": the order ends, the cart stays as it was. A paid one cannot be cancelled. */
export async function cancelDemo(p: Payments, agentId: number, sessionId: string) {
  demoOnly(p);
  const order = await ownOrder(p, agentId, sessionId);
  if (order.status === "paid" || order.status === "flagged") {
    throw new Conflict("checkout.paid_not_cancelled", "This checkout has already been paid, so it cannot be cancelled.");
  }
  await endOrder(p, order.id, "canceled");
  return { canceled: true as const };
}
