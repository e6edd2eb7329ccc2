/** agent/login, agent/tokencheck, agent/logout. */
import { Router } from "express";
import type { Kysely } from "kysely";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import {
  agentSettingsBody,
  loginBody,
  tokencheckBody,
  type AgentPublic,
  type LoginData,
  type TokencheckData,
} from "../../lib/contract.js";
import { bearerToken, currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { ApiError, handler, parse, send } from "../http.js";
import type { LoginLimiter } from "../rate-limit.js";
import { adoptBrowserZone, agentByEmail, setAgentZone } from "../services/accounts.js";
import { hashPassword, verifyPassword } from "../services/passwords.js";
import { agentForToken, issueToken, revokeToken } from "../services/tokens.js";
import { forgotPasswordRoute, ownAccountRoutes } from "./account.js";

// Verified against when the email is unknown, so both answers take the same time.
const dummyHash = hashPassword("not-a-real-password");

export function agentRoutes(deps: {
  db: Kysely<Database>;
  limiter: LoginLimiter;
  tokenTtlDays: number;
  publicUrl: string;
  forgotLimiters: { byIp: RateLimiterAbstract; byPair: RateLimiterAbstract; byEmail: RateLimiterAbstract };
}) {
  const { db, limiter } = deps;
  const router = Router();
  forgotPasswordRoute(router, { db, publicUrl: deps.publicUrl, ...deps.forgotLimiters });
  ownAccountRoutes(
    router,
    db,
    "agent",
    "/agent",
    [requireAuth(db)],
    (req) => ({ id: currentAgent(req).id, token: req.token! }),
    limiter,
  );

  router.post(
    "/agent/login",
    handler(async (req, res) => {
      const { email, password, time_zone } = parse(loginBody, req.body);
      const ip = req.clientIp ?? "unknown";
      const { delayMs } = await limiter.beforeAttempt(ip, email);
      // An address that keeps failing for an email under attack is answered slowly, never locked out for others.
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const agent = await agentByEmail(db, email);
      const valid = await verifyPassword(agent?.password_hash ?? (await dummyHash), password);
      if (!agent || !valid) {
        await limiter.failed(ip, email);
        throw new ApiError(401, "Email or password is incorrect.");
      }
      await limiter.succeeded(ip, email);
      // Said only to whoever knows the password: it tells a stranger nothing.
      if (!agent.active) throw new ApiError(403, "This account has been deactivated. Ask the consultancy to reactivate it.");
      if (time_zone) await adoptBrowserZone(db, agent.id, time_zone);
      const { token, expiresAt } = await issueToken(db, agent.id, deps.tokenTtlDays);
      const { agent: pub } = (await agentForToken(db, token))!;
      send<LoginData>(res, { token, expires_at: expiresAt, agent: pub });
    }),
  );

  // The token may come as the bearer header or, as the old client sent it, in the body.
  router.post(
    "/agent/tokencheck",
    handler(async (req, res) => {
      const body = parse(tokencheckBody, req.body);
      const token = bearerToken(req) ?? body.token;
      if (!token) throw new ApiError(401, "Sign in first: this call needs a bearer token.");
      const found = token.length <= 200 ? await agentForToken(db, token) : null;
      if (!found) throw new ApiError(401, "Your session has expired. Please sign in again.");
      send<TokencheckData>(res, found);
    }),
  );

  // The agent's own settings (its time zone).
  router.post(
    "/agent/settings",
    requireAuth(db),
    handler(async (req, res) => {
      const { id } = currentAgent(req);
      const { time_zone } = parse(agentSettingsBody, req.body);
      send<AgentPublic>(res, await setAgentZone(db, id, time_zone));
    }),
  );

  router.post(
    "/agent/logout",
    requireAuth(db),
    handler(async (req, res) => {
      currentAgent(req);
      await revokeToken(db, req.token!);
      send(res, { signed_out: true });
    }),
  );

  return router;
}
