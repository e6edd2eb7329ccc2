/** Who is signed in to the portal, and the redirects that go with signing in and out. */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { LoginData } from "../../lib/contract.js";
import { apiFor, sessionOf } from "./context.server.js";
import { safeRedirectPath, signInUrl } from "./paths.js";
import { replaceSession } from "./session.server.js";
import { makeToast } from "./toast.js";

/** The signed-in agent, its session, and an API client bound to its token; null when nobody is signed in. */
export async function getSignedIn(request: Request, context: AppLoadContext) {
  const session = await sessionOf(context, request);
  const token = session.get("token");
  const agent = session.get("agent");
  return token && agent ? { token, agent, session, api: apiFor(context, token) } : null;
}

/** The signed-in agent (with its API client), or a redirect to sign-in that remembers where the visitor was going. */
export async function requireAgent(request: Request, context: AppLoadContext) {
  const signedIn = await getSignedIn(request, context);
  if (!signedIn) {
    const url = new URL(request.url);
    throw redirect(signInUrl(url.pathname + url.search));
  }
  return signedIn;
}

/** Starts a new session (the id rotates at sign-in) holding the API token. */
export async function signIn(request: Request, login: LoginData, redirectTo: string | null) {
  const headers = await replaceSession(request, (session) => {
    session.set("token", login.token);
    session.set("agent", login.agent);
    session.flash("toast", makeToast("success", `Welcome, ${login.agent.name}!`));
  });
  return redirect(safeRedirectPath(redirectTo), { headers });
}

/** Ends the session on both sides: the API revokes the token, the portal drops the session. */
export async function signOut(request: Request, context: AppLoadContext) {
  const signedIn = await getSignedIn(request, context);
  if (signedIn) await signedIn.api.logout().catch(() => undefined);
  const headers = await replaceSession(request, (s) => s.flash("toast", makeToast("info", "You have signed out.")));
  return redirect("/authentication/", { headers });
}
