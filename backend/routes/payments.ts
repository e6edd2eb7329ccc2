/**
 * stripe/create-checkout-session, stripe/checkout-session/:id, stripe/webhook, the demo payment
 * page's calls, and the order history (api/orders/agent/:agentId, api/orders/:id).
 */
import { Router } from "express";
import Stripe from "stripe";
import { idParam, sessionIdParam, type Order } from "../../lib/contract.js";
import { assertOwnAgentId, currentAgent, requireAuth } from "../auth.js";
import { rawBody } from "../body.js";
import { ApiError, handler, parse, send } from "../http.js";
import {
  cancelCheckout,
  cancelDemo,
  checkoutState,
  completeDemo,
  openCheckout,
  startCheckout,
  type Payments,
} from "../payments/checkout.js";
import { getOrder, listOrders } from "../payments/orders.js";
import { handleStripeEvent } from "../payments/webhook.js";

/** The webhook reads the raw body (the signature covers its exact bytes): mount before any JSON parser. */
export function stripeWebhookRoute(p: Payments, webhookSecret: string | null) {
  const router = Router();
  router.post(
    "/stripe/webhook",
    rawBody(1024 * 1024),
    handler(async (req, res) => {
      if (!p.stripe || !webhookSecret) throw new ApiError(404, "Stripe webhooks are off in the demo payment mode.");
      const signature = req.get("stripe-signature");
      if (!signature) throw new ApiError(400, "Missing Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        event = p.stripe.webhooks.constructEvent(req.body as Buffer, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new ApiError(400, "Webhook signature verification failed.");
        }
        throw new ApiError(400, "The webhook body could not be read.");
      }
      send(res, { received: true, result: await handleStripeEvent(p, event) });
    }),
  );
  return router;
}

export function paymentRoutes(p: Payments) {
  const { db } = p;
  const router = Router();
  router.use(
    [
      "/stripe/create-checkout-session",
      "/stripe/checkout-session",
      "/stripe/open-checkout",
      "/stripe/cancel-checkout",
      "/stripe/demo",
      "/api/orders",
    ],
    requireAuth(db),
  );

  // 201 with a new checkout; 200 with the one already open (the cart is locked under it).
  router.post(
    "/stripe/create-checkout-session",
    handler(async (req, res) => {
      const started = await startCheckout(p, currentAgent(req).id);
      send(res, started, started.resumed ? 200 : 201);
    }),
  );
  router.get(
    "/stripe/open-checkout",
    handler(async (req, res) => send(res, await openCheckout(p, currentAgent(req).id))),
  );
  router.post(
    "/stripe/cancel-checkout",
    handler(async (req, res) => send(res, await cancelCheckout(p, currentAgent(req).id))),
  );

  router.get(
    ["/stripe/checkout-session", "/stripe/checkout-session/:id"],
    handler(async (req, res) => {
      if (!req.params.id) throw new ApiError(400, "Missing session ID");
      const sessionId = parse(sessionIdParam, req.params.id, "id");
      send(res, await checkoutState(p, currentAgent(req).id, sessionId));
    }),
  );

  router.post(
    "/stripe/demo/complete/:id",
    handler(async (req, res) => {
      send(res, await completeDemo(p, currentAgent(req).id, parse(sessionIdParam, req.params.id, "id")));
    }),
  );
  router.post(
    "/stripe/demo/cancel/:id",
    handler(async (req, res) => {
      send(res, await cancelDemo(p, currentAgent(req).id, parse(sessionIdParam, req.params.id, "id")));
    }),
  );

  router.get(
    "/api/orders/agent/:agentId",
    handler(async (req, res) => {
      const agentId = parse(idParam, req.params.agentId, "agentId");
      assertOwnAgentId(req, agentId);
      send<Order[]>(res, await listOrders(db, agentId));
    }),
  );
  router.get(
    "/api/orders/:id",
    handler(async (req, res) => {
      send<Order>(res, await getOrder(db, currentAgent(req).id, parse(idParam, req.params.id, "id")));
    }),
  );
  return router;
}
