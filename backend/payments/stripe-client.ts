/**
 * The one place the Stripe SDK is built: the spec's provider defaults made explicit, and
 * host, port and protocol from settings so that tests can point it at a local stand-in.
 */
import Stripe from "stripe";

export const STRIPE_API_VERSION = "2025-01-27.acacia" as const;

export function createStripe(opts: {
  secretKey: string;
  api?: { host?: string; port?: number; protocol?: "http" | "https" };
}): Stripe {
  return new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: 80_000,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(opts.api?.host ? { host: opts.api.host } : {}),
    ...(opts.api?.port ? { port: opts.api.port } : {}),
    ...(opts.api?.protocol ? { protocol: opts.api.protocol } : {}),
  });
}
