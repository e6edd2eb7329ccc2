/**
 * Checkout through Stripe, the demo payment page's calls, Stripe's webhook, and the agent's orders
 * (lib/contract/orders.ts).
 */
import Stripe from "stripe";
import { endpoints } from "../../lib/contract.js";
import { assertOwnId } from "../accounts/guard.js";
import { rawBody } from "../body.js";
import { ApiError } from "../http.js";
import type { Server } from "../serve.js";
import {
  cancelCheckout,
  cancelDemo,
  checkoutState,
  completeDemo,
  openCheckout,
  startCheckout,
  type Payments,
} from "./checkout.js";
import { getOrder, listOrders } from "./orders.js";
import { handleStripeEvent } from "./webhook.js";

/** The webhook reads the raw body (the signature covers its exact bytes): serve it before any JSON parser. */
export function stripeWebhookRoute(serve: Server, p: Payments, webhookSecret: string | null) {
  serve(
    endpoints.stripeWebhook,
    async ({ call }) => {
      const req = call.http!.req;
      if (!p.stripe || !webhookSecret)
        throw new ApiError(404, "webhook.off", "Stripe webhooks are off in the demo payment mode.");
      const signature = req.get("stripe-signature");
      if (!signature) throw new ApiError(400, "webhook.unsigned", "Missing Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        event = p.stripe.webhooks.constructEvent(req.body as Buffer, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new ApiError(400, "webhook.bad_signature", "Webhook signature verification failed.");
        }
        throw new ApiError(400, "webhook.unreadable", "The webhook body could not be read.");
      }
      return { received: true as const, result: await handleStripeEvent(p, event) };
    },
    { http: [rawBody(1024 * 1024)] },
  );
}

export function paymentRoutes(serve: Server, p: Payments) {
  const { db } = p;
  // 201 with a new checkout; 200 with the one already open (the cart is locked under it).
  serve(endpoints.createCheckout, async ({ caller, status }) => {
    const started = await startCheckout(p, caller.id);
    status(started.resumed ? 200 : 201);
    return started;
  });
  serve(endpoints.openCheckout, async ({ caller }) => openCheckout(p, caller.id));
  serve(endpoints.cancelCheckout, async ({ caller }) => cancelCheckout(p, caller.id));
  serve(endpoints.checkoutSessionWithoutId, async () => {
    throw new ApiError(400, "checkout.missing_id", "Missing session ID");
  });
  serve(endpoints.checkoutSession, async ({ caller, params }) => checkoutState(p, caller.id, params.id));
  serve(endpoints.demoComplete, async ({ caller, params }) => completeDemo(p, caller.id, params.id));
  serve(endpoints.demoCancel, async ({ caller, params }) => cancelDemo(p, caller.id, params.id));
  serve(endpoints.orders, async ({ caller, params }) => {
    assertOwnId(caller, params.agentId);
    return listOrders(db, params.agentId);
  });
  serve(endpoints.order, async ({ caller, params }) => getOrder(db, caller.id, params.id));
}
