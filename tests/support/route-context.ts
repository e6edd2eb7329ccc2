/**
 * Loaders and actions called directly, below the browser (as Epic Stack's route tests do): a real Request, and
 * the load context server.ts would build, with the embedded API in process over this process's database.
 * Import this module first in a test file: it points the settings at a fresh SQLite file of its own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { folderStore } from "../../backend/files/folder.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-routes-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "portal.sqlite")}`;
process.env.SESSION_SECRET ??= "route-test-secret-0123456789abcdef0123456789";

const { createApi } = await import("../../backend/app.js");
const { inProcessTransport } = await import("../../backend/in-process.js");
const { migrateToLatest } = await import("../../backend/db/migrate.js");
const { seedDemoData, seedReferenceData } = await import("../../backend/db/seed.js");
const { openDatabase } = await import("../../backend/db/connection.js");
const { sessionTable } = await import("../../backend/db/session-table.js");
const { getSettings } = await import("../../lib/env.server.js");
const { createPortalSessionStorage } = await import("../../app/lib/session-storage.server.js");

const database = openDatabase(getSettings().database);
await migrateToLatest(database);
await seedReferenceData(database.db);
const demo = await seedDemoData(database.db);
const settings = getSettings();
const api = await createApi({
  database,
  tokenTtlDays: 7,
  loginLimit: { perIp: 1000, perEmail: 1000, windowSeconds: 900, slowdownMs: 0 },
  logger: { error: () => {}, warn: () => {} },
  payments: { mode: "demo", checkoutExpiryMinutes: 30 },
  publicUrl: "http://portal.test",
  clientIpSecret: settings.clientIpSecret,
  files: folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "portal-documents-"))),
});
const transport = inProcessTransport(api);
// As server.ts makes them: the sessions in this process's database.
const sessions = createPortalSessionStorage(sessionTable(database.db), {
  secret: settings.sessionSecret,
  secure: false,
  maxAgeSeconds: 86_400,
});

/** A fresh context, as server.ts makes one per request. */
export function loadContext(): AppLoadContext {
  return {
    cspNonce: "test-nonce",
    clientIp: "203.0.113.10",
    demoSignIn: null,
    apiTransport: transport,
    sessions,
    memo: new Map(),
  };
}

/** The cookie of a portal session signed in as the demo agent, made through the portal's own session storage. */
export async function signedInCookie(): Promise<string> {
  const login = (
    await transport({ method: "POST", path: "agent/login", headers: {}, body: { email: demo.email, password: demo.password } })
  ).payload as { data: { token: string; agent: { id: number; name: string; email: string; time_zone: string } } };
  const session = await sessions.getSession();
  session.set("token", login.data.token);
  session.set("agent", login.data.agent);
  return (await sessions.commitSession(session)).split(";")[0]!;
}

/** The embedded API as the portal calls it, bound to a token (the demo agent's by default). */
export async function apiAs(token?: string) {
  const { createApiClient } = await import("../../app/lib/api.server.js");
  if (token) return createApiClient(transport, { token });
  const login = (
    await transport({ method: "POST", path: "agent/login", headers: {}, body: { email: demo.email, password: demo.password } })
  ).payload as { data: { token: string } };
  return createApiClient(transport, { token: login.data.token });
}

export function request(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://portal.test${pathname}`, { ...init, headers });
}

export { database };
