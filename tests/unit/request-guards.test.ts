/** Issue 21, point 7: headers the server cannot read are refused, and secrets never reach the log. */
import { describe, expect, it } from "vitest";
import { isHostHeader, redactUrl } from "../../lib/request-guards.js";

describe("request guards", () => {
  it("takes a host and port, and nothing else, as a Host header", () => {
    for (const ok of ["localhost", "localhost:3000", "portal.example.com", "127.0.0.1:8080", "[::1]:3000", "EXAMPLE.com"]) {
      expect(isHostHeader(ok), ok).toBe(true);
    }
    for (const bad of [
      "",
      "a b",
      "evil.com/path",
      "user@host",
      "host:port",
      "ho\u0000st",
      "%",
      "[zz]",
      "a".repeat(300),
      "host:99999999",
    ]) {
      expect(isHostHeader(bad), bad).toBe(false);
    }
  });

  it("keeps one-time tokens out of logged URLs", () => {
    expect(redactUrl("/set-password?token=abc.DEF-123")).toBe("/set-password?token=[redacted]");
    expect(redactUrl("/x?a=1&Token=s3cret&b=2")).toBe("/x?a=1&Token=[redacted]&b=2");
    expect(redactUrl("/clients?q=token")).toBe("/clients?q=token");
    // A calendar feed's key is in its path; a file's name (the client's own, often) in the upload's query.
    const feed = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
    expect(redactUrl(`/feeds/${feed}/calendar.ics`)).toBe("/feeds/[redacted]/calendar.ics");
    expect(redactUrl(`/backend/feeds/${feed}`)).toBe("/backend/feeds/[redacted]");
    expect(redactUrl("/backend/my/documents/4/file?name=Lina%20Haddad%20passport.pdf&expires_on=2030-01-01")).toBe(
      "/backend/my/documents/4/file?name=[redacted]&expires_on=2030-01-01",
    );
  });
});
