/**
 * Sign-in attempt limits, per IP (every attempt) and per email (failed attempts),
 * kept in the database by rate-limiter-flexible so that every instance shares them.
 */
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "./db/connection.js";
import { ApiError } from "./http.js";

export type LoginLimitSettings = { perIp: number; perEmail: number; windowSeconds: number };

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
  return new ApiError(429, `Too many ${what}. Please try again in ${wait}.`, undefined, {
    "Retry-After": String(seconds),
  });
}

export async function createLoginLimiter(database: Db, settings: LoginLimitSettings) {
  const byIp = createLimiter(database, "login_ip", settings.perIp, settings.windowSeconds);
  const byEmail = createLimiter(database, "login_email", settings.perEmail, settings.windowSeconds);

  return {
    /** Counts this attempt against the IP; refuses when the IP or the email is over its limit. */
    async beforeAttempt(ip: string, email: string) {
      const emailState = await byEmail.get(email);
      if (emailState && emailState.consumedPoints >= settings.perEmail) throw tooMany(emailState);
      try {
        await byIp.consume(ip);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(e);
        throw e;
      }
    },
    async failed(email: string) {
      try {
        await byEmail.consume(email);
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
      }
    },
    async succeeded(email: string) {
      await byEmail.delete(email);
    },
  };
}
export type LoginLimiter = Awaited<ReturnType<typeof createLoginLimiter>>;
