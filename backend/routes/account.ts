/**
 * One's own account, the same calls for agents (`agent/account…`, bearer token of an agent) and staff
 * (`office/account…`): read and edit name, phone and zone; change the password; sign out every other session.
 * And, public, `agent/forgot-password` (for either kind of account).
 */
import type { Request, RequestHandler, Router } from "express";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { accountBody, forgotPasswordBody, passwordChangeBody, type AccountData } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { tooMany, type LoginLimiter } from "../rate-limit.js";
import {
  changePassword,
  getAccount,
  requestPasswordReset,
  signOutOthers,
  updateAccount,
  type AccountKind,
} from "../services/own-account.js";

/** Adds `prefix/account` (GET, POST), `prefix/password` and `prefix/sign-out-others` to a router. */
export function ownAccountRoutes(
  router: Router,
  db: Kysely<Database>,
  kind: AccountKind,
  prefix: string,
  guard: RequestHandler[],
  who: (req: Request) => { id: number; token: string },
  /** The sign-in limits of this kind of account: the current password is a password guessed like any other */
  limiter: LoginLimiter,
) {
  router.get(
    `${prefix}/account`,
    ...guard,
    handler(async (req, res) => send<AccountData>(res, await getAccount(db, kind, who(req).id))),
  );
  router.post(
    `${prefix}/account`,
    ...guard,
    handler(async (req, res) => send<AccountData>(res, await updateAccount(db, kind, who(req).id, parse(accountBody, req.body)))),
  );
  router.post(
    `${prefix}/password`,
    ...guard,
    handler(async (req, res) => {
      const me = who(req);
      const ip = req.clientIp ?? "unknown";
      const attempts = {
        before: async (email: string) => {
          const { delayMs } = await limiter.beforeAttempt(ip, email);
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        },
        failed: (email: string) => limiter.failed(ip, email),
        succeeded: (email: string) => limiter.succeeded(ip, email),
      };
      send(res, await changePassword(db, kind, me.id, me.token, parse(passwordChangeBody, req.body), attempts));
    }),
  );
  router.post(
    `${prefix}/sign-out-others`,
    ...guard,
    handler(async (req, res) => {
      const me = who(req);
      send(res, await signOutOthers(db, kind, me.id, me.token));
    }),
  );
}

/**
 * Public: a reset link to the address, if an account has it; the same answer either way. The asker's address is
 * limited (429: it is theirs to wait). The mails are capped without a word: three an hour per address asked from
 * one place, ten an hour from everywhere. A stranger who asks three times has used up only their own three, and
 * the owner, asking from elsewhere, still gets the link (a shared per-email limit refused the owner for an hour).
 */
export function forgotPasswordRoute(
  router: Router,
  deps: {
    db: Kysely<Database>;
    publicUrl: string;
    byIp: RateLimiterAbstract;
    byPair: RateLimiterAbstract;
    byEmail: RateLimiterAbstract;
  },
) {
  router.post(
    "/agent/forgot-password",
    handler(async (req, res) => {
      const { email } = parse(forgotPasswordBody, req.body);
      const ip = req.clientIp ?? "unknown";
      try {
        await deps.byIp.consume(ip);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e, "reset requests");
        throw e;
      }
      const address = email.toLowerCase();
      const mayMail = await spend(deps.byPair, `${address}|${ip}`).then((ok) => ok && spend(deps.byEmail, address));
      send(res, mayMail ? await requestPasswordReset(deps.db, email, deps.publicUrl) : { sent: true });
    }),
  );
}

/** One point of a limiter, if it has one left. */
async function spend(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}
