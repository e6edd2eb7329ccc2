import os from "node:os";
import { describe, expect, it, vi } from "vitest";
import { hashesInFlight, hashPassword, verifyPassword } from "../../backend/accounts/passwords.js";

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
      expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await standard.verifyPassword(fast, "right horse battery")).toBe(true);
      expect(await verifyPassword(strong, "right horse battery")).toBe(true);
      expect(await verifyPassword(strong, "wrong horse battery")).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
