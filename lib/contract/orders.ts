/** Orders and their payment through Stripe's hosted checkout. */
import { z } from "zod";
import type { CartSession, ItemLine } from "./cart.js";
import { answer, endpoint } from "./endpoint.js";
import { idParam } from "./fields.js";

// ---- orders and payments ------------------------------------------------------

export const orderStatuses = ["pending", "paid", "failed", "expired", "canceled", "flagged"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What was bought, as it was when the checkout started, and whether it is due (or was given) a refund. */
export type OrderItem = ItemLine & {
  id: number;
  cart_item_id: number;
  refund_status: "due" | "refunded" | null;
  refund_reason: string | null;
  /** What its refund gives back (or gave): its price, or less (a session pack's unused credits, pro rata) */
  refund_minor: number;
  /** For a mentor session: when it is (or was) and what became of it; `canceled_at` when it was cancelled */
  session: (Omit<CartSession, "held_until"> & { canceled_at: string | null }) | null;
};

export type Order = {
  id: number;
  status: OrderStatus;
  mode: "stripe" | "demo";
  amount_minor: number;
  currency: string;
  items: OrderItem[];
  /** Sums of the items due a refund, and refunded */
  refund_due_minor: number;
  refunded_minor: number;
  created_at: string;
  paid_at: string | null;
  /** When its checkout closes (or closed) */
  expires_at: string | null;
};

/** `resumed`: the agent's checkout was already open, and this is it (one cart, one checkout). */
export type CheckoutStart = { order_id: number; session_id: string; url: string; resumed: boolean };

/** The agent's open checkout: while there is one, the cart is locked. */
export type OpenCheckout = {
  order_id: number;
  /** null while it is being opened */
  session_id: string | null;
  url: string | null;
  amount_minor: number;
  currency: string;
  expires_at: string | null;
};

/** paid, processing (an asynchronous payment method has not settled yet) or unpaid */
export type CheckoutSessionState = { payment: "paid" | "processing" | "unpaid"; order: Order };

export const sessionIdParam = z
  .string({ required_error: "Missing session ID" })
  .trim()
  .min(1, "Missing session ID")
  .max(255, "That is not a checkout session ID")
  .regex(/^[A-Za-z0-9_]+$/, "That is not a checkout session ID");

// ---- endpoints ------------------------------------------------------------------

const sessionId = { id: sessionIdParam };

export const orderEndpoints = {
  createCheckout: endpoint({
    method: "POST",
    path: "stripe/create-checkout-session",
    auth: ["agent"],
    summary: "Opens a checkout for the cart (201), or gives the one open (200)",
    answer: answer<CheckoutStart>(),
  }),
  openCheckout: endpoint({
    method: "GET",
    path: "stripe/open-checkout",
    auth: ["agent"],
    summary: "The agent's open checkout, or null",
    answer: answer<OpenCheckout | null>(),
  }),
  cancelCheckout: endpoint({
    method: "POST",
    path: "stripe/cancel-checkout",
    auth: ["agent"],
    summary: "Closes the open checkout (the cart is unlocked)",
    answer: answer<{ canceled: true; order_id: number }>(),
  }),
  checkoutSessionWithoutId: endpoint({
    method: "GET",
    path: "stripe/checkout-session",
    auth: ["agent"],
    summary: 'Always 400 "Missing session ID"',
    answer: answer<never>(),
  }),
  checkoutSession: endpoint({
    method: "GET",
    path: "stripe/checkout-session/:id",
    auth: ["agent"],
    summary: "A checkout's state, read from Stripe",
    params: sessionId,
    answer: answer<CheckoutSessionState>(),
  }),
  demoComplete: endpoint({
    method: "POST",
    path: "stripe/demo/complete/:id",
    auth: ["agent"],
    summary: "The demo payment page pays",
    params: sessionId,
    answer: answer<CheckoutSessionState>(),
  }),
  demoCancel: endpoint({
    method: "POST",
    path: "stripe/demo/cancel/:id",
    auth: ["agent"],
    summary: "The demo payment page gives up",
    params: sessionId,
    answer: answer<{ canceled: true }>(),
  }),
  orders: endpoint({
    method: "GET",
    path: "api/orders/agent/:agentId",
    auth: ["agent"],
    summary: "The agent's orders (its own id only)",
    params: { agentId: idParam },
    answer: answer<Order[]>(),
  }),
  order: endpoint({
    method: "GET",
    path: "api/orders/:id",
    auth: ["agent"],
    summary: "One order",
    params: { id: idParam },
    answer: answer<Order>(),
  }),
  stripeWebhook: endpoint({
    method: "POST",
    path: "stripe/webhook",
    auth: "public",
    summary: "Stripe's events, signed (404 in the demo payment mode)",
    raw: true,
    answer: answer<{ received: true; result: "handled" | "duplicate" | "ignored" }>(),
  }),
};
