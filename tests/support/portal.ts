/**
 * Runs the production build (server-build/index.js) as its own process on a free port,
 * over a fresh SQLite file with demo data, as a user would run it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { hashPassword } from "../../backend/services/passwords.js";
import { startBuiltServer } from "../../scripts/built-server.js";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";

export type Portal = Awaited<ReturnType<typeof startPortal>>;

export async function startPortal(
  env: Record<string, string> = {},
  opts: { dataDir?: string; keepData?: boolean; transport?: "in-process" | "http" } = {},
) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  const { child, port, base, output } = await startBuiltServer({
    dataDir,
    sessionSecret: TEST_SESSION_SECRET,
    env: { DEMO_DATA: "on", LOG_LEVEL: "warn", LOGIN_LIMIT_PER_IP: "1000", ...env },
    transport: opts.transport,
  });

  const dbFile = path.join(dataDir, "portal.sqlite");
  const db = new Database(env.DATABASE_URL ? ":memory:" : dbFile);
  db.pragma("busy_timeout = 5000");
  const cookie = createCookie("__session", { secrets: [TEST_SESSION_SECRET], path: "/" });

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
      const { data } = (await res.json()) as { data: { token: string; agent: unknown } };
      const id = randomBytes(32).toString("base64url");
      const expires = new Date(Date.now() + 86_400_000).toISOString();
      db.prepare("insert into portal_sessions (id, data, expires_at) values (?, ?, ?)").run(
        id,
        JSON.stringify({ token: data.token, agent: data.agent }),
        expires,
      );
      const serialized = await cookie.serialize(id);
      return { name: "__session", value: serialized.split(";")[0]!.split("=").slice(1).join("="), token: data.token };
    },
    /** A new agent with no clients, for a journey that must start from nothing. */
    async createAgent(email: string, name = "Test Agent", password = "agent-password") {
      const hash = await hashPassword(password);
      db.prepare(
        "insert into agents (email, name, password_hash, phone, time_zone, created_at) values (?, ?, ?, null, 'UTC', ?)",
      ).run(email, name, hash, new Date().toISOString());
      return { email, password };
    },
    expireAllTokens() {
      db.prepare("update api_tokens set expires_at = ?").run(new Date(Date.now() - 60_000).toISOString());
    },
    async stop() {
      db.close();
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
  };
}
