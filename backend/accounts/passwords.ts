/**
 * Password hashing with Argon2id (@node-rs/argon2), the OWASP-recommended default, at its default cost
 * (19 MiB of memory per hash). Hashes run at most one per core at a time: a burst of sign-ins waits its turn
 * instead of holding 19 MiB each at once (50 parallel sign-ins would otherwise want about 1 GB).
 *
 * A test suite sets PASSWORD_HASH_COST=minimal (1 MiB, one pass: under 1 ms a hash instead of ~33 ms), as Django's
 * test settings swap in a fast hasher: the same algorithm and the same code paths, at a cost that thousands of test
 * accounts can afford. Each hash carries its own parameters, so verifying works across both.
 */
import os from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";
import pLimit from "p-limit";

const oneAtATimePerCore = pLimit(Math.max(1, os.availableParallelism()));

/** The cost new hashes are made at: the library's defaults, or the test suite's minimum (read once, at load). */
const HASH_OPTIONS: Options =
  process.env.PASSWORD_HASH_COST === "minimal" ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};

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

/** Hashes running or waiting now (the benchmark and tests read it). */
export function hashesInFlight() {
  return { running: oneAtATimePerCore.activeCount, waiting: oneAtATimePerCore.pendingCount };
}
