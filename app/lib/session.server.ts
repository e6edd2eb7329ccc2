/**
 * Server-side sessions: the cookie carries only a signed random id; the data (the API token, the agent, flash
 * messages) lives in the database and can be revoked. The storage is made by server.ts over its database handle
 * (session-storage.server.ts) and handed to the portal in each request's load context: the portal never opens a
 * database of its own.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { PortalSession } from "./session-storage.server.js";

export type { PortalSession, PortalSessions, SessionData, SessionFlash } from "./session-storage.server.js";

/** The request's session, read from its cookie (loaders share one read through context.server.ts's sessionOf). */
export function getRequestSession(request: Request, context: AppLoadContext) {
  return context.sessions.getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie value that stores the session. */
export function commitSession(context: AppLoadContext, session: PortalSession) {
  return context.sessions.commitSession(session);
}

/**
 * Ends the request's session (its row is deleted) and starts a fresh one, which `fill` sets up (a token, a
 * flash toast). The answer's headers carry both cookies; the session id always changes.
 */
export async function replaceSession(
  request: Request,
  context: AppLoadContext,
  fill: (session: PortalSession) => void,
): Promise<Headers> {
  const { sessions } = context;
  const old = await getRequestSession(request, context);
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await sessions.destroySession(old));
  const fresh = await sessions.getSession();
  fill(fresh);
  headers.append("Set-Cookie", await sessions.commitSession(fresh));
  return headers;
}
