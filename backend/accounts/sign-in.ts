/**
 * Signing in with an email and a password, for every kind in the table (kinds.ts), under the kind's sign-in limits
 * (backend/rate-limit.ts). The same time whether the email is known or not; a deactivated account is told so only
 * once its password is right.
 */
import { sql, type Kysely } from "kysely";
import { DEACTIVATED_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from "../../lib/messages.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import type { LoginLimiter } from "../rate-limit.js";
import { kinds, signInKinds, type SignInKind } from "./kinds.js";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.js";
import { issueToken, personForToken, type Person } from "./tokens.js";

// Verified against when the email is unknown, so both answers take the same time.
const dummyHash = hashPassword("not-a-real-password");

export const WRONG_CREDENTIALS = WRONG_CREDENTIALS_MESSAGE;
export const DEACTIVATED = DEACTIVATED_MESSAGE;

/** The account of this kind with this email, with what a sign-in checks. */
export async function accountByEmail(db: Kysely<Database>, kind: SignInKind, email: string) {
  const { rows } = await sql<Person & { password_hash: string | null; active: number }>`
    select id, name, email, time_zone, password_hash, active from ${sql.table(kinds[kind].accounts)} where email = ${email}`.execute(
    db,
  );
  return rows[0];
}

/**
 * The password just verified, hashed again at today's cost (a hash made at an earlier one still verifies). Stored only
 * over the hash it replaces: a password changed meanwhile is left as it was.
 */
async function rehash(
  db: Kysely<Database>,
  kind: SignInKind,
  account: { id: number; password_hash: string | null },
  password: string,
) {
  const hash = await hashPassword(password);
  await sql`update ${sql.table(kinds[kind].accounts)} set password_hash = ${hash}
    where id = ${account.id} and password_hash = ${account.password_hash}`.execute(db);
}

/** Waits out the delay the limits ask of this address and email, if any. */
export async function underLimits(limiter: LoginLimiter, ip: string, email: string) {
  const { delayMs } = await limiter.beforeAttempt(ip, email);
  // An address that keeps failing for an email under attack is answered slowly, never locked out for others.
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
}

/**
 * Signs in whoever has this email and password among `among` (every kind that signs in with a password, by
 * default, in the table's order: the first whose password matches). One count under the limits whatever the kinds,
 * and the same time whether the email is known or not: a password is checked only against the accounts that have
 * the email, or against a dummy when none has.
 */
export async function signIn<K extends SignInKind>(
  db: Kysely<Database>,
  limiter: LoginLimiter,
  attempt: { email: string; password: string; ip: string },
  ttlDays: number,
  options: {
    among?: readonly K[];
    /** Done for the account before its token is issued (an agent's first zone) */
    before?: (kind: K, id: number) => Promise<void>;
    /** Asked last, once the password is right: throws to issue no token (the second step, issue 67) */
    gate?: (kind: K, id: number) => Promise<void>;
  } = {},
): Promise<{ kind: K; token: string; expires_at: string; person: Person }> {
  const { email, password, ip } = attempt;
  await underLimits(limiter, ip, email);
  const among = options.among ?? (signInKinds as readonly SignInKind[] as readonly K[]);
  const found = (await Promise.all(among.map(async (kind) => ({ kind, account: await accountByEmail(db, kind, email) })))).filter(
    (f): f is { kind: K; account: NonNullable<typeof f.account> } => Boolean(f.account?.password_hash),
  );
  if (!found.length) await verifyPassword(await dummyHash, password);
  let matched: (typeof found)[number] | undefined;
  for (const candidate of found) {
    if (!(await verifyPassword(candidate.account.password_hash!, password))) continue;
    // An active account of a later kind wins over a deactivated one of an earlier kind with the same password.
    if (!matched || (!matched.account.active && candidate.account.active)) matched = candidate;
    if (matched.account.active) break;
  }
  if (!matched) {
    await limiter.failed(ip, email);
    throw new ApiError(401, "auth.wrong_credentials", WRONG_CREDENTIALS);
  }
  await limiter.succeeded(ip, email);
  const { kind, account } = matched;
  // Said only to whoever knows the password: it tells a stranger nothing.
  if (!account.active) throw new ApiError(403, "auth.deactivated", DEACTIVATED);
  if (needsRehash(account.password_hash!)) await rehash(db, kind, account, password);
  await options.before?.(kind, account.id);
  await options.gate?.(kind, account.id);
  const { token, expiresAt } = await issueToken(db, kind, account.id, ttlDays);
  // Read as every call reads it (a staff member's role with it), after `before`, which may set the agent's zone.
  const person = (await personForToken(db, kind, token))?.person;
  const { id, name, email: address, time_zone } = account;
  return { kind, token, expires_at: expiresAt, person: person ?? { id: Number(id), name, email: address, time_zone } };
}
