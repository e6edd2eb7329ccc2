/** Stripe's error kinds as clear answers: never a stack trace, never a key. */
import Stripe from "stripe";
import { Conflict } from "../errors.js";
import { ApiError } from "../http.js";

type Logger = { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

export function stripeFailure(error: unknown, logger: Logger): ApiError | Conflict {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const log = { stripe: { type: error.type, code: error.code, requestId: error.requestId, status: error.statusCode } };
  if (error instanceof Stripe.errors.StripeCardError) {
    return new ApiError(402, "payments.card_declined", error.message || "The card was declined.");
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    logger.warn(log, "Stripe rate limit");
    return new ApiError(503, "payments.busy", "The payment provider is busy. Please try again in a minute.");
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    logger.warn(log, "Stripe unreachable or failing");
    return new ApiError(502, "payments.unreachable", "We could not reach the payment provider. Please try again.");
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    logger.error(log, "Stripe idempotency conflict");
    return new Conflict("payments.idempotency", "This checkout was already started with other details. Please try again.");
  }
  // Authentication, permission, invalid request and the rest are ours to fix, not the agent's.
  logger.error(log, "Stripe refused a request");
  return new ApiError(502, "payments.unavailable", "Payments are not available right now. Please try again later.");
}
