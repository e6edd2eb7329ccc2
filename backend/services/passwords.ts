/**
 * Password hashing with Argon2id (@node-rs/argon2), the OWASP-recommended default, at its default cost
 * (19 MiB of memory per hash). Hashes run at most one per core at a time: a burst of sign-ins waits its turn
 * instead of holding 19 MiB each at once (50 parallel sign-ins would otherwise want about 1 GB).
 */
import os from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

const oneAtATimePerCore = pLimit(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password));
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
