/** The bearer check: who a request's token is, for the kinds of account an endpoint admits. */
import type { Kysely } from "kysely";
import type { AccountKind } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { allTokenKinds, isTokenKind, tokenKinds, type TokenKind } from "./kinds.js";
import { personForToken, type Person } from "./tokens.js";

/** A signed-in caller: its kind, its account's id, the token it came with, and who it is. */
export type Caller<K extends TokenKind = TokenKind> = { kind: K; id: number; token: string; person: Person; expires_at: string };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The visitor's address: signed by the portal, or the connection's own (backend/app.ts) */
      clientIp?: string;
    }
  }
}

export const SIGN_IN_FIRST = "Sign in first: this call needs a bearer token.";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Who a live token of one of `allowed`'s kinds is. No token, or one nobody has: 401. A live token of another kind
 * (an agent's in the back office, a staff member's in an agent's call): 403.
 */
export async function callerFor(db: Kysely<Database>, allowed: readonly AccountKind[], token: string | null): Promise<Caller> {
  if (!token) throw new ApiError(401, "auth.sign_in_first", SIGN_IN_FIRST);
  const mine = allowed.filter(isTokenKind);
  for (const kind of mine) {
    const found = await personForToken(db, kind, token);
    if (found) return { kind, id: found.person.id, token, person: found.person, expires_at: found.expires_at };
  }
  const refusal = mine[0] ? tokenKinds[mine[0]].onlyFor : "This call is not for your kind of account.";
  for (const kind of allTokenKinds.filter((k) => !mine.includes(k))) {
    if (await personForToken(db, kind, token)) throw new ApiError(403, "auth.wrong_kind", refusal);
  }
  throw new ApiError(401, "auth.session_expired", SESSION_EXPIRED);
}

/** A path's account id must be the caller's own: another's is refused, never served. */
export function assertOwnId(caller: Caller, id: number) {
  if (caller.id !== id) throw new ApiError(403, "auth.not_yours", "You can only see your own records.");
}
