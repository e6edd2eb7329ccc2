/**
 * The second step of a sign-in (issue 67): after a right password, an account with a factor is given a challenge
 * instead of a token (`mfa.required`, 401, with the challenge: 32 random bytes, stored hashed, ten minutes, used
 * once). The same sign-in called again with the challenge and a code (an authenticator's or a recovery code)
 * completes it. Five wrong codes for an account lock its second step for fifteen minutes, as wrong passwords do.
 */
import { randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { tooMany } from "../rate-limit.js";
import { checkSecondFactor, type FactorKind, type Who } from "./factors.js";
import { checkPasskey, type RelyingParty } from "./passkeys.js";
import { hashToken } from "./tokens.js";

const CHALLENGE_MINUTES = 10;
export const MFA_REQUIRED =
  "This account has a second factor: use your passkey, or give a code from your authenticator or a recovery code.";

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
export async function secondStepAsked(db: Kysely<Database>, who: Who, now = new Date()) {
  const challenge = await newChallenge(db, who, now);
  const kinds = await db
    .selectFrom("account_factors")
    .select("kind")
    .distinct()
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("confirmed_at", "is not", null)
    .execute();
  // The ways this account can answer, for the page to offer: its passkeys' and its authenticators' (a recovery code always).
  const methods = [...kinds.map((k) => k.kind).sort(), "recovery"].join(" ");
  return new ApiError(401, "mfa.required", MFA_REQUIRED, undefined, undefined, { challenge, methods });
}

const GONE = "This sign-in has expired: sign in with your password again.";

/** What completes a challenge: a code (an authenticator's or a recovery code), or a passkey's signature. */
export type SecondProof = { challenge: string; code: string } | { challenge: string; passkey: AuthenticationResponseJSON };

/** The account whose password was right, for a challenge still waiting (the passkey's options are asked for it). */
export async function challengeAccount(db: Kysely<Database>, challenge: string, now = new Date()): Promise<Who> {
  const row = await db
    .selectFrom("mfa_challenges")
    .select(["account_kind", "account_id"])
    .where("token_hash", "=", hashToken(challenge))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) throw new ApiError(401, "mfa.challenge_gone", GONE);
  return { kind: row.account_kind as FactorKind, id: row.account_id };
}

/**
 * Completes a challenge with a code or a passkey: whose account it is, once (the challenge is used by a guarded
 * update, so two tries at once complete it once). A wrong code or a refused passkey counts against the account;
 * past five, 429.
 */
export async function completeChallenge(
  db: Kysely<Database>,
  limiter: RateLimiterAbstract,
  key: Buffer,
  rp: RelyingParty,
  input: SecondProof,
  now = new Date(),
): Promise<Who & { method: "totp" | "recovery" | "passkey" }> {
  const hash = hashToken(input.challenge);
  const who = await challengeAccount(db, input.challenge, now);
  const lockKey = `${who.kind}:${who.id}`;
  const state = await limiter.get(lockKey);
  if (state && state.consumedPoints >= limiter.points) throw tooMany(state, "wrong codes");
  const counted = async () => {
    try {
      await limiter.consume(lockKey);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e, "wrong codes");
      throw e;
    }
  };
  let method: "totp" | "recovery" | "passkey" | null;
  if ("passkey" in input) {
    try {
      await checkPasskey(db, rp, input.passkey, who, now);
      method = "passkey";
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) await counted();
      throw e;
    }
  } else {
    method = await checkSecondFactor(db, who, key, input.code, now);
  }
  if (!method) {
    await counted();
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
