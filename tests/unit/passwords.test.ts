import os from "node:os";
import { describe, expect, it, vi } from "vitest";
import { hashesInFlight, hashPassword, needsRehash, verifyPassword } from "../../backend/accounts/passwords.js";

describe("password hashing", () => {
  it("runs at most one Argon2 hash per core at a time; the rest wait, and all finish right", async () => {
    const stored = await hashPassword("right horse battery");
    const burst = Array.from({ length: 12 }, (_, i) => verifyPassword(stored, i % 2 ? "right horse battery" : "wrong"));
    const seen = hashesInFlight();
    expect(seen.running).toBeLessThanOrEqual(Math.max(1, os.availableParallelism()));
    expect(seen.running + seen.waiting).toBe(12);
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    expect(hashesInFlight()).toEqual({ running: 0, waiting: 0 });
  });

  it("hashes at OWASP's Argon2id cost unless a test suite asks for the minimal one; each verifies the other", async () => {
    // The suite runs with PASSWORD_HASH_COST=minimal (vitest.config.ts); a real start has no such setting.
    expect(process.env.PASSWORD_HASH_COST).toBe("minimal");
    const fast = await hashPassword("right horse battery");
    expect(fast).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);

    vi.resetModules();
    vi.stubEnv("PASSWORD_HASH_COST", undefined);
    try {
      const standard = await import("../../backend/accounts/passwords.js");
      const strong = await standard.hashPassword("right horse battery");
      // OWASP's 12 MiB and three passes.
      expect(strong).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
      expect(await standard.verifyPassword(fast, "right horse battery")).toBe(true);
      // Made at any other cost (the 19 MiB one earlier releases used, the minimal one), a hash is made again.
      expect(standard.needsRehash(strong)).toBe(false);
      expect(standard.needsRehash(fast)).toBe(true);
      expect(standard.needsRehash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(true);
      expect(standard.needsRehash("not a hash")).toBe(true);
      expect(await verifyPassword(strong, "right horse battery")).toBe(true);
      expect(await verifyPassword(strong, "wrong horse battery")).toBe(false);
      // Under the suite's minimal cost nothing is made again: that would weaken a stronger hash.
      expect(needsRehash(strong)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
