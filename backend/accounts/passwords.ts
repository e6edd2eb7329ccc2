/**
 * Password hashing with Argon2id (@node-rs/argon2), at one of OWASP's recommended costs: 12 MiB of memory and three
 * passes (its cheat sheet lists it beside 19 MiB and two passes, the library's default, as equally strong; the same
 * work in the CPU, two thirds of the memory). Hashes run at most one per core at a time: a burst of sign-ins waits
 * its turn instead of holding 12 MiB each at once (50 parallel sign-ins would otherwise want about 600 MB). A hash
 * made at another cost (the 19 MiB one, before 2026-11-30) still verifies, and is made again at this cost when its
 * owner next signs in (`needsRehash`, backend/accounts/sign-in.ts).
 *
 * A test suite sets PASSWORD_HASH_COST=minimal (1 MiB, one pass: under 1 ms a hash instead of ~30 ms), as Django's
 * test settings swap in a fast hasher: the same algorithm and the same code paths, at a cost that thousands of test
 * accounts can afford. Each hash carries its own parameters, so verifying works across both.
 */
import os from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";
import pLimit from "p-limit";

const oneAtATimePerCore = pLimit(Math.max(1, os.availableParallelism()));

/** OWASP's Argon2id at 12 MiB: m=12288 KiB, t=3, p=1. */
const STANDARD_COST = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const satisfies Options;
const MINIMAL_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const satisfies Options;

/** The cost new hashes are made at: OWASP's, or the test suite's minimum (read once, at load). */
const minimal = process.env.PASSWORD_HASH_COST === "minimal";
const HASH_OPTIONS: Options = minimal ? MINIMAL_COST : STANDARD_COST;

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, HASH_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * Whether a stored hash was made at another cost than the standard one, to be made again once its password is known
 * (at a sign-in). Never under the test suite's minimal cost, which must not replace a stronger hash.
 */
export function needsRehash(passwordHash: string): boolean {
  if (minimal) return false;
  const cost = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  const { memoryCost, timeCost, parallelism } = STANDARD_COST;
  return !cost || Number(cost[1]) !== memoryCost || Number(cost[2]) !== timeCost || Number(cost[3]) !== parallelism;
}

/** Hashes running or waiting now (the benchmark and tests read it). */
export function hashesInFlight() {
  return { running: oneAtATimePerCore.activeCount, waiting: oneAtATimePerCore.pendingCount };
}
