/**
 * The one place the Stripe SDK is built: the spec's provider defaults made explicit, and
 * host, port and protocol from settings so that tests can point it at a local stand-in.
 */
import Stripe from "stripe";

export const STRIPE_API_VERSION = "2025-01-27.acacia" as const;

export function createStripe(opts: {
  secretKey: string;
  api?: { host?: string; port?: number; protocol?: "http" | "https" };
  /** A try's deadline (12 s; tests shorten it) */
  timeoutMs?: number;
}): Stripe {
  return new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // A deadline on every call (issue 21, point 5): 12 s a try, one retry (the SDK sends an idempotency key with
    // it), so a hung Stripe is a 503 within about 25 s, never a request that waits for minutes.
    timeout: opts.timeoutMs ?? 12_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(opts.api?.host ? { host: opts.api.host } : {}),
    ...(opts.api?.port ? { port: opts.api.port } : {}),
    ...(opts.api?.protocol ? { protocol: opts.api.protocol } : {}),
  });
}
