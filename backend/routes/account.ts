/**
 * Signing in and out, tokens, one's own account and the set-password links, for every kind of account that signs
 * in (backend/accounts/kinds.ts). Agents sign in at `agent/login`, staff at `office/login`; the portal's one sign-in
 * page tries each.
 */
import type { Kysely } from "kysely";
import {
  endpoints,
  ownAccount,
  type AgentPublic,
  type MentorPublic,
  type PasswordSet,
  type StaffPublic,
} from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { bearerToken, SESSION_EXPIRED, SIGN_IN_FIRST } from "../accounts/guard.js";
import type { SignInKind } from "../accounts/kinds.js";
import { changePassword, getAccount, requestPasswordReset, signOutOthers, updateAccount } from "../accounts/own-account.js";
import { passwordLinkInfo, usePasswordLink } from "../accounts/password-links.js";
import { signIn, underLimits, DEACTIVATED } from "../accounts/sign-in.js";
import { issueToken, personForToken, revokeToken } from "../accounts/tokens.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { mayMail, type LoginLimiter, type MailLimiters } from "../rate-limit.js";
import type { Server } from "../serve.js";
import { adoptBrowserZone, setAgentZone } from "../services/accounts.js";
import { cartCount } from "../services/cart.js";

export type AccountDeps = {
  db: Kysely<Database>;
  /** Each kind's sign-in counters: its own, so that a wrong password counts once in each, never twice in one */
  limiters: Record<SignInKind, LoginLimiter>;
  tokenTtlDays: number;
  publicUrl: string;
  forgotLimiters: MailLimiters;
};

export function accountRoutes(serve: Server, deps: AccountDeps) {
  const { db, limiters, tokenTtlDays } = deps;
  const ipOf = (ip: string | undefined) => ip ?? "unknown";

  serve(endpoints.login, async ({ body, req }) => {
    const { email, password, time_zone } = body;
    const login = await signIn(
      db,
      "agent",
      limiters.agent,
      { email, password, ip: ipOf(req.clientIp) },
      tokenTtlDays,
      time_zone ? (id) => adoptBrowserZone(db, id, time_zone) : undefined,
    );
    return { token: login.token, expires_at: login.expires_at, agent: login.person };
  });

  serve(endpoints.officeLogin, async ({ body, req }) => {
    const ip = ipOf(req.clientIp);
    const login = await signIn(db, "staff", limiters.staff, { email: body.email, password: body.password, ip }, tokenTtlDays);
    // The sign-in page asked agent/login first, which counted a failure for this address and email: a staff
    // member signing in often must not be locked out by those.
    await limiters.agent.succeeded(ip, body.email);
    return { token: login.token, expires_at: login.expires_at, staff: login.person as StaffPublic };
  });

  serve(endpoints.mentorLogin, async ({ body, req }) => {
    const ip = ipOf(req.clientIp);
    const login = await signIn(db, "mentor", limiters.mentor, { email: body.email, password: body.password, ip }, tokenTtlDays);
    // The sign-in page asked agent/login and office/login first: their failures for this address and email must not
    // lock out a mentor who signs in often.
    await limiters.agent.succeeded(ip, body.email);
    await limiters.staff.succeeded(ip, body.email);
    return { token: login.token, expires_at: login.expires_at, mentor: login.person as MentorPublic };
  });

  // The token may come as the bearer header or, as the old client sent it, in the body.
  serve(endpoints.tokencheck, async ({ body, req }) => {
    const token = bearerToken(req) ?? body.token;
    if (!token) throw new ApiError(401, SIGN_IN_FIRST);
    const found = await personForToken(db, "agent", token);
    if (!found) throw new ApiError(401, SESSION_EXPIRED);
    return { agent: found.person, expires_at: found.expires_at, cart_count: await cartCount(db, found.person.id) };
  });

  serve(endpoints.logout, async ({ caller }) => {
    await revokeToken(db, "agent", caller.token);
    return { signed_out: true as const };
  });
  serve(endpoints.officeLogout, async ({ caller }) => {
    await revokeToken(db, "staff", caller.token);
    return { signed_out: true as const };
  });
  serve(endpoints.mentorLogout, async ({ caller }) => {
    await revokeToken(db, "mentor", caller.token);
    return { signed_out: true as const };
  });
  serve(endpoints.officeMe, async ({ caller }) => ({ staff: caller.person as StaffPublic }));
  serve(endpoints.mentorMe, async ({ caller }) => ({ mentor: caller.person }));
  serve(endpoints.saveSettings, async ({ caller, body }) => setAgentZone(db, caller.id, body.time_zone));

  // One's own account, the same four calls for each kind.
  for (const kind of ["agent", "staff", "mentor"] as const) {
    const calls = ownAccount[kind];
    serve(calls.read, async ({ caller }) => getAccount(db, kind, caller.id));
    serve(calls.save, async ({ caller, body }) => updateAccount(db, kind, caller.id, body));
    serve(calls.signOutOthers, async ({ caller }) => signOutOthers(db, kind, caller.id, caller.token));
    serve(calls.password, async ({ caller, body, req }) => {
      // The current password is a password guessed like any other: the kind's sign-in limits apply.
      const ip = ipOf(req.clientIp);
      const limiter = limiters[kind];
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
  serve(endpoints.forgotPassword, async ({ body, req }) => {
    const address = body.email.toLowerCase();
    return (await mayMail(deps.forgotLimiters, ipOf(req.clientIp), address, "reset requests"))
      ? requestPasswordReset(db, body.email, deps.publicUrl)
      : { sent: true as const };
  });

  // Public: whose a set-password link is, and using it (which signs its person in).
  serve(endpoints.passwordCheck, async ({ body }) => passwordLinkInfo(db, body.token));
  serve(endpoints.passwordSet, async ({ body }) => {
    const info = await passwordLinkInfo(db, body.token);
    if (body.password.toLowerCase().includes(info.email.toLowerCase())) {
      throw new ApiError(400, FIX_FIELDS, { password: ["Do not use your email address"] });
    }
    const used = await usePasswordLink(db, body.token, body.password);
    const { token, expiresAt } = await issueToken(db, used.kind, used.accountId, tokenTtlDays);
    const found = await personForToken(db, used.kind, token);
    if (!found) throw new ApiError(403, DEACTIVATED);
    const login = { token, expires_at: expiresAt };
    const person = found.person;
    return (
      used.kind === "staff"
        ? { kind: "staff", login: { ...login, staff: person as StaffPublic } }
        : used.kind === "mentor"
          ? { kind: "mentor", login: { ...login, mentor: person as MentorPublic } }
          : { kind: "agent", login: { ...login, agent: person as AgentPublic } }
    ) satisfies PasswordSet;
  });
}
