/**
 * Server-side sessions: the cookie carries only a signed random id; the data (the API
 * token, the agent, flash messages) lives in the database and can be revoked.
 */
import { getDatabase } from "../../backend/db/shared.js";
import { getSettings } from "../../lib/env.server.js";
import { createPortalSessionStorage, type PortalSession } from "./session-storage.server.js";

export type { PortalSession, SessionData, SessionFlash } from "./session-storage.server.js";

const settings = getSettings();
const storage = createPortalSessionStorage(() => getDatabase().db, {
  secret: settings.sessionSecret,
  secure: settings.isProduction,
  maxAgeSeconds: settings.tokenTtlDays * 24 * 3600,
});
export const sessionCookie = storage.cookie;

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
