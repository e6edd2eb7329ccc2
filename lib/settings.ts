/**
 * The settings' shape, as `parseSettings` (lib/env.server.ts) gives them to the server, the API and the scripts: what
 * each part is for, the environment variable behind it in the README's table.
 */
import type { BookingRules } from "./rules.js";

export type Settings = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… or a SQLite file path */
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  sessionSecret: string;
  /** null: the portal talks to its own embedded API over loopback */
  apiBaseUrl: string | null;
  embeddedApi: boolean;
  apiTimeoutMs: number;
  tokenTtlDays: number;
  loginLimit: { perIp: number; perEmail: number; windowSeconds: number; slowdownMs: number };
  contactLimitPerHour: number;
  bookings: BookingRules;
  demoData: boolean;
  site: { phone: string; chatUrl: string; copyrightYear: number | null };
  /** Express's `trust proxy`: false (the default), true, a hop count, or a list of addresses and ranges */
  trustProxy: boolean | number | string;
  /** Signs the visitor's address from the portal to the API (lib/client-ip.ts) */
  clientIpSecret: string;
  /** 64 hex digits: seals the authenticators' keys (backend/accounts/sealed.ts) */
  factorKey: string;
  logLevel: string;
  /** "minimal" only in test suites: the server warns at start when it is set (backend/accounts/passwords.ts) */
  passwordHashCost: "standard" | "minimal";
  /** The benchmark's two baseline pages (/bench/remix-baseline, /bench/express-baseline) */
  benchBaselines: boolean;
  /** Where browsers reach the portal: the base of Stripe's success and cancel addresses */
  publicUrl: string;
  /** MESSAGE_NOTIFY_DELAY_SECONDS: how long a conversation's message waits unread before the other side is e-mailed */
  messageNotifyDelaySeconds: number;
  payments: PaymentsSettings;
  mail: MailSettings;
  /** Messages by phone (backend/phone/sender.ts): Twilio when TWILIO_ACCOUNT_SID is set; files beside e-mail's
   * when e-mail is written to files; otherwise off */
  phone: PhoneSettings;
  files: FileSettings;
  calendars: CalendarSettings;
};

/** Mentors' own calendars (issue 69): backend/calendars/. */
export type CalendarSettings = {
  /** Seals what the portal keeps for a calendar (64 hex digits); null in production without CALENDAR_KEY: none offered */
  key: string | null;
  /** A CalDAV address on a private or local network allowed (CALDAV_ALLOW_PRIVATE=on: tests, an intranet) */
  allowPrivate: boolean;
  /** How often each connection's busy times are read again, in seconds */
  readSeconds: number;
  /** Each call to a calendar service ends after this many milliseconds */
  timeoutMs: number;
  google: OAuthProviderSettings | null;
  microsoft: OAuthProviderSettings | null;
};

/** A calendar service signed in to by OAuth: the portal's client and the service's addresses (stand-ins in tests). */
export type OAuthProviderSettings = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
};

/**
 * Where clients' documents are kept: a folder (`DATA_DIR/documents`, one instance) or an S3-compatible bucket (any
 * number of instances). Credentials left out come from the SDK's usual chain (environment, instance role).
 */
export type FileSettings =
  | { driver: "folder"; dir: string }
  | {
      driver: "s3";
      bucket: string;
      region: string;
      endpoint: string | null;
      prefix: string;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

/**
 * E-mail: over SMTP when `SMTP_URL` is given; otherwise (`log`) each message is written as an .eml file under
 * `DATA_DIR/outbox/` and named in the log. Production needs `SMTP_URL` unless `MAIL_MODE=log` says otherwise.
 */
export type MailSettings = {
  mode: "smtp" | "log";
  smtpUrl: string | null;
  from: string;
  /** Where contact-us notices go (reply-to is the sender) */
  staffInbox: string;
  company: { name: string; address: string };
  /** The first retry after this many seconds, doubling each time, until `maxAttempts` */
  retrySeconds: number;
  maxAttempts: number;
  /** How often each instance's worker looks at the outbox */
  intervalMs: number;
  outboxDir: string;
};

/** How messages by phone leave (backend/phone/sender.ts): Twilio, text files beside e-mail's, or not at all. */
export type PhoneSettings =
  | {
      mode: "twilio";
      accountSid: string;
      authToken: string;
      smsFrom: string | null;
      whatsappFrom: string | null;
      apiBaseUrl: string | null;
      timeoutMs: number;
    }
  | { mode: "log"; outboxDir: string }
  | { mode: "off" };

export type PaymentsSettings =
  | { mode: "demo"; checkoutExpiryMinutes: number }
  | {
      mode: "stripe";
      secretKey: string;
      webhookSecret: string;
      api: { host?: string; port?: number; protocol?: "http" | "https" };
      checkoutExpiryMinutes: number;
      /** Payouts are Connect transfers (STRIPE_CONNECT=on) */
      connect?: boolean;
    };
