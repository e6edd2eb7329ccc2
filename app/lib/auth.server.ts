/** Who is signed in to the portal, and the redirects that go with signing in and out. */
import { redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import type { LoginData } from "../../lib/contract.js";
import { api } from "./api.server.js";
import { signInUrl } from "./paths.js";
import { commitSession, destroySession, getRequestSession, getSession } from "./session.server.js";
import { makeToast } from "./toast.js";

export async function getSignedIn(request: Request) {
  const session = await getRequestSession(request);
  const token = session.get("token");
  const agent = session.get("agent");
  return token && agent ? { token, agent, session } : null;
}

/** The signed-in agent, or a redirect to sign-in that remembers where the visitor was going. */
export async function requireAgent(request: Request) {
  const signedIn = await getSignedIn(request);
  if (!signedIn) {
    const url = new URL(request.url);
    throw redirect(signInUrl(url.pathname + url.search));
  }
  return signedIn;
}

/** Starts a new session (the id rotates at sign-in) holding the API token. */
export async function signIn(request: Request, login: LoginData, redirectTo: FormDataEntryValue | null) {
  const old = await getRequestSession(request);
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await destroySession(old));
  const session = await getSession();
  session.set("token", login.token);
  session.set("agent", login.agent);
  session.flash("toast", makeToast("success", `Welcome, ${login.agent.name}!`));
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(safeRedirect(redirectTo, "/dashboard/"), { headers });
}

/** Ends the session on both sides: the API revokes the token, the portal drops the session. */
export async function signOut(request: Request) {
  const signedIn = await getSignedIn(request);
  const old = await getRequestSession(request);
  if (signedIn) await api.logout(signedIn.token).catch(() => undefined);
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await destroySession(old));
  const fresh = await getSession();
  fresh.flash("toast", makeToast("info", "You have signed out."));
  headers.append("Set-Cookie", await commitSession(fresh));
  return redirect("/authentication/", { headers });
}
