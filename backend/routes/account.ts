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
import { tooMany } from "../rate-limit.js";
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
      send(res, await changePassword(db, kind, me.id, me.token, parse(passwordChangeBody, req.body)));
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

/** Public: a reset link to the address, if an account has it; the same answer either way. Limited per address and per email. */
export function forgotPasswordRoute(
  router: Router,
  deps: { db: Kysely<Database>; publicUrl: string; byIp: RateLimiterAbstract; byEmail: RateLimiterAbstract },
) {
  router.post(
    "/agent/forgot-password",
    handler(async (req, res) => {
      const { email } = parse(forgotPasswordBody, req.body);
      try {
        await deps.byIp.consume(req.clientIp ?? "unknown");
        await deps.byEmail.consume(email.toLowerCase());
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e, "reset requests");
        throw e;
      }
      send(res, await requestPasswordReset(deps.db, email, deps.publicUrl));
    }),
  );
}
