/** The API alone on an ephemeral port, over a test database, reached with real HTTP. */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { hashPassword } from "../../backend/accounts/passwords.js";
import { createApi } from "../../backend/app.js";
import type { Db } from "../../backend/db/connection.js";
import { folderStore } from "../../backend/files/folder.js";
import type { FileStore } from "../../backend/files/store.js";
import { smtpMailer, type Mailer, type OutgoingMail } from "../../backend/mail/transport.js";
import { CLIENT_IP_HEADER, signClientIp } from "../../lib/client-ip.js";
import { createAgent as createAgentFixture, createMentorAccount } from "./fixtures.js";

export const CLIENT_IP_SECRET = "test-client-ip-secret-0123456789abcdef";

export type Harness = Awaited<ReturnType<typeof startApi>>;

export async function startApi(
  database: Db,
  options: {
    loginLimit?: Partial<{ perIp: number; perEmail: number; windowSeconds: number; slowdownMs: number }>;
    contactLimitPerHour?: number;
    payments?: import("../../lib/env.server.js").PaymentsSettings;
    bookings?: Partial<import("../../lib/rules.js").BookingRules>;
    /** Where e-mail goes: an SMTP server of the test's (`startSmtp`), else kept in `mailbox` */
    smtpUrl?: string;
    mail?: Partial<{ retrySeconds: number; maxAttempts: number; staffInbox: string; claimSeconds: number }>;
    /** Where documents go: a store of the test's (an S3 one), else a fresh folder of this harness's */
    files?: FileStore;
    uploads?: { perAgent: number; inAll: number };
    mailTrickleSeconds?: number;
    /** How messages by phone leave (issue 42): Twilio's stand-in (tests/support/twilio-stand-in.ts), files, or off */
    phone?: import("../../lib/env.server.js").PhoneSettings;
    /** Mentors' own calendars (issue 69): off unless given */
    calendars?: import("../../lib/settings.js").CalendarSettings;
  } = {},
) {
  const app = express();
  // As the server does by default: no proxy is believed.
  const logged: object[] = [];
  const warned: object[] = [];
  const mailbox: OutgoingMail[] = [];
  const mailer: Mailer = options.smtpUrl
    ? smtpMailer(options.smtpUrl, { timeoutMs: 5000 })
    : {
        send: async (m) => {
          mailbox.push(m);
          return {};
        },
        close: () => undefined,
      };
  const api = await createApi({
    database,
    tokenTtlDays: 7,
    loginLimit: { perIp: 1000, perEmail: 1000, windowSeconds: 900, slowdownMs: 0, ...options.loginLimit },
    contactLimitPerHour: options.contactLimitPerHour ?? 1000,
    logger: { error: (obj) => logged.push(obj), warn: (obj) => warned.push(obj) },
    payments: options.payments ?? { mode: "demo", checkoutExpiryMinutes: 30 },
    bookings: options.bookings,
    publicUrl: "http://portal.test",
    clientIpSecret: CLIENT_IP_SECRET,
    uploads: options.uploads,
    ...(options.mailTrickleSeconds ? { mailTrickleSeconds: options.mailTrickleSeconds } : {}),
    ...(options.phone ? { phone: options.phone } : {}),
    ...(options.calendars ? { calendars: options.calendars } : {}),
    files: options.files ?? folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "portal-documents-"))),
    mail: {
      mailer,
      from: "Waypoint Consultancy <no-reply@portal.test>",
      staffInbox: options.mail?.staffInbox ?? "inbox@portal.test",
      company: { name: "Waypoint Consultancy", address: "12 Harbour Street, Lisbon" },
      retrySeconds: options.mail?.retrySeconds ?? 60,
      maxAttempts: options.mail?.maxAttempts ?? 8,
      ...(options.mail?.claimSeconds ? { claimSeconds: options.mail.claimSeconds } : {}),
    },
  });
  app.use("/backend", api);
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend/`;

  async function call(
    method: "GET" | "POST",
    path: string,
    opts: { token?: string; body?: unknown; rawBody?: string; bytes?: Uint8Array; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | Uint8Array | undefined;
    if (opts.bytes !== undefined) {
      body = opts.bytes;
      headers["Content-Type"] ??= "application/octet-stream";
    } else if (opts.rawBody !== undefined) {
      body = opts.rawBody;
      headers["Content-Type"] ??= "application/json";
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(base + path, { method, headers, body: body as BodyInit | undefined });
    // A download is the file's bytes; everything else is the envelope.
    if (!res.headers.get("content-type")?.includes("application/json")) {
      return { status: res.status, json: null as any, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
    }
    const json = (await res.json()) as any;
    return { status: res.status, json, bytes: null, headers: res.headers };
  }

  async function login(email: string, password: string) {
    const res = await call("POST", "agent/login", { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data as { token: string; agent: { id: number } };
  }

  function createAgent(email: string, password = "agent-password", name = "Test Agent") {
    return createAgentFixture(database.db, { email, password, name });
  }

  /** A new agent, signed in: its id and token */
  async function newAgent(email: string) {
    const agent = await createAgent(email);
    const { token } = await login(agent.email, agent.password);
    return { id: agent.id, token };
  }

  /** A catalogue mentor made able to sign in, signed in: its id and token. */
  async function newMentor(mentorId: number, email: string) {
    const mentor = await createMentorAccount(database.db, { mentorId, email });
    const res = await call("POST", "mentor/login", { body: { email, password: mentor.password } });
    if (res.status !== 200) throw new Error(`mentor login failed: ${res.status} ${JSON.stringify(res.json)}`);
    return { id: mentorId, token: res.json.data.token as string };
  }

  /** A staff account of this role with a password, signed in: its id and token. */
  async function newStaff(email: string, role: "owner" | "staff" = "staff") {
    const password = "staff-member-password";
    const { id } = await database.db
      .insertInto("staff")
      .values({
        email,
        name: `Staff ${email.split("@")[0]}`,
        role,
        password_hash: await hashPassword(password),
        created_at: new Date().toISOString(),
        last_sign_in_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await call("POST", "office/login", { body: { email, password } });
    if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${JSON.stringify(res.json)}`);
    return { id, token: res.json.data.token as string };
  }

  return {
    base,
    call,
    newAgent,
    newMentor,
    newStaff,
    login,
    createAgent,
    /** Errors the API logged (a 500 logs one) */
    logged,
    /** Warnings the API logged (a flagged payment logs one) */
    warned,
    /** Headers that say, as the portal says it (signed), that the visitor's address is `ip` */
    fromIp: (ip: string) => ({ [CLIENT_IP_HEADER]: signClientIp(CLIENT_IP_SECRET, ip) }),
    /** The API's router itself (for the in-process transport) */
    router: api,
    /** The server's minute sweep, run now */
    sweep: () => api.sweep(),
    /** One round of the mail worker, now (or at `now`), as worker `worker` */
    mailTick: (opts?: { now?: Date; worker?: string }) => api.mailTick(opts),
    /** One round of the calendars' worker, now (or at `now`) */
    calendarTick: (opts?: { now?: Date }) => api.calendarTick(opts),
    /** What was sent, without an SMTP server */
    mailbox,
    /**
     * The mail worker's rounds, now (or at `now`), until a round has nothing left to do (a round sends up to 50, and
     * sending can queue more): what went to `to` meanwhile, when `to` is given, else all that went.
     */
    async deliver(opts: { now?: Date; to?: string } = {}) {
      const before = mailbox.length;
      for (let i = 0; i < 20; i++) {
        const tally = await api.mailTick(opts.now ? { now: opts.now } : {});
        if (tally.sent + tally.retried + tally.failed + tally.reminders === 0) break;
      }
      return mailbox.slice(before).filter((m) => opts.to === undefined || m.to === opts.to);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).finally(() => mailer.close()),
  };
}
