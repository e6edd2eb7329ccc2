/** Who is signed in to the portal, and the redirects that go with signing in and out. */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { isolate } from "../../lib/bidi.js";
import { endpoints } from "../../lib/contract.js";
import type { ClientLoginData, LoginData, MentorLoginData, StaffLoginData } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang } from "../../lib/i18n/languages.js";
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

/** The signed-in staff member, its session, and an API client bound to its token; null for anyone else. */
export async function getStaff(request: Request, context: AppLoadContext) {
  const session = await sessionOf(context, request);
  const staffToken = session.get("staffToken");
  const staff = session.get("staff");
  if (!staffToken || !staff) return null;
  // Sessions from before staff had a zone of their own show UTC until the next sign-in or /account.
  return { staffToken, staff: { ...staff, time_zone: staff.time_zone ?? "UTC" }, session, api: apiFor(context, staffToken) };
}

/** The signed-in mentor, its session, and an API client bound to its token; null for anyone else. */
export async function getMentor(request: Request, context: AppLoadContext) {
  const session = await sessionOf(context, request);
  const mentorToken = session.get("mentorToken");
  const mentor = session.get("mentor");
  return mentorToken && mentor ? { mentorToken, mentor, session, api: apiFor(context, mentorToken) } : null;
}

/** The signed-in client (their own area), its session, and an API client bound to its token; null for anyone else. */
export async function getClient(request: Request, context: AppLoadContext) {
  const session = await sessionOf(context, request);
  const clientToken = session.get("clientToken");
  const client = session.get("client");
  return clientToken && client ? { clientToken, client, session, api: apiFor(context, clientToken) } : null;
}

/** Whether an agent, a mentor or a client is signed in: the back office is not theirs to know of. */
async function signedInElsewhere(request: Request, context: AppLoadContext) {
  return Boolean(
    (await getSignedIn(request, context)) ?? (await getMentor(request, context)) ?? (await getClient(request, context)),
  );
}

/**
 * The signed-in staff member, for the back office. Anybody else: an agent or a mentor gets "Not found" (the office
 * is not theirs to know of), a visitor the sign-in page.
 */
export async function requireStaff(request: Request, context: AppLoadContext) {
  const staff = await getStaff(request, context);
  if (staff) return staff;
  if (await signedInElsewhere(request, context)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  throw redirect(signInUrl(url.pathname + url.search));
}

/** The signed-in agent (with its API client), or a redirect to sign-in that remembers where the visitor was going. */
export async function requireAgent(request: Request, context: AppLoadContext) {
  const signedIn = await getSignedIn(request, context);
  if (!signedIn) {
    // Staff never see an agent's workspace as if they were the agent: their place is the back office; a mentor's
    // is their agenda.
    if (await getStaff(request, context)) throw redirect("/office");
    if (await getMentor(request, context)) throw redirect("/mentoring");
    if (await getClient(request, context)) throw redirect("/my");
    const url = new URL(request.url);
    throw redirect(signInUrl(url.pathname + url.search));
  }
  return signedIn;
}

/**
 * Whoever is signed in, agent or staff, for the pages both have (/account): the kind, the person's name, the
 * session and the API client bound to their token. A visitor goes to sign-in.
 */
export async function requireAccountHolder(request: Request, context: AppLoadContext) {
  const agent = await getSignedIn(request, context);
  if (agent) return { kind: "agent" as const, session: agent.session, api: agent.api };
  const staff = await getStaff(request, context);
  if (staff) return { kind: "staff" as const, session: staff.session, api: staff.api };
  const mentor = await getMentor(request, context);
  if (mentor) return { kind: "mentor" as const, session: mentor.session, api: mentor.api };
  // A client has no account page: their own area is all there is.
  if (await getClient(request, context)) throw redirect("/my");
  const url = new URL(request.url);
  throw redirect(signInUrl(url.pathname + url.search));
}

/** Starts a new session (the id rotates at sign-in) holding the API token. */
export async function signIn(request: Request, context: AppLoadContext, login: LoginData, redirectTo: string | null) {
  const headers = await replaceSession(request, context, (session) => {
    session.set("token", login.token);
    session.set("agent", login.agent);
    session.flash("toast", makeToast("success", `Welcome, ${login.agent.name}!`));
  });
  return redirect(safeRedirectPath(redirectTo), { headers });
}

/** A staff member's new session (the id rotates): the back office, or where they were going in it. */
export async function signInStaff(request: Request, context: AppLoadContext, login: StaffLoginData, redirectTo: string | null) {
  const headers = await replaceSession(request, context, (session) => {
    session.set("staffToken", login.token);
    session.set("staff", login.staff);
    session.flash("toast", makeToast("success", `Welcome, ${login.staff.name}!`));
  });
  const to = safeRedirectPath(redirectTo, "/office");
  return redirect(to.startsWith("/office") ? to : "/office", { headers });
}

/**
 * The signed-in mentor, for the mentor's area. An agent or staff member gets "Not found" (the area is not theirs),
 * a visitor the sign-in page, remembering where they were going.
 */
export async function requireMentor(request: Request, context: AppLoadContext) {
  const mentor = await getMentor(request, context);
  if (mentor) return mentor;
  if ((await getSignedIn(request, context)) ?? (await getStaff(request, context)) ?? (await getClient(request, context))) {
    throw new Response("Not found", { status: 404 });
  }
  const url = new URL(request.url);
  throw redirect(signInUrl(url.pathname + url.search));
}

/** A mentor's new session (the id rotates): the agenda, or where they were going in their area or account. */
export async function signInMentor(request: Request, context: AppLoadContext, login: MentorLoginData, redirectTo: string | null) {
  const headers = await replaceSession(request, context, (session) => {
    session.set("mentorToken", login.token);
    session.set("mentor", login.mentor);
    session.flash("toast", makeToast("success", `Welcome, ${login.mentor.name}!`));
  });
  const to = safeRedirectPath(redirectTo, "/mentoring");
  return redirect(to.startsWith("/mentoring") || to.startsWith("/account") ? to : "/mentoring", { headers });
}

/**
 * The signed-in client, for their own area. An agent, staff member or mentor gets "Not found" (the area is a
 * client's), a visitor the page that sends a fresh link.
 */
export async function requireClient(request: Request, context: AppLoadContext) {
  const client = await getClient(request, context);
  if (client) return client;
  if ((await getSignedIn(request, context)) ?? (await getStaff(request, context)) ?? (await getMentor(request, context))) {
    throw new Response("Not found", { status: 404 });
  }
  throw redirect("/my/sign-in");
}

/** A client's new session, opened by their link (the id rotates): their own area. */
export async function signInClient(request: Request, context: AppLoadContext, login: ClientLoginData) {
  const headers = await replaceSession(request, context, (session) => {
    session.set("clientToken", login.token);
    session.set("client", login.client);
    // In the client's own language, as their page is.
    const t = translator(asLang(login.client.language));
    session.flash("toast", makeToast("success", t("my.welcome", { name: isolate(login.client.name) })));
  });
  return redirect("/my", { headers });
}

/** Ends the session on both sides: the API revokes the token, the portal drops the session. */
export async function signOut(request: Request, context: AppLoadContext) {
  const signedIn = await getSignedIn(request, context);
  if (signedIn) await signedIn.api.call(endpoints.logout).catch(() => undefined);
  const staff = await getStaff(request, context);
  if (staff) await staff.api.call(endpoints.officeLogout).catch(() => undefined);
  const mentor = await getMentor(request, context);
  if (mentor) await mentor.api.call(endpoints.mentorLogout).catch(() => undefined);
  const client = await getClient(request, context);
  if (client) await client.api.call(endpoints.clientLogout).catch(() => undefined);
  const headers = await replaceSession(request, context, (s) => s.flash("toast", makeToast("info", "You have signed out.")));
  // A client signs in again by a link: the page that sends one.
  return redirect(client ? "/my/sign-in" : "/authentication/", { headers });
}
