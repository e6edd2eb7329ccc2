/**
 * Server-side sessions: the cookie carries only a signed random id; the data (the API token, the agent, flash
 * messages) lives in the database and can be revoked. The storage is made by server.ts over its database handle
 * (session-storage.server.ts) and handed to the portal in each request's load context: the portal never opens a
 * database of its own.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { PortalSession, SessionAccount } from "./session-storage.server.js";

export type { PortalSession, PortalSessions, SessionAccount, SessionData, SessionFlash } from "./session-storage.server.js";

/** The request's session, read from its cookie (loaders share one read through context.server.ts's sessionOf). */
export function getRequestSession(request: Request, context: AppLoadContext) {
  return context.sessions.getSession(request.headers.get("Cookie"));
}

/**
 * How long the session's cookie lasts, as its sign-in chose (issue 39): "browser", until the browser closes (a
 * client who did not ask to stay signed in); a number of seconds (a client who did); else the portal's default.
 */
function lifetimeOptions(session: PortalSession) {
  const lifetime = session.get("lifetime");
  if (lifetime === "browser") return { maxAge: undefined, expires: undefined };
  if (typeof lifetime === "number" && lifetime > 0) return { maxAge: lifetime };
  return undefined;
}

/** The Set-Cookie value that stores the session, for as long as its sign-in chose. */
export function commitSession(context: AppLoadContext, session: PortalSession) {
  return context.sessions.commitSession(session, lifetimeOptions(session));
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
  headers.append("Set-Cookie", await commitSession(context, fresh));
  return headers;
}

/**
 * The session's account. A session made before one shape served every kind (a kind's own pair of keys) is read
 * as the same account and rewritten in the new shape, so nobody is signed out by the change (the root loader
 * commits it).
 */
export function accountOf(session: PortalSession): { account: SessionAccount | null; upgraded: boolean } {
  const account = session.get("account");
  if (account) return { account, upgraded: false };
  const old = legacyAccount(session);
  if (!old) return { account: null, upgraded: false };
  for (const key of ["token", "agent", "staffToken", "staff", "mentorToken", "mentor", "clientToken", "client"] as const) {
    session.unset(key);
  }
  session.set("account", old);
  return { account: old, upgraded: true };
}

function legacyAccount(session: PortalSession): SessionAccount | null {
  const [token, agent] = [session.get("token"), session.get("agent")];
  if (token && agent) return { kind: "agent", token, person: agent };
  const [staffToken, staff] = [session.get("staffToken"), session.get("staff")];
  // Sessions from before staff had a zone of their own show UTC until the next page reads it anew.
  if (staffToken && staff) return { kind: "staff", token: staffToken, person: { ...staff, time_zone: staff.time_zone ?? "UTC" } };
  const [mentorToken, mentor] = [session.get("mentorToken"), session.get("mentor")];
  if (mentorToken && mentor) return { kind: "mentor", token: mentorToken, person: mentor };
  const [clientToken, client] = [session.get("clientToken"), session.get("client")];
  if (clientToken && client) return { kind: "client", token: clientToken, person: client };
  return null;
}
