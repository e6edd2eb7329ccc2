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
// Set for the settings to be read once (getSettings keeps them), then put back: the other files of this worker's
// process, and the servers they start, see the environment as it was.
const before = {
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  SESSION_SECRET: process.env.SESSION_SECRET,
};
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "portal.sqlite")}`;
process.env.SESSION_SECRET ??= "route-test-secret-0123456789abcdef0123456789";

const { createApi } = await import("../../backend/app.js");
const { inProcessTransport } = await import("../../backend/in-process.js");
const { migrateToLatest } = await import("../../backend/db/migrate.js");
const { seedDemoData, seedReferenceData } = await import("../../backend/setup/seed.js");
const { openDatabase } = await import("../../backend/db/connection.js");
const { hashPassword } = await import("../../backend/accounts/passwords.js");
const { sessionTable } = await import("../../backend/db/session-table.js");
const { getSettings } = await import("../../lib/env.server.js");
const { createPortalSessionStorage } = await import("../../app/lib/session-storage.server.js");
const { sessionValues } = await import("./fixtures.js");

const { asResponse } = await import("../../app/lib/forms.server.js");
const database = openDatabase(getSettings().database);
for (const [name, value] of Object.entries(before)) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
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
  // Mentors' calendars as a development server has them, allowed to reach the tests' CalDAV server on this machine.
  calendars: { ...settings.calendars, allowPrivate: true },
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

type Login = { data: { token: string; agent: { id: number; name: string; email: string; time_zone: string } } };
type StaffLogin = { data: { token: string; staff: { id: number; name: string; email: string; time_zone: string } } };

/** An agent's API token (the demo agent's unless another's e-mail and password are given). */
export async function agentToken(email = demo.email, password = demo.password) {
  const answer = await transport({ method: "POST", path: "agent/login", headers: {}, body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in refused for ${email}: ${JSON.stringify(answer.payload)}`);
  return (answer.payload as Login).data;
}

/** The cookie of a portal session signed in as the demo agent (or another), made through the portal's own storage. */
export async function signedInCookie(email = demo.email, password = demo.password): Promise<string> {
  const login = await agentToken(email, password);
  return sessionCookie({ token: login.token, agent: login.agent });
}

/** The demo staff member's API token and who they are (or another staff account's, by e-mail and password). */
async function staffLogin(body: { email: string; password: string } = demo.staff) {
  const answer = await transport({ method: "POST", path: "office/login", headers: {}, body });
  if (answer.status !== 200) throw new Error(`staff sign-in refused: ${JSON.stringify(answer.payload)}`);
  return (answer.payload as StaffLogin).data;
}

/**
 * The cookie of a session signed in as a staff member who is not an owner (made here once, with a password): the
 * owner-only pages are not theirs.
 */
export async function staffMemberCookie(): Promise<string> {
  const body = { email: "route-member@example.com", password: "route-member-password" };
  await database.db
    .insertInto("staff")
    .values({
      email: body.email,
      name: "Route Member",
      role: "staff",
      password_hash: await hashPassword(body.password),
      created_at: new Date().toISOString(),
      last_sign_in_at: null,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const login = await staffLogin(body);
  return sessionCookie({ staffToken: login.token, staff: login.staff });
}

/** The demo staff member's API token, for the office's calls. */
export async function staffToken() {
  return (await staffLogin()).token;
}

/** The cookie of a portal session signed in as the demo staff member, for the back office. */
export async function staffCookie(): Promise<string> {
  const login = await staffLogin();
  return sessionCookie({ staffToken: login.token, staff: login.staff });
}

/** The cookie of a portal session signed in as the demo mentor, for the mentor's area. */
export async function mentorCookie(): Promise<string> {
  const answer = await transport({ method: "POST", path: "mentor/login", headers: {}, body: demo.mentor });
  if (answer.status !== 200) throw new Error(`mentor sign-in refused: ${JSON.stringify(answer.payload)}`);
  const login = (answer.payload as { data: { token: string; mentor: unknown } }).data;
  return sessionCookie({ mentorToken: login.token, mentor: login.mentor });
}

/**
 * The agent asks its client for documents (through the API), and the link e-mailed for it is read from the outbox,
 * where it waits to be sent: the link's token, unused.
 */
export async function clientLinkFor(agentApiToken: string, clientId: number, documentIds: number[]) {
  const sent = await transport({
    method: "POST",
    path: `agent/clients/${clientId}/document-requests`,
    headers: { Authorization: `Bearer ${agentApiToken}` },
    body: { document_ids: documentIds },
  });
  if (sent.status !== 201) throw new Error(`request refused: ${JSON.stringify(sent.payload)}`);
  const row = await database.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", "client.documents_requested")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return /token=([A-Za-z0-9_-]{43})/.exec(row.payload)![1]!;
}

/** A portal session of the client, signed in by a fresh link of theirs: its cookie, and the client's API token. */
export async function clientSession(agentApiToken: string, clientId: number, documentIds: number[]) {
  const token = await clientLinkFor(agentApiToken, clientId, documentIds);
  const answer = await transport({ method: "POST", path: "my/link", headers: {}, body: { token } });
  if (answer.status !== 200) throw new Error(`client link refused: ${JSON.stringify(answer.payload)}`);
  const login = (answer.payload as { data: { token: string; client: unknown } }).data;
  return { cookie: await sessionCookie({ clientToken: login.token, client: login.client }), token: login.token };
}

/** A PDF the client sends for one of their documents (through the API): the stored file's id. */
export async function clientSends(clientApiToken: string, documentId: number, name = "sent.pdf") {
  const { pdfBytes } = await import("./files.js");
  const answer = await transport({
    method: "POST",
    path: `my/documents/${documentId}/file?name=${encodeURIComponent(name)}`,
    headers: { Authorization: `Bearer ${clientApiToken}` },
    upload: { bytes: pdfBytes(name), type: "application/pdf" },
  });
  if (answer.status !== 201) throw new Error(`client upload refused: ${JSON.stringify(answer.payload)}`);
  return (answer.payload as { data: { files: Array<{ id: number }> } }).data.files.at(-1)!.id;
}

/**
 * A portal session holding `values` (a kind's token and person, stored as its `account`: sessionValues), as the
 * portal stores one: its cookie, for a request's header. `legacy`: as sessions of before issue 38 held them.
 */
export async function sessionCookie(values: Record<string, unknown>, legacy = false) {
  const session = await sessions.getSession();
  for (const [key, value] of Object.entries(sessionValues(values, legacy))) session.set(key as never, value as never);
  return (await sessions.commitSession(session)).split(";")[0]!;
}

/** The embedded API as the portal calls it, bound to a token (the demo agent's by default). */
export async function apiAs(token?: string) {
  const { createApiClient } = await import("../../app/lib/api.server.js");
  return createApiClient(transport, { token: token ?? (await agentToken()).token });
}

/** Fixtures (clients, paid plans, sessions, documents) made through the API as the demo agent or another. */
export async function fixturesAs(token?: string) {
  const { agentFixtures } = await import("./agent-fixtures.js");
  return agentFixtures(transport, token ?? (await agentToken()).token);
}

/** A new agent, made as staff make one (the office's call, then the set-password link): its e-mail and password. */
export async function newAgent(label = "agent") {
  const { createApiClient } = await import("../../app/lib/api.server.js");
  const { endpoints } = await import("../../lib/contract.js");
  const office = createApiClient(transport, { token: await staffToken() });
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = await office.call(endpoints.createAgent, { body: { name: `Agent ${label}`, email, time_zone: "Europe/London" } });
  const password = "route-test-password";
  const token = new URL(made.password_link).searchParams.get("token")!;
  await createApiClient(transport).call(endpoints.passwordSet, { body: { token, password } });
  return { id: made.agent.id, email, password };
}

export function request(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://portal.test${pathname}`, { ...init, headers });
}

/**
 * A form post as a browser sends one from the page: the CSRF token in the form and its cookie beside the session's,
 * and the honeypot's fields as the public forms render them (empty, with their signed start time).
 */
export async function formRequest(pathname: string, fields: Record<string, string | string[]>, cookie?: string) {
  const { csrf, honeypot } = await import("../../app/lib/security.server.js");
  const [token, csrfCookie] = await csrf.commitToken();
  const body = new URLSearchParams();
  body.set("csrf", token);
  const trap = await honeypot.getInputProps();
  body.set(trap.nameFieldName, "");
  if (trap.validFromFieldName) body.set(trap.validFromFieldName, trap.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const cookies = [cookie, csrfCookie?.split(";")[0]].filter(Boolean).join("; ");
  return request(pathname, {
    method: "POST",
    cookie: cookies,
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

type RouteFunction = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

/**
 * Calls a loader or action as Remix does and gives back its Response, whether returned or thrown (a redirect,
 * a 404); a plain object (a page's data) comes back as a 200 JSON Response.
 */
export async function respond(fn: RouteFunction, req: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    const answer = await fn({ request: req, context: loadContext(), params });
    return asResponse(answer);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export { database, demo };
