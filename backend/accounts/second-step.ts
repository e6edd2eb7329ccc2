/**
 * The second step of a sign-in (issue 67): after a right password, an account with a factor is given a challenge
 * instead of a token (`mfa.required`, 401, with the challenge: 32 random bytes, stored hashed, ten minutes, used
 * once). The same sign-in called again with the challenge and a code (an authenticator's or a recovery code)
 * completes it. Five wrong codes for an account lock its second step for fifteen minutes, as wrong passwords do.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { tooMany } from "../rate-limit.js";
import { checkSecondFactor, type FactorKind, type Who } from "./factors.js";
import { hashToken } from "./tokens.js";

const CHALLENGE_MINUTES = 10;
export const MFA_REQUIRED = "This account has a second factor: give a code from your authenticator, or a recovery code.";

/** A new challenge for the account whose password was right: its token (shown once). */
export async function newChallenge(db: Kysely<Database>, who: Who, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("mfa_challenges")
    .values({
      token_hash: hashToken(token),
      account_kind: who.kind,
      account_id: who.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The 401 a sign-in answers when the second step is asked for. */
export const secondStepAsked = (challenge: string) =>
  new ApiError(401, "mfa.required", MFA_REQUIRED, undefined, undefined, { challenge, methods: "totp recovery" });

const GONE = "This sign-in has expired: sign in with your password again.";

/**
 * Completes a challenge with a code: whose account it is, once (the challenge is used by a guarded update, so two
 * tries at once complete it once). A wrong code counts against the account; past five, 429.
 */
export async function completeChallenge(
  db: Kysely<Database>,
  limiter: RateLimiterAbstract,
  key: Buffer,
  input: { challenge: string; code: string },
  now = new Date(),
): Promise<Who & { method: "totp" | "recovery" }> {
  const hash = hashToken(input.challenge);
  const row = await db
    .selectFrom("mfa_challenges")
    .select(["account_kind", "account_id"])
    .where("token_hash", "=", hash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) throw new ApiError(401, "mfa.challenge_gone", GONE);
  const who: Who = { kind: row.account_kind as FactorKind, id: row.account_id };
  const lockKey = `${who.kind}:${who.id}`;
  const state = await limiter.get(lockKey);
  if (state && state.consumedPoints >= limiter.points) throw tooMany(state, "wrong codes");
  const method = await checkSecondFactor(db, who, key, input.code, now);
  if (!method) {
    try {
      await limiter.consume(lockKey);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e, "wrong codes");
      throw e;
    }
    const message = "That code is not right, or it was used already.";
    throw new ApiError(400, "mfa.code_wrong", message, { code: [{ code: "mfa.code_wrong", message }] });
  }
  const used = await db
    .updateTable("mfa_challenges")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new ApiError(401, "mfa.challenge_gone", GONE);
  await limiter.delete(lockKey);
  return { ...who, method };
}
