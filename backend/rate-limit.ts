/**
 * Sign-in attempt limits, per IP (every attempt) and per email (failed attempts),
 * kept in the database by rate-limiter-flexible so that every instance shares them.
 */
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "./db/connection.js";
import { ApiError } from "./http.js";

export type LoginLimitSettings = { perIp: number; perEmail: number; windowSeconds: number; slowdownMs: number };

/** A limiter kept in the database's rate_limits table (made by migration 005), shared by every instance. */
export function createLimiter(database: Db, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const opts = { keyPrefix, points, duration, tableName: "rate_limits", tableCreated: true };
  return database.raw.kind === "sqlite"
    ? new RateLimiterSQLite({ ...opts, storeClient: database.raw.client, storeType: "better-sqlite3" })
    : new RateLimiterPostgres({ ...opts, storeClient: database.raw.client });
}

export function tooMany(res: RateLimiterRes, what = "sign-in attempts") {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new ApiError(
    429,
    "rate.too_many",
    `Too many ${what}. Please try again in ${wait}.`,
    undefined,
    { "Retry-After": String(seconds) },
    { seconds },
  );
}

/**
 * The sign-in policy (README, "Sign-in limits"): brute force is kept slow without letting a stranger lock
 * an account's owner out.
 * - Every attempt counts against its address: `perIp` per window, then 429 for that address.
 * - Failures count per (email, address) pair: after `perEmail` of them that pair is refused (429) for the
 *   rest of the window. Other addresses are not affected, so the owner still signs in from elsewhere.
 * - Failures also count per email across addresses: past `perEmail`, every further attempt on that email
 *   from an address that has already failed for it waits `slowdownMs` first. An address that has not failed
 *   for the email is never slowed or refused.
 */
/** `prefix` names the counters: one set ("login") serves every kind's sign-in. */
export async function createLoginLimiter(database: Db, settings: LoginLimitSettings, prefix = "login") {
  const byIp = createLimiter(database, `${prefix}_ip`, settings.perIp, settings.windowSeconds);
  const byPair = createLimiter(database, `${prefix}_pair`, settings.perEmail, settings.windowSeconds);
  // A counter, not a limit: its points are never meant to run out.
  const byEmail = createLimiter(database, `${prefix}_email_all`, 1_000_000, settings.windowSeconds);
  const pairKey = (ip: string, email: string) => `${email}|${ip}`;
  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  };

  return {
    /**
     * Counts this attempt against the address and, before the password is checked, against the pair: an atomic
     * increment in the database, so of any number of simultaneous attempts at most `perEmail` get through (a read
     * then a later write let 30 at once all be checked). A success clears the pair.
     */
    async beforeAttempt(ip: string, email: string): Promise<{ delayMs: number }> {
      const pair = await byPair.get(pairKey(ip, email));
      if (pair && pair.consumedPoints >= settings.perEmail) throw tooMany(pair);
      try {
        await byIp.consume(ip);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e);
        throw e;
      }
      let reserved: RateLimiterRes;
      try {
        reserved = await byPair.consume(pairKey(ip, email));
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e);
        throw e;
      }
      // This pair had failed before (its counter held more than this attempt): slow it while the email is attacked.
      if (reserved.consumedPoints <= 1) return { delayMs: 0 };
      const all = await byEmail.get(email);
      return { delayMs: (all?.consumedPoints ?? 0) >= settings.perEmail ? settings.slowdownMs : 0 };
    },
    /** The attempt failed: the pair already counted it (beforeAttempt); the email's counter counts it too. */
    async failed(_ip: string, email: string) {
      await consume(byEmail, email);
    },
    async succeeded(ip: string, email: string) {
      await byPair.delete(pairKey(ip, email));
    },
  };
}
export type LoginLimiter = Awaited<ReturnType<typeof createLoginLimiter>>;

/**
 * The limits on a public call that e-mails an address (a reset link, a client's link): its asker and its mails.
 * `fresh` is the trickle past the address's cap: one mail in each of its windows, so that strangers who use up the
 * cap cannot keep a fresh link from the owner's inbox for longer than that (they can only send it there).
 */
export type MailLimiters = {
  byIp: RateLimiterAbstract;
  byPair: RateLimiterAbstract;
  byEmail: RateLimiterAbstract;
  fresh: RateLimiterAbstract;
};

/**
 * The asker's address is limited (429: theirs to wait, `what` names the asks); the mails are capped without a word,
 * per address asked from one place and per address from everywhere. Resolves whether a mail may go. `scope` keeps
 * two calls sharing the limiters from counting against each other.
 */
export async function mayMail(limiters: MailLimiters, ip: string, address: string, what: string, scope = ""): Promise<boolean> {
  try {
    await limiters.byIp.consume(`${scope}${ip}`);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooMany(e, what);
    throw e;
  }
  const spend = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  };
  if (!(await spend(limiters.byPair, `${scope}${address}|${ip}`))) return false;
  return (await spend(limiters.byEmail, `${scope}${address}`)) || (await spend(limiters.fresh, `${scope}${address}`));
}
