/**
 * Runs the production build (server-build/index.js) as its own process on a free port,
 * over a fresh SQLite file with demo data, as a user would run it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { simpleParser } from "mailparser";
import type { Database as SchemaDatabase } from "../../backend/db/schema.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import type { AgentPublic } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { startBuiltServer } from "../../scripts/built-server.js";
import { clientSignIn } from "../../scripts/sign-ins.js";
import { agentFixtures } from "./agent-fixtures.js";
import { createAgent, createPortalSession, createSession } from "./fixtures.js";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

export type Portal = Awaited<ReturnType<typeof startPortal>>;

/** Every .eml file of an outbox folder, parsed. */
export async function readOutbox(dir: string) {
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((n) => n.endsWith(".eml"))
        .sort()
    : [];
  return Promise.all(
    names.map(async (name) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      const parsed = await simpleParser(raw);
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
        a.value.map((v) => v.address ?? ""),
      );
      return { name, raw, parsed, to };
    }),
  );
}

export async function startPortal(
  env: Record<string, string> = {},
  opts: { dataDir?: string; keepData?: boolean; transport?: "in-process" | "http" } = {},
) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  const { child, port, base, output } = await startBuiltServer({
    dataDir,
    sessionSecret: TEST_SESSION_SECRET,
    env: { DEMO_DATA: "on", LOG_LEVEL: "warn", LOGIN_LIMIT_PER_IP: "1000", MAIL_INTERVAL_MS: "200", ...env },
    transport: opts.transport,
  });

  const dbFile = path.join(dataDir, "portal.sqlite");
  const db = new Database(env.DATABASE_URL ? ":memory:" : dbFile);
  db.pragma("busy_timeout = 5000");
  // The same file through Kysely, for the fixtures (the app's own code makes agents and sessions).
  const kysely = new Kysely<SchemaDatabase>({ dialect: new SqliteDialect({ database: db }) });

  return {
    base,
    port,
    transport: opts.transport ?? "in-process",
    db,
    output,
    demoAgentId(): number {
      return (db.prepare("select id from agents where email = 'demo@example.com'").get() as { id: number }).id;
    },
    /** A signed-in session made the way the portal makes one, without going through the form. */
    async sessionCookie(email = "demo@example.com", password = "demo-password") {
      const res = await fetch(`${base}/backend/agent/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      const { data } = (await res.json()) as { data: { token: string; agent: AgentPublic } };
      return { ...(await createPortalSession(kysely, TEST_SESSION_SECRET, data)), token: data.token };
    },
    /**
     * A portal session holding what a sign-in of any kind stores (`{ staffToken, staff }`, `{ mentorToken, mentor }`,
     * `{ clientToken, client }`), made the way the portal makes one: its cookie, for signInAs.
     */
    async sessionHolding(values: Record<string, unknown>) {
      return createSession(kysely, TEST_SESSION_SECRET, values);
    },
    /** The client signed in to their own area as by an e-mailed link (their access opened): their session cookie. */
    async clientSessionCookie(clientId: number) {
      return createSession(kysely, TEST_SESSION_SECRET, { account: await clientSignIn(kysely, base, clientId) });
    },
    /** The demo staff member (the owner), signed in through the one sign-in call: their session cookie. */
    async staffSessionCookie() {
      const res = await fetch(`${base}/backend/account/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: demoStaff.email, password: demoStaff.password }),
      });
      const { data } = (await res.json()) as { data: { kind: "staff"; token: string; person: unknown } };
      return createSession(kysely, TEST_SESSION_SECRET, { account: { kind: data.kind, token: data.token, person: data.person } });
    },
    /** Fixtures (clients, paid plans, sessions, documents) made through this portal's API with an agent's token. */
    fixtures(token: string) {
      return agentFixtures(httpTransport(`${base}/backend/`, 10_000), token);
    },
    /** A new agent, signed in: its session cookie, and a caller of the API with its token (a POST, the `data` back). */
    async agentWithApi(email: string, name = "Test Agent") {
      await createAgent(kysely, { email, name, password: "agent-password" });
      const cookie = await this.sessionCookie(email, "agent-password");
      const call = async (path: string, body: unknown = {}) =>
        (
          await fetch(`${base}/backend/${path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${cookie.token}` },
            body: JSON.stringify(body),
          })
        ).json() as Promise<{ data: any }>;
      /** A session of mentor 1 held for the client next week, at the week's `slot`th free time: the booking. */
      const holdNextWeek = async (clientId: number, slot: number, topic: string) => {
        const week = (await call("api/Mentorbooking", { mentor_id: 1, time_zone: "UTC" })).data;
        const next = (await call("api/Mentorbooking", { mentor_id: 1, time_zone: "UTC", week_start: week.next_week })).data;
        const start = next.slots[slot].start as string;
        return (await call("api/Mentorbooking/book", { mentor_id: 1, client_id: clientId, start, topic })).data as { id: number };
      };
      return { cookie, call, holdNextWeek };
    },
    /**
     * A new client of the agent's (`call` of agentWithApi) with a Relocation plan (the demo catalogue's plan 4) paid
     * by the demo payment, as the case journeys start: their id.
     */
    async clientWithRelocation(call: (path: string, body?: unknown) => Promise<{ data: any }>, fields: Record<string, unknown>) {
      const client = await call("agent/addclient", { destination_country: "PT", ...fields });
      const clientId = client.data.id as number;
      await call("agent/addcart", { client_id: clientId, item_type: "service_plan", item_id: 4 });
      const checkout = await call("stripe/create-checkout-session");
      await call(`stripe/demo/complete/${checkout.data.session_id}`);
      return clientId;
    },
    /** A new agent with no clients, for a journey that must start from nothing. */
    async createAgent(email: string, name = "Test Agent", password = "agent-password") {
      await createAgent(kysely, { email, name, password });
      return { email, password };
    },
    /**
     * The e-mail the portal wrote to `DATA_DIR/outbox/` (no SMTP_URL: the quick start's way), parsed, oldest first;
     * waits until one to `to` matching `subject` is there.
     */
    async mailTo(to: string, subject: RegExp, timeoutMs = 8000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await readOutbox(path.join(dataDir, "outbox"))).filter(
          (m) => m.to.includes(to) && subject.test(m.parsed.subject ?? ""),
        );
        if (found.length || Date.now() > until) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /**
     * Lets a session take place: its hour moved to the one just past. The server runs in its own process on the
     * real clock, so a journey that goes on after a session (marking it, the statement) cannot wait for it; this
     * is the one write the journeys make into the app's tables for it, and it names what it stands for.
     */
    sessionTookPlace(bookingId: number) {
      const start = new Date(Date.now() - 90 * 60_000);
      start.setUTCMinutes(0, 0, 0);
      db.prepare("update mentor_bookings set start_at = ?, end_at = ? where id = ?").run(
        start.toISOString(),
        new Date(start.getTime() + 3_600_000).toISOString(),
        bookingId,
      );
    },
    /**
     * Moves a paid session to start `hours` from now (on the hour's 7th minute, clear of any slot): a journey about
     * the cancellation cut-off needs a session on the near side of one rule and the far side of another, whatever
     * day the test runs on and whatever hours the mentors keep. Like sessionTookPlace, it names what it stands for.
     */
    sessionStartsIn(bookingId: number, hours: number) {
      const start = new Date(Date.now() + hours * 3_600_000);
      start.setUTCMinutes(7, 0, 0);
      db.prepare("update mentor_bookings set start_at = ?, end_at = ? where id = ?").run(
        start.toISOString(),
        new Date(start.getTime() + 3_600_000).toISOString(),
        bookingId,
      );
    },
    expireAllTokens() {
      db.prepare("update api_tokens set expires_at = ?").run(new Date(Date.now() - 60_000).toISOString());
    },
    async stop() {
      await kysely.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (!opts.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    dataDir,
    /** Resolves with the exit code once the process has ended. */
    exited: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
        else child.once("exit", (code) => resolve(code));
      }),
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    /** The server process has not exited */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** The server process's resident memory now and at its peak (Linux's VmRSS and VmHWM), in MiB. */
    memoryMib() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
      return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
    },
  };
}
