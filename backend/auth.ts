/** Bearer-token authentication for the API's guarded calls. */
import type { Request, RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { AgentPublic } from "../lib/contract.js";
import type { Database } from "./db/schema.js";
import { ApiError, handler } from "./http.js";
import { agentForToken } from "./services/tokens.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      agent?: AgentPublic;
      token?: string;
      /** The visitor's address: signed by the portal, or the connection's own (backend/app.ts) */
      clientIp?: string;
    }
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export function requireAuth(db: Kysely<Database>): RequestHandler {
  return handler(async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new ApiError(401, "Sign in first: this call needs a bearer token.");
    if (token.length > 200) throw new ApiError(401, "Your session has expired. Please sign in again.");
    const found = await agentForToken(db, token);
    if (!found) throw new ApiError(401, "Your session has expired. Please sign in again.");
    req.agent = found.agent;
    req.token = token;
    next();
  });
}

/** The signed-in agent of a request that passed requireAuth. */
export function currentAgent(req: Request): AgentPublic {
  if (!req.agent) throw new ApiError(401, "Sign in first: this call needs a bearer token.");
  return req.agent;
}

/** A path's agent id must be the caller's own: another agent's id is refused, never served. */
export function assertOwnAgentId(req: Request, agentId: number) {
  if (currentAgent(req).id !== agentId) {
    throw new ApiError(403, "You can only see your own records.");
  }
}
