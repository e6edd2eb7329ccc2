/**
 * What the payment code works with: the database, Stripe (or none, in the demo mode) and the portal's address. A
 * module of its own, so that the checkout and the refunds it settles (./refunds.ts) each import it, and not each other.
 */
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "../db/schema.js";
import type { Logger } from "./orders.js";

export type Payments = {
  db: Kysely<Database>;
  /** null in the demo payment mode */
  stripe: Stripe | null;
  publicUrl: string;
  checkoutExpiryMinutes: number;
  logger: Logger;
  /** The firm's name now, for the agreements a payment sends (issue 40) */
  company?: () => string;
  /** Commission payouts go as Stripe Connect transfers (STRIPE_CONNECT=on, issue 41) */
  connect?: boolean;
};
