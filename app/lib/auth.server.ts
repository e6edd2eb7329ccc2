/**
 * Who is signed in to the portal, and the redirects that go with signing in and out: one session shape and one
 * `requireAccount` for every kind of account, each kind's area and sign-in page from the table in kinds.ts.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { isolate } from "../../lib/bidi.js";
import type { AccountKind, SignedInData } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang } from "../../lib/i18n/languages.js";
import { apiFor, sessionOf } from "./context.server.js";
import { endpoints } from "./endpoints.server.js";
import { landingOf, portalKinds } from "./kinds.js";
import { safeRedirectPath, SECURITY_PAGE, signInUrl } from "./paths.js";
import type { PortalSession, SessionAccount } from "./session-storage.server.js";
import { accountOf, replaceSession } from "./session.server.js";
import { makeToast } from "./toast.js";

/** A signed-in account of one of the kinds asked for, typed by its kind, with its session and API client. */
export type SignedIn<K extends AccountKind = AccountKind> = Extract<SessionAccount, { kind: K }> & {
  session: PortalSession;
  api: ReturnType<typeof apiFor>;
};

/** The request's account, and the same as one of `kinds` (with its session and API client) when it is one. */
async function accountFor<K extends AccountKind>(request: Request, context: AppLoadContext, kinds?: readonly K[]) {
  const session = await sessionOf(context, request);
  const { account } = accountOf(session);
  const mine = account && (!kinds || (kinds as readonly AccountKind[]).includes(account.kind));
  const signedIn: SignedIn<K> | null = mine
    ? { ...(account as Extract<SessionAccount, { kind: K }>), session, api: apiFor(context, account.token) }
    : null;
  return { account, signedIn };
}

/** Whoever is signed in, of any kind (or of one of `kinds`); null for a visitor. */
export async function getAccount<K extends AccountKind = AccountKind>(
  request: Request,
  context: AppLoadContext,
  kinds?: readonly K[],
): Promise<SignedIn<K> | null> {
  return (await accountFor(request, context, kinds)).signedIn;
}

/**
 * An account of one of `kinds`, or what another gets: a kind whose area it is not is sent to its own home, or
 * told "Not found" when every area asked for is hidden from others (the office, a mentor's, a client's); a
 * visitor goes to the first kind's sign-in page, remembering where they were going when it can.
 */
export async function requireAccount<K extends AccountKind>(
  request: Request,
  context: AppLoadContext,
  kinds: readonly K[],
): Promise<SignedIn<K>> {
  const { account, signedIn } = await accountFor(request, context, kinds);
  if (signedIn) return signedIn;
  if (account) {
    if (kinds.every((k) => portalKinds[k].hidden)) throw new Response("Not found", { status: 404 });
    throw redirect(portalKinds[account.kind].home);
  }
  const { signIn } = portalKinds[kinds[0]!];
  const url = new URL(request.url);
  throw redirect(signIn.remembers ? signInUrl(url.pathname + url.search) : signIn.path);
}

/**
 * Starts a new session (the id rotates) for a sign-in of any kind: where the visitor was going when the kind may
 * go there, else the kind's home, with a welcome in the person's language (a client's their own, else the page's).
 */
export async function signInAs(
  request: Request,
  context: AppLoadContext,
  login: SignedInData,
  redirectTo: string | null,
  /** How long the session's cookie lasts (a client's choice to stay signed in): the portal's default when absent */
  lifetime?: "browser" | number,
) {
  const kind = portalKinds[login.kind];
  const headers = await replaceSession(request, context, (session) => {
    session.set("account", { kind: login.kind, token: login.token, person: login.person } as SessionAccount);
    if (lifetime !== undefined) session.set("lifetime", lifetime);
    // A person with a language of their own (a client) is welcomed in it, their name kept apart from its direction.
    const own = "language" in login.person ? login.person.language : null;
    const name = own ? isolate(login.person.name) : login.person.name;
    const t = translator(asLang(own ?? "en"));
    // The owner asks this kind for a second factor and it has none: its security page first, saying why (issue 67).
    session.flash(
      "toast",
      makeToast(
        login.factor_required ? "info" : "success",
        t(login.factor_required ? "secondStep.setUpFirst" : "my.welcome", { name }),
      ),
    );
  });
  if (login.factor_required) return redirect(SECURITY_PAGE, { headers });
  return redirect(landingOf(kind, safeRedirectPath(redirectTo, kind.home)), { headers });
}

/** Ends the session on both sides: the API revokes the token, the portal drops the session. */
export async function signOut(request: Request, context: AppLoadContext) {
  const signedIn = await getAccount(request, context);
  if (signedIn) await signedIn.api.call(endpoints.signOut).catch(() => undefined);
  const headers = await replaceSession(request, context, (s) => s.flash("toast", makeToast("info", "You have signed out.")));
  // A client signs in again by a link: the page that sends one.
  const kind = signedIn ? portalKinds[signedIn.kind] : null;
  return redirect(kind && !kind.signIn.remembers ? kind.signIn.path : "/authentication/", { headers });
}
