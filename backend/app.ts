/**
 * The API (spec §7), as an Express router mounted at /backend by server.ts.
 * It owns the data; it never imports the portal.
 */
import { Router } from "express";
import { logoPath } from "../lib/business.js";
import { CLIENT_IP_HEADER, verifyClientIp } from "../lib/client-ip.js";
import type { PaymentsSettings } from "../lib/env.server.js";
import { serviceTextDefaults } from "../lib/i18n/index.js";
import type { BookingRules } from "../lib/rules.js";
import type { CalendarSettings } from "../lib/settings.js";
import { factorMissing, type FactorKind } from "./accounts/factors.js";
import { sweepPasskeyChallenges } from "./accounts/passkeys.js";
import { accountRoutes } from "./accounts/routes.js";
import { sealingKey } from "./accounts/sealed.js";
import { securityRoutes } from "./accounts/security-routes.js";
import { jsonBody } from "./body.js";
import { defaultBookingRules } from "./bookings/bookings.js";
import { calendarDelivery } from "./bookings/calendar-event.js";
import { remindExpiringCredits } from "./bookings/credit-notices.js";
import { expireCredits } from "./bookings/credits.js";
import { feedRoutes } from "./bookings/feed-routes.js";
import { lapseMoveRequests } from "./bookings/moves.js";
import { queueReminders } from "./bookings/notices.js";
import { mentorRoutes } from "./bookings/routes.js";
import { logoBox } from "./business/logo.js";
import { businessRoutes } from "./business/routes.js";
import { businessDefaults, LiveBusiness } from "./business/settings.js";
import { calendarRoutes } from "./calendars/routes.js";
import { calendarDepsOf } from "./calendars/setup.js";
import { readDue } from "./calendars/sync.js";
import { packRoutes } from "./catalogue/pack-routes.js";
import { catalogueRoutes } from "./catalogue/routes.js";
import { clientAreaRoutes } from "./client-area/routes.js";
import { clientRoutes } from "./clients/routes.js";
import { commissionRoutes } from "./commissions/routes.js";
import { notifyUnreadMessages } from "./conversation/notices.js";
import { conversationRoutes } from "./conversation/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import type { Db } from "./db/connection.js";
import { noteExpiringDocuments } from "./documents/expiry.js";
import { remindRequests } from "./documents/requests.js";
import { documentRoutes } from "./documents/routes.js";
import type { FileStore } from "./files/store.js";
import { releaseExpiredHolds } from "./holds/holds.js";
import { errorHandler, notFound, guardInput } from "./http.js";
import type { InProcessApi } from "./in-process.js";
import { agreementNotices, questionnaireNotices } from "./intake/notices.js";
import { intakeRoutes } from "./intake/routes.js";
import { deliverDue } from "./mail/outbox.js";
import type { Mailer } from "./mail/transport.js";
import { mentoringRoutes } from "./mentoring/routes.js";
import { officeAccountRoutes } from "./office/account-routes.js";
import { officeCatalogueRoutes } from "./office/catalogue-routes.js";
import { officeRoutes } from "./office/routes.js";
import { cartRoutes } from "./payments/cart-routes.js";
import { reconcileLapsedCheckouts, type Payments } from "./payments/checkout.js";
import { resendPayouts } from "./payments/payouts.js";
import { settleRefunds } from "./payments/refunds.js";
import { paymentRoutes, stripeWebhookRoute } from "./payments/routes.js";
import { createStripe } from "./payments/stripe-client.js";
import { phoneDelivery } from "./phone/deliver.js";
import { messagingRoutes, twilioRoutes } from "./phone/routes.js";
import { createPhoneSender, type PhoneSettings } from "./phone/sender.js";
import { createLimiter, createLoginLimiter, type LoginLimitSettings } from "./rate-limit.js";
import { serveOn } from "./serve.js";
import { stageRoutes } from "./stages/routes.js";

export type MailTally = { reminders: number; sent: number; retried: number; failed: number; skipped: number };

export type ApiDeps = {
  database: Db;
  tokenTtlDays: number;
  loginLimit: LoginLimitSettings;
  /** Contact messages allowed per IP per hour */
  contactLimitPerHour?: number;
  /** Password reset requests allowed per IP per hour (and three per email) */
  forgotLimitPerHour?: number;
  /** Past an address's cap of reset and sign-in link mails, one more goes each this many seconds (600) */
  mailTrickleSeconds?: number;
  logger: {
    error(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    info?(obj: object, msg?: string): void;
  };
  payments: PaymentsSettings;
  bookings?: Partial<BookingRules>;
  /** The business settings' first values (the office's saved ones win): backend/business/settings.ts */
  site?: { phone: string; chatUrl: string; copyrightYear: number | null };
  /** Where browsers reach the portal (Stripe's success and cancel addresses) */
  publicUrl: string;
  /** How long a message of a client's conversation waits unread before the other side is e-mailed (600) */
  messageNotifyDelaySeconds?: number;
  /** The secret the portal signs visitors' addresses with (lib/client-ip.ts) */
  clientIpSecret: string;
  /** Seals the authenticators' keys (issue 67; backend/accounts/sealed.ts): FACTOR_KEY, else one from the session secret */
  factorKey?: string;
  /** Where clients' documents are kept (a folder or an S3 bucket: backend/files/store.ts) */
  files: FileStore;
  /** Uploads read at once, per agent and in all (each holds up to 10 MB): lib/body-limit.ts's bounds by default */
  uploads?: { perAgent: number; inAll: number };
  /** How messages by phone leave (Twilio, files, or not at all): backend/phone/sender.ts; off when not given */
  phone?: PhoneSettings;
  /** Mentors' own calendars (issue 69): off without a key */
  calendars?: CalendarSettings;
  /** How e-mail leaves (SMTP or files) and what it says of the consultancy; without it, the outbox only fills */
  mail?: {
    mailer: Mailer;
    from: string;
    staffInbox: string;
    company: { name: string; address: string };
    retrySeconds: number;
    maxAttempts: number;
    /** How long a claim holds a message (backend/mail/outbox.ts); longer than the mailer's time-outs */
    claimSeconds?: number;
  };
};

/**
 * The API's router, and its background work: `sweep()` releases lapsed mentor holds, settles open checkouts whose
 * end passed without news from the payment provider, and writes the timeline's warning of documents coming up to
 * their expiry. The server runs it every minute.
 */
export async function createApi(deps: ApiDeps): Promise<
  Router & {
    sweep(): Promise<void>;
    mailTick(opts?: { now?: Date; worker?: string }): Promise<MailTally>;
    /** The calendars' round: the connections due read again (server.ts runs it every few seconds) */
    calendarTick(opts?: { now?: Date }): Promise<{ read: number; broken: number; failed: number }>;
    /** What the in-process transport calls (backend/in-process.ts): the endpoints' table and what runs around them */
    inProcess: InProcessApi;
  }
> {
  const { db } = deps.database;
  const rules = { ...defaultBookingRules, ...deps.bookings };
  const company = deps.mail?.company ?? { name: "Waypoint Consultancy", address: "" };
  const business = new LiveBusiness(
    db,
    businessDefaults(
      {
        company,
        site: deps.site ?? { phone: "+1 555 010 0100", chatUrl: "https://wa.me/15550100100", copyrightYear: null },
        bookings: rules,
      },
      serviceTextDefaults(),
    ),
  );
  // The booking rules the owner sets, read live; the others (horizon, holds per mentor) stay the environment's.
  const liveRules: BookingRules = Object.defineProperties(
    { ...rules },
    {
      holdMinutes: { get: () => business.current.hold_minutes, enumerable: true },
      cancelCutoffHours: { get: () => business.current.cancel_cutoff_hours, enumerable: true },
      minNoticeHours: { get: () => business.current.min_notice_hours, enumerable: true },
    },
  );
  // The firm as its e-mails draw it: its name, address, colour and logo (at the portal's address) as the office set them.
  const liveCompany = () => {
    const v = business.current;
    const logo = v.brand_logo
      ? { url: `${deps.publicUrl.replace(/\/$/, "")}${logoPath(v.brand_logo)}`, ...logoBox(v.brand_logo) }
      : null;
    return { name: v.company_name, address: v.company_address, color: v.brand_color, logo };
  };
  // The business settings read afresh before each call. A database slow to answer does not hold a call for more than
  // a moment: it goes on with the settings last read, and its own queries say whether the database is there.
  const settingsRead = async () => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 250);
      timer.unref();
    });
    await Promise.race([business.refresh().catch(() => undefined), waited]);
    clearTimeout(timer);
  };
  // One set of sign-in counters for every kind: the portal's one sign-in asks once, whatever the kind.
  const limiter = await createLoginLimiter(deps.database, deps.loginLimit);
  const contactLimiter = createLimiter(deps.database, "contact_ip", deps.contactLimitPerHour ?? 5, 3600);
  const phoneSender = createPhoneSender(deps.phone ?? { mode: "off" });
  const payments: Payments = {
    db,
    stripe: deps.payments.mode === "stripe" ? createStripe(deps.payments) : null,
    publicUrl: deps.publicUrl,
    checkoutExpiryMinutes: deps.payments.checkoutExpiryMinutes,
    company: () => liveCompany().name,
    connect: deps.payments.mode === "stripe" && deps.payments.connect === true,
    logger: deps.logger,
  };
  const api = Router();
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // The visitor's address for the per-address limits: the portal's signed word, else the connection's.
  api.use((req, _res, next) => {
    req.clientIp = verifyClientIp(deps.clientIpSecret, req.get(CLIENT_IP_HEADER)) ?? req.ip ?? "unknown";
    next();
  });
  // Every endpoint of the contract (lib/contract/endpoints.ts), served with its guard and schemas.
  // The owner's rule (issue 67): a kind asked for a second factor reaches only its security page until it has one.
  const factorRequired = (kind: FactorKind) => business.current[`factor_${kind}`] === true;
  const mustSetUp = (who: { kind: string; id: number }) => factorMissing(db, who, factorRequired);
  const serve = serveOn(api, db, mustSetUp);
  stripeWebhookRoute(serve, payments, deps.payments.mode === "stripe" ? deps.payments.webhookSecret : null);
  const phone = {
    db,
    settings: deps.phone ?? { mode: "off" as const },
    publicUrl: deps.publicUrl,
    company: () => liveCompany().name,
  };
  twilioRoutes(serve, phone);
  api.use(jsonBody(100 * 1024));
  api.use(guardInput());
  // The business settings as saved now (at most a second old: another instance may have saved them), read after
  // the body (a refused body is answered as before).
  api.use((_req, _res, next) => void settingsRead().then(() => next()));
  const forgotLimiters = {
    byIp: createLimiter(deps.database, "forgot_ip", deps.forgotLimitPerHour ?? 10, 3600),
    // The mails, not the answers: three an hour for an address asked from one place, ten from everywhere.
    byPair: createLimiter(deps.database, "forgot_pair", 3, 3600),
    byEmail: createLimiter(deps.database, "forgot_mails", 10, 3600),
    // Past those ten, one more every ten minutes: the owner's inbox never waits longer for a fresh link.
    fresh: createLimiter(deps.database, "forgot_fresh", 1, deps.mailTrickleSeconds ?? 600),
  };
  const factorKey = sealingKey(deps.factorKey ?? deps.clientIpSecret);
  // Five wrong second-step codes for an account, then a quarter of an hour's wait (issue 67).
  const mfaLimiter = createLimiter(deps.database, "mfa_codes", 5, 900);
  accountRoutes(serve, {
    db,
    limiter,
    tokenTtlDays: deps.tokenTtlDays,
    publicUrl: deps.publicUrl,
    forgotLimiters,
    factorKey,
    mfaLimiter,
    // Each asks for a challenge kept five minutes: sixty in ten minutes from one address is more than anyone signs in.
    passkeyLimiter: createLimiter(deps.database, "passkey_ip", 60, 600),
    company: () => liveCompany().name,
    mustSetUp,
  });
  securityRoutes(serve, { db, factorKey, company: () => liveCompany().name, publicUrl: deps.publicUrl });
  officeRoutes(serve, {
    db,
    publicUrl: deps.publicUrl,
    payments,
    get cancelCutoffHours() {
      return liveRules.cancelCutoffHours;
    },
    company: liveCompany,
  });
  officeAccountRoutes(serve, { db, publicUrl: deps.publicUrl });
  // A change of a mentor's week that cancels sessions refunds them through the payments (week-change.ts).
  const week = {
    get cutoffHours() {
      return liveRules.cancelCutoffHours;
    },
    settle: (orderId: number) => settleRefunds(payments, orderId),
  };
  officeCatalogueRoutes(serve, { db, publicUrl: deps.publicUrl, week });
  dashboardRoutes(serve, { db, contactLimiter });
  const { uploads } = documentRoutes(serve, { db, files: deps.files, uploads: deps.uploads, publicUrl: deps.publicUrl });
  intakeRoutes(serve, { db, files: deps.files, publicUrl: deps.publicUrl, uploads, company: () => liveCompany().name });
  clientAreaRoutes(serve, {
    db,
    publicUrl: deps.publicUrl,
    mail: {
      publicUrl: deps.publicUrl,
      get company() {
        return liveCompany();
      },
      get cancelCutoffHours() {
        return liveRules.cancelCutoffHours;
      },
    },
    limiters: forgotLimiters,
  });
  clientRoutes(serve, { db });
  conversationRoutes(serve, { db });
  stageRoutes(serve, { db, publicUrl: deps.publicUrl });
  catalogueRoutes(serve, { db });
  cartRoutes(serve, { db });
  paymentRoutes(serve, payments);
  packRoutes(serve, { db });
  commissionRoutes(serve, payments);
  const calendars = calendarDepsOf(db, deps, () => liveRules.maxDaysAhead);
  calendarRoutes(serve, { db, deps: calendars });
  mentorRoutes(serve, payments, liveRules, calendars);
  mentoringRoutes(serve, { db, week });
  feedRoutes(serve, {
    db,
    publicUrl: deps.publicUrl,
    get company() {
      return liveCompany().name;
    },
  });
  businessRoutes(serve, { db, business });
  messagingRoutes(serve, phone);
  api.use(notFound());
  api.use(errorHandler(deps.logger));
  return Object.assign(api, {
    inProcess: {
      routes: serve.routes,
      // An in-process call has no connection: the portal's signed word is all there is.
      clientIp: (signed: string | undefined) => verifyClientIp(deps.clientIpSecret, signed) ?? "unknown",
      ready: settingsRead,
      logger: deps.logger,
    },
    async sweep() {
      await business.refresh();
      const cancelCutoffHours = liveRules.cancelCutoffHours;
      await releaseExpiredHolds(db);
      await sweepPasskeyChallenges(db);
      // Sessions whose mentor asked for a new time that none was chosen for: cancelled at their start, refunded.
      for (const orderId of await lapseMoveRequests(db, cancelCutoffHours)) await settleRefunds(payments, orderId);
      await reconcileLapsedCheckouts(payments);
      await noteExpiringDocuments(db);
      await expireCredits(db);
      await resendPayouts(payments);
    },
    async calendarTick(opts: { now?: Date } = {}) {
      return calendars ? readDue(db, calendars, opts.now) : { read: 0, broken: 0, failed: 0 };
    },
    /** The mail worker's round: the reminders now due, then what the outbox holds (server.ts runs it every few seconds). */
    async mailTick(opts: { now?: Date; worker?: string } = {}): Promise<MailTally> {
      await business.refresh();
      const cancelCutoffHours = liveRules.cancelCutoffHours;
      const reminders =
        (await queueReminders(db, cancelCutoffHours, opts.now)) +
        (await remindRequests(db, deps.publicUrl, opts.now)) +
        (await notifyUnreadMessages(db, deps.publicUrl, deps.messageNotifyDelaySeconds ?? 600, opts.now)) +
        (await questionnaireNotices(db, deps.publicUrl, opts.now)) +
        (await agreementNotices(db, deps.publicUrl, opts.now)) +
        (await remindExpiringCredits(db, opts.now));
      if (!deps.mail) return { reminders, sent: 0, retried: 0, failed: 0, skipped: 0 };
      const tally = await deliverDue(
        db,
        {
          ...deps.mail,
          company: liveCompany(),
          publicUrl: deps.publicUrl,
          cancelCutoffHours,
          logger: deps.logger,
          phone: phoneDelivery(db, { sender: phoneSender, publicUrl: deps.publicUrl }),
          ...(calendars ? { calendar: calendarDelivery(db, calendars) } : {}),
        },
        opts,
      );
      return { reminders, ...tally };
    },
  });
}
