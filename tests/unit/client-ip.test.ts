import { describe, expect, it } from "vitest";
import { signClientIp, verifyClientIp } from "../../lib/client-ip.js";

describe("the visitor's address, signed by the portal", () => {
  const secret = "s".repeat(40);
  it("is believed only with the right secret, fresh, and a real address", () => {
    const now = 1_800_000_000_000;
    expect(verifyClientIp(secret, signClientIp(secret, "203.0.113.9", now), now)).toBe("203.0.113.9");
    expect(verifyClientIp(secret, signClientIp(secret, "2001:db8::1", now), now)).toBe("2001:db8::1");
    expect(verifyClientIp("t".repeat(40), signClientIp(secret, "203.0.113.9", now), now)).toBeNull();
    expect(verifyClientIp(secret, signClientIp(secret, "203.0.113.9", now), now + 120_000)).toBeNull();
    const forged = signClientIp(secret, "203.0.113.9", now).replace("203.0.113.9", "198.51.100.1");
    expect(verifyClientIp(secret, forged, now)).toBeNull();
    for (const junk of [undefined, "", "203.0.113.9", "a;b;c", "not-an-ip;1;x", "1.2.3.4;1;x;y", "x".repeat(500)]) {
      expect(verifyClientIp(secret, junk, now)).toBeNull();
    }
  });
});
