import os from "node:os";
import { describe, expect, it } from "vitest";
import { hashesInFlight, hashPassword, verifyPassword } from "../../backend/services/passwords.js";

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
});
