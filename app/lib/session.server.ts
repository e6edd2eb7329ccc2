/**
 * Server-side sessions: the cookie carries only a signed random id; the data (the API
 * token, the agent, flash messages) lives in the database and can be revoked.
 */
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { getDatabase } from "../../backend/db/shared.js";
import type { AgentPublic } from "../../lib/contract.js";
import { getSettings } from "../../lib/env.server.js";
import type { ToastMessage } from "./toast.js";

export type SessionData = { token: string; agent: AgentPublic };
export type SessionFlash = { toast: ToastMessage };
export type PortalSession = Session<SessionData, SessionFlash>;

const settings = getSettings();

export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: settings.isProduction,
  path: "/",
  secrets: [settings.sessionSecret],
  maxAge: settings.tokenTtlDays * 24 * 3600,
});

function table() {
  return getDatabase().db;
}

/** A database that cannot be reached is "Server busy" for the page, not a crash. */
async function orBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new Response("Server busy", { status: 503 });
  }
}

const storage = createSessionStorage<SessionData, SessionFlash>({
  cookie: sessionCookie,
  createData: (data, expires) =>
    orBusy(async () => {
      // Sessions nobody comes back to would stay forever: sweep the expired ones as new ones start.
      await table().deleteFrom("portal_sessions").where("expires_at", "<=", new Date().toISOString()).execute();
      const id = randomBytes(32).toString("base64url");
      await table()
        .insertInto("portal_sessions")
        .values({ id, data: JSON.stringify(data), expires_at: expires?.toISOString() ?? null })
        .execute();
      return id;
    }),
  readData: (id) => orBusy(() => readSession(id)),
  updateData: (id, data, expires) =>
    orBusy(async () => {
      await table()
        .insertInto("portal_sessions")
        .values({ id, data: JSON.stringify(data), expires_at: expires?.toISOString() ?? null })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet({ data: JSON.stringify(data), expires_at: expires?.toISOString() ?? null }),
        )
        .execute();
    }),
  deleteData: (id) =>
    orBusy(async () => {
      await table().deleteFrom("portal_sessions").where("id", "=", id).execute();
    }),
});

/** A session's data, or null for none or an expired one (which is deleted). */
async function readSession(id: string) {
  const row = await table().selectFrom("portal_sessions").select(["data", "expires_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  if (row.expires_at && row.expires_at <= new Date().toISOString()) {
    await table().deleteFrom("portal_sessions").where("id", "=", id).execute();
    return null;
  }
  try {
    return JSON.parse(row.data);
  } catch {
    return null;
  }
}

export const { getSession, commitSession, destroySession } = storage;

/** The request's session, read from its cookie (loaders share one read through context.server.ts's sessionOf). */
export function getRequestSession(request: Request) {
  return getSession(request.headers.get("Cookie"));
}

/**
 * Ends the request's session (its row is deleted) and starts a fresh one, which `fill` sets up (a token, a
 * flash toast). The answer's headers carry both cookies; the session id always changes.
 */
export async function replaceSession(request: Request, fill: (session: PortalSession) => void): Promise<Headers> {
  const old = await getRequestSession(request);
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await destroySession(old));
  const fresh = await getSession();
  fill(fresh);
  headers.append("Set-Cookie", await commitSession(fresh));
  return headers;
}
