/**
 * Settings, parsed once at start-up from the environment by one zod schema.
 * A missing or wrong setting stops the start with a message naming it.
 *
 * The quick start needs no settings: where production needs a secret (the session
 * secret), development generates one and keeps it in the data folder.
 */
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_COMPANY_NAME } from "./business.js";
import { looksLikeIp } from "./client-ip.js";
import type { FileSettings, MailSettings, PaymentsSettings, PhoneSettings, Settings } from "./settings.js";

export type { FileSettings, MailSettings, PaymentsSettings, PhoneSettings, Settings };

const onOff = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, "must start with postgres://, postgresql://, file: or sqlite:")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  API_BASE_URL: z.string().url().optional(),
  EMBEDDED_API: onOff.default("on"),
  API_TIMEOUT_MS: positiveInt.default(15000),
  TOKEN_TTL_DAYS: positiveInt.default(7),
  LOGIN_LIMIT_PER_IP: positiveInt.default(30),
  LOGIN_LIMIT_PER_EMAIL: positiveInt.default(5),
  LOGIN_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  CONTACT_LIMIT_PER_HOUR: positiveInt.default(5),
  BOOKING_HOLD_MINUTES: positiveInt.default(30),
  BOOKING_CANCEL_CUTOFF_HOURS: z.coerce.number().int().min(0).default(24),
  BOOKING_MAX_HOLDS_PER_MENTOR: positiveInt.default(3),
  BOOKING_MAX_HOLDS: positiveInt.default(10),
  BOOKING_MAX_DAYS_AHEAD: positiveInt.max(3650).default(90),
  BOOKING_MIN_NOTICE_HOURS: z.coerce.number().int().min(0).max(720).default(12),
  /** Where a session meets when its mentor has no standing link: `{room}` becomes a room name of its own */
  MEETING_URL_TEMPLATE: z
    .string()
    .default("https://meet.jit.si/{room}")
    .refine((v) => v.includes("{room}") && /^https:\/\/[^/\s]+\/\S*$/.test(v), {
      message: "an https:// address with {room} where each session's room name goes, e.g. https://meet.jit.si/{room}",
    }),
  DEMO_DATA: onOff.optional(),
  SITE_PHONE: z.string().min(3).default("+1 555 010 0100"),
  SITE_CHAT_URL: z.string().min(1).optional(),
  /** The footer's year; unset, the current year (an owner's setting in the office wins) */
  COPYRIGHT_YEAR: z.coerce.number().int().min(1900).max(3000).optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine(
      (v) =>
        ["false", "true"].includes(v) ||
        /^\d{1,2}$/.test(v) ||
        v.split(",").every((part) => {
          const p = part.trim();
          const [addr, bits] = p.split("/");
          return (
            ["loopback", "linklocal", "uniquelocal"].includes(p) ||
            (looksLikeIp(addr ?? "") && (bits === undefined || /^\d{1,3}$/.test(bits)))
          );
        }),
      "must be false, true, a number of hops, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges",
    ),
  PORTAL_API_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Seals the authenticators' keys (issue 67); unset, derived from SESSION_SECRET */
  FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits")
    .optional(),
  /** Seals mentors' calendar passwords and tokens (issue 69); unset, derived from SESSION_SECRET outside production */
  CALENDAR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits")
    .optional(),
  CALDAV_ALLOW_PRIVATE: onOff.default("off"),
  CALENDAR_READ_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  CALENDAR_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_CALENDAR_API_URL: z.string().url().default("https://www.googleapis.com/calendar/v3"),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_AUTH_URL: z.string().url().default("https://login.microsoftonline.com/common/oauth2/v2.0/authorize"),
  MICROSOFT_TOKEN_URL: z.string().url().default("https://login.microsoftonline.com/common/oauth2/v2.0/token"),
  MICROSOFT_GRAPH_URL: z.string().url().default("https://graph.microsoft.com/v1.0"),
  PUBLIC_URL: z.string().url().optional(),
  PAYMENTS_MODE: z.enum(["stripe", "demo"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_… or rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** Commission payouts as Stripe Connect transfers to each agent's connected account (issue 41) */
  STRIPE_CONNECT: z.enum(["on", "off"]).default("off"),
  CHECKOUT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(30, "Stripe needs at least 30")
    .max(1440, "Stripe allows at most 1440")
    .default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be smtp://user:pass@host:port or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Waypoint Consultancy <no-reply@waypoint.example>"),
  MAIL_MODE: z.enum(["smtp", "log"]).optional(),
  STAFF_INBOX: z.string().email("must be an email address").optional(),
  /** Reminders by SMS and WhatsApp through Twilio (issue 42): the account, its token, each channel's sender */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC and 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must be the account's auth token").optional(),
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, "must be a number in E.164 (+15550100100) or a Messaging Service SID")
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "must be a number in E.164 (+15550100100)")
    .optional(),
  /** Another host for Twilio's API (the tests' stand-in) */
  TWILIO_API_BASE_URL: z.string().url().optional(),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  COMPANY_NAME: z.string().min(1).default(DEFAULT_COMPANY_NAME),
  COMPANY_ADDRESS: z.string().min(1).default("12 Harbour Street, Lisbon 1100-001, Portugal"),
  MAIL_MAX_ATTEMPTS: positiveInt.max(50).default(8),
  MAIL_RETRY_SECONDS: positiveInt.default(60),
  MAIL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  MESSAGE_NOTIFY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(600),
  FILE_STORAGE: z.enum(["folder", "s3"]).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default(""),
  S3_FORCE_PATH_STYLE: onOff.optional(),
  BENCH_BASELINES: onOff.default("off"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Test suites only: "minimal" hashes new passwords at 1 MiB and one pass (backend/accounts/passwords.ts) */
  PASSWORD_HASH_COST: z.enum(["standard", "minimal"]).default("standard"),
});

export class SettingsError extends Error {}

export function parseSettings(env: Record<string, string | undefined> = process.env): Settings {
  const raw = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in schema.shape && v !== undefined && v !== ""));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const s = parsed.data;
  const isProduction = s.NODE_ENV === "production";
  const dataDir = path.resolve(s.DATA_DIR);

  // Payments: Stripe when keys are given; the demo mode stands in outside production, and in
  // production only when asked for by name.
  const mode = s.PAYMENTS_MODE ?? (s.STRIPE_SECRET_KEY ? "stripe" : isProduction ? null : "demo");
  const missing = [];
  if (isProduction && !s.SESSION_SECRET) missing.push("SESSION_SECRET");
  if (mode === null || mode === "stripe") {
    if (!s.STRIPE_SECRET_KEY) missing.push("STRIPE_SECRET_KEY");
    if (!s.STRIPE_WEBHOOK_SECRET) missing.push("STRIPE_WEBHOOK_SECRET");
  }
  if (missing.length) {
    const why = isProduction ? "with NODE_ENV=production" : "with PAYMENTS_MODE=stripe";
    const hint = mode === null ? " (or PAYMENTS_MODE=demo for the demo payment page)" : "";
    throw new SettingsError(`Missing settings required ${why}: ${missing.join(", ")}${hint}`);
  }
  const payments: PaymentsSettings =
    mode === "stripe"
      ? {
          mode,
          secretKey: s.STRIPE_SECRET_KEY!,
          webhookSecret: s.STRIPE_WEBHOOK_SECRET!,
          api: { host: s.STRIPE_API_HOST, port: s.STRIPE_API_PORT, protocol: s.STRIPE_API_PROTOCOL },
          checkoutExpiryMinutes: s.CHECKOUT_EXPIRY_MINUTES,
          connect: s.STRIPE_CONNECT === "on",
        }
      : { mode: "demo", checkoutExpiryMinutes: s.CHECKOUT_EXPIRY_MINUTES };
  const mailMode = s.MAIL_MODE ?? (s.SMTP_URL ? "smtp" : isProduction ? null : "log");
  if (s.TWILIO_ACCOUNT_SID && !s.TWILIO_AUTH_TOKEN) {
    throw new SettingsError("Missing settings: TWILIO_AUTH_TOKEN (TWILIO_ACCOUNT_SID is set)");
  }
  if (s.TWILIO_ACCOUNT_SID && !s.TWILIO_SMS_FROM && !s.TWILIO_WHATSAPP_FROM) {
    throw new SettingsError("Missing settings: TWILIO_SMS_FROM or TWILIO_WHATSAPP_FROM (TWILIO_ACCOUNT_SID is set)");
  }
  if (mailMode === null || (mailMode === "smtp" && !s.SMTP_URL)) {
    const why = mailMode === null ? "with NODE_ENV=production" : "with MAIL_MODE=smtp";
    throw new SettingsError(`Missing settings required ${why}: SMTP_URL (or MAIL_MODE=log to write e-mail to files)`);
  }
  const fileDriver = s.FILE_STORAGE ?? (s.S3_BUCKET ? "s3" : "folder");
  if (fileDriver === "s3" && !s.S3_BUCKET) throw new SettingsError("Missing settings required with FILE_STORAGE=s3: S3_BUCKET");
  if (Boolean(s.S3_ACCESS_KEY_ID) !== Boolean(s.S3_SECRET_ACCESS_KEY)) {
    throw new SettingsError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: give both, or neither (the SDK's own chain)");
  }
  for (const p of ["GOOGLE", "MICROSOFT"] as const) {
    if (Boolean(s[`${p}_CLIENT_ID`]) !== Boolean(s[`${p}_CLIENT_SECRET`])) {
      throw new SettingsError(`${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together: give both, or neither`);
    }
  }
  if (!s.EMBEDDED_API && !s.API_BASE_URL) {
    throw new SettingsError("EMBEDDED_API=off needs API_BASE_URL (the API the portal should talk to)");
  }

  const sessionSecret = s.SESSION_SECRET ?? developmentSecret(dataDir);
  const database: Settings["database"] = s.DATABASE_URL?.startsWith("postgres")
    ? { kind: "postgres", url: s.DATABASE_URL }
    : {
        kind: "sqlite",
        file: s.DATABASE_URL
          ? path.resolve(s.DATABASE_URL.replace(/^(file|sqlite):(\/\/)?/, ""))
          : path.join(dataDir, "portal.sqlite"),
      };

  return {
    nodeEnv: s.NODE_ENV,
    isProduction,
    port: s.PORT,
    host: s.HOST,
    dataDir,
    database,
    sessionSecret,
    apiBaseUrl: s.API_BASE_URL ? s.API_BASE_URL.replace(/\/?$/, "/") : null,
    embeddedApi: s.EMBEDDED_API,
    apiTimeoutMs: s.API_TIMEOUT_MS,
    tokenTtlDays: s.TOKEN_TTL_DAYS,
    loginLimit: {
      perIp: s.LOGIN_LIMIT_PER_IP,
      perEmail: s.LOGIN_LIMIT_PER_EMAIL,
      windowSeconds: s.LOGIN_LIMIT_WINDOW_SECONDS,
      slowdownMs: s.LOGIN_SLOWDOWN_MS,
    },
    contactLimitPerHour: s.CONTACT_LIMIT_PER_HOUR,
    bookings: {
      holdMinutes: s.BOOKING_HOLD_MINUTES,
      cancelCutoffHours: s.BOOKING_CANCEL_CUTOFF_HOURS,
      maxHoldsPerMentor: s.BOOKING_MAX_HOLDS_PER_MENTOR,
      maxHolds: s.BOOKING_MAX_HOLDS,
      maxDaysAhead: s.BOOKING_MAX_DAYS_AHEAD,
      minNoticeHours: s.BOOKING_MIN_NOTICE_HOURS,
      meetingUrlTemplate: s.MEETING_URL_TEMPLATE,
    },
    demoData: s.DEMO_DATA ?? !isProduction,
    site: {
      phone: s.SITE_PHONE,
      chatUrl: s.SITE_CHAT_URL ?? `https://wa.me/${s.SITE_PHONE.replace(/\D/g, "")}`,
      copyrightYear: s.COPYRIGHT_YEAR ?? null,
    },
    trustProxy:
      s.TRUST_PROXY === "false"
        ? false
        : s.TRUST_PROXY === "true"
          ? true
          : /^\d+$/.test(s.TRUST_PROXY)
            ? Number(s.TRUST_PROXY)
            : s.TRUST_PROXY,
    clientIpSecret: s.PORTAL_API_SECRET ?? createHmac("sha256", sessionSecret).update("portal-api-client-ip").digest("hex"),
    factorKey: s.FACTOR_KEY ?? createHmac("sha256", sessionSecret).update("portal-second-factor").digest("hex"),
    logLevel: s.LOG_LEVEL,
    passwordHashCost: s.PASSWORD_HASH_COST,
    benchBaselines: s.BENCH_BASELINES,
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, ""),
    messageNotifyDelaySeconds: s.MESSAGE_NOTIFY_DELAY_SECONDS,
    payments,
    phone: s.TWILIO_ACCOUNT_SID
      ? {
          mode: "twilio",
          accountSid: s.TWILIO_ACCOUNT_SID,
          authToken: s.TWILIO_AUTH_TOKEN!,
          smsFrom: s.TWILIO_SMS_FROM ?? null,
          whatsappFrom: s.TWILIO_WHATSAPP_FROM ?? null,
          apiBaseUrl: s.TWILIO_API_BASE_URL ?? null,
          timeoutMs: s.TWILIO_TIMEOUT_MS,
        }
      : mailMode === "log"
        ? { mode: "log", outboxDir: path.join(dataDir, "outbox") }
        : { mode: "off" },
    mail: {
      mode: mailMode,
      smtpUrl: s.SMTP_URL ?? null,
      from: s.MAIL_FROM,
      staffInbox: s.STAFF_INBOX ?? addressOf(s.MAIL_FROM),
      company: { name: s.COMPANY_NAME, address: s.COMPANY_ADDRESS },
      retrySeconds: s.MAIL_RETRY_SECONDS,
      maxAttempts: s.MAIL_MAX_ATTEMPTS,
      intervalMs: s.MAIL_INTERVAL_MS,
      outboxDir: path.join(dataDir, "outbox"),
    },
    files:
      fileDriver === "s3"
        ? {
            driver: "s3",
            bucket: s.S3_BUCKET!,
            region: s.S3_REGION,
            endpoint: s.S3_ENDPOINT ?? null,
            prefix: s.S3_PREFIX.replace(/^\/+/, ""),
            forcePathStyle: s.S3_FORCE_PATH_STYLE ?? Boolean(s.S3_ENDPOINT),
            credentials:
              s.S3_ACCESS_KEY_ID && s.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY }
                : null,
          }
        : { driver: "folder", dir: path.join(dataDir, "documents") },
    calendars: {
      key: s.CALENDAR_KEY ?? (isProduction ? null : createHmac("sha256", sessionSecret).update("portal-calendars").digest("hex")),
      allowPrivate: s.CALDAV_ALLOW_PRIVATE,
      readSeconds: s.CALENDAR_READ_SECONDS,
      timeoutMs: s.CALENDAR_TIMEOUT_MS,
      google: s.GOOGLE_CLIENT_ID
        ? {
            clientId: s.GOOGLE_CLIENT_ID,
            clientSecret: s.GOOGLE_CLIENT_SECRET!,
            authUrl: s.GOOGLE_AUTH_URL,
            tokenUrl: s.GOOGLE_TOKEN_URL,
            apiUrl: s.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ""),
          }
        : null,
      microsoft: s.MICROSOFT_CLIENT_ID
        ? {
            clientId: s.MICROSOFT_CLIENT_ID,
            clientSecret: s.MICROSOFT_CLIENT_SECRET!,
            authUrl: s.MICROSOFT_AUTH_URL,
            tokenUrl: s.MICROSOFT_TOKEN_URL,
            apiUrl: s.MICROSOFT_GRAPH_URL.replace(/\/+$/, ""),
          }
        : null,
    },
  };
}

/** "Name <a@b>" → "a@b" (MAIL_FROM's address: the outbox sends from it under the company's name) */
export function addressOf(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Outside production: a generated secret kept in the data folder, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  console.warn(`warning: SESSION_SECRET is not set; generated one for development in ${file}`);
  return secret;
}

let parsed: Settings | undefined;

/**
 * The settings of this process, parsed from its environment on first use. The server and the portal bundle each
 * parse the same environment (and the same generated development secret, kept in the data folder), so they agree
 * without sharing an object.
 */
export function getSettings(): Settings {
  return (parsed ??= parseSettings());
}
