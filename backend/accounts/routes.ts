/**
 * Signing in and out, tokens, one's own account and the set-password links, for every kind of account that signs
 * in (backend/accounts/kinds.ts). The portal signs every kind in at `account/login` (the API finds the kind) and out
 * at `account/logout`; each kind's own calls (`agent/login`, `office/login`, …) stay for other API clients.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { z } from "zod";
import {
  endpoints,
  type loginBody,
  ownAccount,
  type EndpointDef,
  type LoginData,
  type PasskeyOptions,
  type PasswordSet,
  type SignedInData,
  type WhoAmIData,
} from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { cartCount } from "../payments/cart.js";
import { mayMail, tooMany, type LoginLimiter, type MailLimiters } from "../rate-limit.js";
import type { Arrival, Server } from "../serve.js";
import { adoptBrowserZone, setAgentZone } from "./agents.js";
import { BROWSER_HEADER, browserKey, browserName, noteBrowser } from "./browsers.js";
import { hasFactor, isFactorKind } from "./factors.js";
import { SESSION_EXPIRED, SIGN_IN_FIRST } from "./guard.js";
import { signInKinds, type SignInKind } from "./kinds.js";
import { changePassword, getAccount, requestPasswordReset, signOutOthers, updateAccount } from "./own-account.js";
import { authenticationOptions, checkPasskey, passkeyFailed, relyingParty } from "./passkeys.js";
import { passwordLinkInfo, usePasswordLink } from "./password-links.js";
import { challengeAccount, completeChallenge, secondStepAsked, type SecondProof } from "./second-step.js";
import { signIn, underLimits, DEACTIVATED } from "./sign-in.js";
import { issueToken, personForToken, revokeToken } from "./tokens.js";

export type AccountDeps = {
  db: Kysely<Database>;
  /** The sign-in counters: one for every kind, so that the one sign-in counts a wrong password once */
  limiter: LoginLimiter;
  tokenTtlDays: number;
  publicUrl: string;
  forgotLimiters: MailLimiters;
  /** Seals the authenticators' keys (sealed.ts) */
  factorKey: Buffer;
  /** Wrong second-step codes per account */
  mfaLimiter: RateLimiterAbstract;
  /** Passkey options asked per address (each keeps a challenge for five minutes) */
  passkeyLimiter: RateLimiterAbstract;
  /** The firm's name, as a passkey's relying party shows it */
  company: () => string;
  /** Whether the owner's rule holds this account to its security page: a factor asked of its kind, none set up (issue 67) */
  mustSetUp: (who: { kind: string; id: number }) => Promise<boolean>;
};

/**
 * The kinds' own sign-in, sign-out and who-am-I calls, kept for the API's other clients (the portal's are
 * `account/login`, `account/me` and `account/logout`, which serve every kind). A kind added later needs none.
 */
type KindCalls = { login: EndpointDef; logout: EndpointDef; me?: EndpointDef };
const kindCalls: Partial<Record<SignInKind, KindCalls>> = {
  agent: { login: endpoints.login, logout: endpoints.logout },
  staff: { login: endpoints.officeLogin, logout: endpoints.officeLogout, me: endpoints.officeMe },
  mentor: { login: endpoints.mentorLogin, logout: endpoints.mentorLogout, me: endpoints.mentorMe },
};

export function accountRoutes(serve: Server, deps: AccountDeps) {
  const { db, limiter, tokenTtlDays } = deps;
  const ipOf = (ip: string | undefined) => ip ?? "unknown";
  // An agent's first sign-in with JavaScript gives the browser's zone, which becomes the agent's own.
  const adoptZone = (time_zone: string | undefined) => async (kind: SignInKind, id: number) => {
    if (kind === "agent" && time_zone) await adoptBrowserZone(db, id, time_zone);
  };

  const rp = () => relyingParty(deps.publicUrl, deps.company());
  /** A token for an account whose sign-in is complete (a passkey, or the second step). */
  const issueFor = async (who: { kind: SignInKind; id: number }) => {
    const { token, expiresAt } = await issueToken(db, who.kind, who.id, tokenTtlDays);
    const found = await personForToken(db, who.kind, token);
    if (!found) throw new ApiError(403, "auth.deactivated", DEACTIVATED);
    return { kind: who.kind, token, expires_at: expiresAt, person: found.person };
  };
  /**
   * Once a sign-in is complete: its browser noted (one not seen before is e-mailed), and whether the owner's rule
   * confines the account to its security page (a factor asked of its kind, none set up).
   */
  const signedIn = async <T extends { kind: SignInKind; person: { id: number } }>(login: T, call: Arrival) => {
    if (!isFactorKind(login.kind)) return login;
    const who = { kind: login.kind, id: login.person.id };
    await noteBrowser(db, who, {
      key: browserKey(call.header(BROWSER_HEADER), call.header("user-agent")),
      name: browserName(call.header("user-agent")),
      ip: call.clientIp,
    });
    return (await deps.mustSetUp(who)) ? { ...login, factor_required: true as const } : login;
  };

  /**
   * A sign-in, whichever step: the password (answered `mfa.required` with a challenge when the account has a second
   * factor), a passkey alone, or the challenge and a code or a passkey (issue 67). `among` narrows it to a kind's
   * own call.
   */
  const signInStep = async (body: z.output<typeof loginBody>, call: Arrival, among?: readonly SignInKind[]) => {
    const ip = ipOf(call.clientIp);
    if ("challenge" in body) {
      const who = await completeChallenge(db, deps.mfaLimiter, deps.factorKey, rp(), body as SecondProof);
      if (among && !among.includes(who.kind)) throw new ApiError(401, "mfa.challenge_gone", "This sign-in has expired.");
      return signedIn(await issueFor(who), call);
    }
    if ("passkey" in body) {
      // The passkey is both factors (the device verified its person): no password, no second step.
      const who = await checkPasskey(db, rp(), body.passkey as unknown as AuthenticationResponseJSON, null);
      if (among && !among.includes(who.kind)) throw passkeyFailed();
      return signedIn(await issueFor(who), call);
    }
    const { email, password, time_zone } = body;
    const login = await signIn(db, limiter, { email, password, ip }, tokenTtlDays, {
      ...(among ? { among } : {}),
      before: adoptZone(time_zone),
      // Past a right password, an account with a factor is asked for it: no token yet.
      gate: async (kind, id) => {
        if (isFactorKind(kind) && (await hasFactor(db, { kind, id }))) throw await secondStepAsked(db, { kind, id });
      },
    });
    return signedIn(login, call);
  };

  // A passkey's options: to sign in with one alone (any of ours the device holds), or as a challenge's second step.
  serve(endpoints.passkeySignIn, async ({ body, call }) => {
    try {
      await deps.passkeyLimiter.consume(ipOf(call.clientIp));
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e, "passkey attempts");
      throw e;
    }
    const who = body.challenge ? await challengeAccount(db, body.challenge) : null;
    return (await authenticationOptions(db, rp(), who)) as unknown as PasskeyOptions;
  });

  // The portal's one sign-in: the API finds the kind.
  serve(endpoints.signIn, async ({ body, call }) => (await signInStep(body, call)) as SignedInData);
  // The guard has read the token's person and expiry already: one more query, an agent's cart count.
  serve(endpoints.whoAmI, async ({ caller }) => {
    const cart_count = caller.kind === "agent" ? await cartCount(db, caller.id) : null;
    const confined = await deps.mustSetUp(caller);
    return {
      kind: caller.kind,
      person: caller.person,
      expires_at: caller.expires_at,
      cart_count,
      ...(confined ? { factor_required: true } : {}),
    } as WhoAmIData;
  });
  serve(endpoints.signOut, async ({ caller }) => {
    await revokeToken(db, caller.kind, caller.token);
    return { signed_out: true as const };
  });

  // Each kind's own calls, answered with the person under the kind's name (`agent`, `staff`, `mentor`).
  for (const kind of signInKinds) {
    const calls = kindCalls[kind];
    if (!calls) continue;
    serve(calls.login as typeof endpoints.login, async ({ body, call }) => {
      const login = await signInStep(body, call, [kind]);
      return { token: login.token, expires_at: login.expires_at, [kind]: login.person } as unknown as LoginData;
    });
    serve(calls.logout as typeof endpoints.logout, async ({ caller }) => {
      await revokeToken(db, kind, caller.token);
      return { signed_out: true as const };
    });
    if (calls.me) serve(calls.me as typeof endpoints.officeMe, async ({ caller }) => ({ [kind]: caller.person }) as never);
  }

  // The token may come as the bearer header or, as the old client sent it, in the body.
  serve(endpoints.tokencheck, async ({ body, call }) => {
    const token = call.token ?? body.token;
    if (!token) throw new ApiError(401, "auth.sign_in_first", SIGN_IN_FIRST);
    const found = await personForToken(db, "agent", token);
    if (!found) throw new ApiError(401, "auth.session_expired", SESSION_EXPIRED);
    return { agent: found.person, expires_at: found.expires_at, cart_count: await cartCount(db, found.person.id) };
  });
  serve(endpoints.saveSettings, async ({ caller, body }) => setAgentZone(db, caller.id, body.time_zone));

  // One's own account, the same four calls for each kind that has them.
  for (const kind of signInKinds) {
    if (!(kind in ownAccount)) continue;
    const calls = ownAccount[kind as keyof typeof ownAccount];
    serve(calls.read, async ({ caller }) => getAccount(db, kind, caller.id));
    serve(calls.save, async ({ caller, body }) => updateAccount(db, kind, caller.id, body));
    serve(calls.signOutOthers, async ({ caller }) => signOutOthers(db, kind, caller.id, caller.token));
    serve(calls.password, async ({ caller, body, call }) => {
      // The current password is a password guessed like any other: the kind's sign-in limits apply.
      const ip = ipOf(call.clientIp);
      return changePassword(db, kind, caller.id, caller.token, body, {
        before: (email) => underLimits(limiter, ip, email),
        failed: (email) => limiter.failed(ip, email),
        succeeded: (email) => limiter.succeeded(ip, email),
      });
    });
  }

  /**
   * Public: a reset link to the address, if an account has it; the same answer either way. The asker's address is
   * limited (429: it is theirs to wait). The mails are capped without a word: three an hour per address asked from
   * one place, ten an hour from everywhere. A stranger who asks three times has used up only their own three, and
   * the owner, asking from elsewhere, still gets the link (a shared per-email limit refused the owner for an hour).
   */
  serve(endpoints.forgotPassword, async ({ body, call }) => {
    const address = body.email.toLowerCase();
    return (await mayMail(deps.forgotLimiters, ipOf(call.clientIp), address, "reset requests"))
      ? requestPasswordReset(db, body.email, deps.publicUrl)
      : { sent: true as const };
  });

  // Public: whose a set-password link is, and using it (which signs its person in).
  serve(endpoints.passwordCheck, async ({ body }) => passwordLinkInfo(db, body.token));
  serve(endpoints.passwordSet, async ({ body, call }) => {
    const info = await passwordLinkInfo(db, body.token);
    if (body.password.toLowerCase().includes(info.email.toLowerCase())) {
      throw new ApiError(400, "validation.failed", FIX_FIELDS, {
        password: [fieldError("password.has_email", "Do not use your email address")],
      });
    }
    const used = await usePasswordLink(db, body.token, body.password);
    // A reset leaves the factor in place: the new password is set, and the second step is asked as at any sign-in.
    const who = { kind: used.kind, id: used.accountId };
    if (isFactorKind(who.kind) && (await hasFactor(db, { kind: who.kind, id: who.id }))) {
      throw await secondStepAsked(db, { kind: who.kind, id: who.id });
    }
    return (await signedIn(await issueFor(who), call)) as PasswordSet;
  });
}
