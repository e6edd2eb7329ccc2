/**
 * The API (spec §7), as an Express router mounted at /backend by server.ts.
 * It owns the data; it never imports the portal.
 */
import express, { Router } from "express";
import { CLIENT_IP_HEADER, verifyClientIp } from "../lib/client-ip.js";
import type { PaymentsSettings } from "../lib/env.server.js";
import type { Db } from "./db/connection.js";
import { errorHandler, notFound, guardInput } from "./http.js";
import { reconcileLapsedCheckouts, type Payments } from "./payments/checkout.js";
import { createStripe } from "./payments/stripe-client.js";
import { createLimiter, createLoginLimiter, type LoginLimitSettings } from "./rate-limit.js";
import { agentRoutes } from "./routes/agent.js";
import { cartRoutes } from "./routes/cart.js";
import { catalogueRoutes } from "./routes/catalogue.js";
import { clientRoutes } from "./routes/clients.js";
import { contactRoutes } from "./routes/contact.js";
import { dashboardRoutes } from "./routes/dashboard.js";
import { mentorRoutes } from "./routes/mentors.js";
import { officeRoutes } from "./routes/office.js";
import { paymentRoutes, stripeWebhookRoute } from "./routes/payments.js";
import { defaultBookingRules, type BookingRules } from "./services/bookings.js";
import { releaseExpiredHolds } from "./services/holds.js";

export type ApiDeps = {
  database: Db;
  tokenTtlDays: number;
  loginLimit: LoginLimitSettings;
  /** Contact messages allowed per IP per hour */
  contactLimitPerHour?: number;
  logger: {
    error(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    info?(obj: object, msg?: string): void;
  };
  payments: PaymentsSettings;
  bookings?: Partial<BookingRules>;
  /** Where browsers reach the portal (Stripe's success and cancel addresses) */
  publicUrl: string;
  /** The secret the portal signs visitors' addresses with (lib/client-ip.ts) */
  clientIpSecret: string;
};

/**
 * The API's router, and its background work: `sweep()` releases lapsed mentor holds and settles open
 * checkouts whose end passed without news from the payment provider. The server runs it every minute.
 */
export async function createApi(deps: ApiDeps): Promise<Router & { sweep(): Promise<void> }> {
  const { db } = deps.database;
  const limiter = await createLoginLimiter(deps.database, deps.loginLimit);
  // The one sign-in page tries an agent's account, then a staff account: each has its own counters, so a wrong
  // password counts once in each, never twice in one.
  const officeLimiter = await createLoginLimiter(deps.database, deps.loginLimit, "office_login");
  const contactLimiter = createLimiter(deps.database, "contact_ip", deps.contactLimitPerHour ?? 5, 3600);
  const payments: Payments = {
    db,
    stripe: deps.payments.mode === "stripe" ? createStripe(deps.payments) : null,
    publicUrl: deps.publicUrl,
    checkoutExpiryMinutes: deps.payments.checkoutExpiryMinutes,
    logger: deps.logger,
  };
  const api = Router();
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // The visitor's address for the per-address limits: the portal's signed word, else the connection's.
  api.use((req, _res, next) => {
    // An in-process call has no connection: the portal's signed word is all there is.
    req.clientIp =
      verifyClientIp(deps.clientIpSecret, req.get(CLIENT_IP_HEADER)) ?? (req.socket ? req.ip : undefined) ?? "unknown";
    next();
  });
  api.use(stripeWebhookRoute(payments, deps.payments.mode === "stripe" ? deps.payments.webhookSecret : null));
  api.use(express.json({ limit: "100kb" }));
  api.use(guardInput());
  api.use(agentRoutes({ db, limiter, tokenTtlDays: deps.tokenTtlDays }));
  api.use(
    officeRoutes({
      db,
      limiter: officeLimiter,
      agentLimiter: limiter,
      tokenTtlDays: deps.tokenTtlDays,
      publicUrl: deps.publicUrl,
      payments,
      cancelCutoffHours: { ...defaultBookingRules, ...deps.bookings }.cancelCutoffHours,
    }),
  );
  api.use(contactRoutes({ db, limiter: contactLimiter }));
  api.use(clientRoutes({ db }));
  api.use(catalogueRoutes({ db }));
  api.use(cartRoutes({ db }));
  api.use(dashboardRoutes({ db }));
  api.use(paymentRoutes(payments));
  api.use(mentorRoutes(payments, { ...defaultBookingRules, ...deps.bookings }));
  api.use(notFound());
  api.use(errorHandler(deps.logger));
  return Object.assign(api, {
    async sweep() {
      await releaseExpiredHolds(db);
      await reconcileLapsedCheckouts(payments);
    },
  });
}
