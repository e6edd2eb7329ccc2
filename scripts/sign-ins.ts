/**
 * Signed-in sessions for the scripts that load a running portal (the benchmark, the profiler) and the browser tests:
 * a session stored through the portal's own session storage, and a client signed in as by an e-mailed link.
 */
import type { Kysely } from "kysely";
import { createPortalSessionStorage } from "../app/lib/session-storage.server.js";
import { issueClientLink, openAccess } from "../backend/clients/links.js";
import { openDatabase } from "../backend/db/connection.js";
import type { Database } from "../backend/db/schema.js";
import { sessionTable } from "../backend/db/session-table.js";
import { withCsrfCookie } from "./built-server.js";

/**
 * A portal session holding these values (`{ account }` for a sign-in), stored as the portal stores one: its cookie,
 * as `__session=…`.
 */
export async function portalSessionCookie(db: Kysely<Database>, secret: string, values: Record<string, unknown>) {
  const storage = createPortalSessionStorage(sessionTable(db), { secret, secure: false, maxAgeSeconds: 86_400 });
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(values)) session.set(key as never, value as never);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/**
 * A client signed in to their own area as by an e-mailed link, against a running portal: their access opened and a
 * sign-in link made in its database, then the link used through the API as the link's page uses it. What a session
 * holds as the client's account (its token, its end and who the client is).
 */
export async function clientSignIn(db: Kysely<Database>, base: string, clientId: number) {
  const link = await db.transaction().execute(async (trx) => {
    await openAccess(trx, clientId);
    return issueClientLink(trx, clientId, "sign_in", null, base);
  });
  const res = await fetch(`${base}/backend/my/link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: link.token }),
  });
  if (!res.ok) throw new Error(`the client's sign-in link: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string; expires_at: string; client: unknown } };
  return { kind: "client" as const, token: data.token, expires_at: data.expires_at, person: data.client };
}

/** An agent's sign-in through the API (its password checked, a token issued): the token and the agent. */
export async function apiSignIn(base: string, email: string, password = "bench-password") {
  const res = await fetch(`${base}/backend/agent/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string; agent: { id: number } } }).data;
}

/**
 * An agent as a browser that signed in holds it, against a running portal on the SQLite file `dbFile`: signed in
 * through the API, a portal session stored as the portal stores one, and the CSRF cookie of a first page. For the
 * benchmark, its side-by-side runs and the profiler.
 */
export async function agentBrowserCookie(base: string, dbFile: string, secret: string, email: string, password?: string) {
  const data = await apiSignIn(base, email, password);
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  const session = await portalSessionCookie(database.db, secret, {
    account: { kind: "agent", token: data.token, person: data.agent },
  }).finally(() => database.close());
  return { cookie: await withCsrfCookie(base, "/dashboard", session), token: data.token, agentId: data.agent.id };
}
