/**
 * Issue 21, point 7, against the running server: a Host or Referer it cannot read is a 400 (it was a 500), and a
 * one-time token in a URL never reaches the request log.
 */
import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../support/portal.js";

function get(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("headers the server cannot read, and what it logs", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal({ LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("answers a malformed Host or Referer with 400, and a well-formed one as usual", async () => {
    for (const host of ["evil.example/path", "a b", "user@host", "%"]) {
      const res = await get(portal.port, "/about", { Host: host });
      expect(res.status, host).toBe(400);
      expect(res.body).toContain("Host header");
    }
    expect((await get(portal.port, "/about", { Referer: "http://[nope" })).status).toBe(400);
    expect((await get(portal.port, "/about", { Referer: `${portal.base}/cart` })).status).toBe(200);
    expect((await get(portal.port, "/about", { Host: `localhost:${portal.port}` })).status).toBe(200);
  });

  it("never answers a random Host, X-Forwarded-Host or Referer with a 5xx", async () => {
    // What Node's HTTP parser lets through as a header value: visible ASCII and spaces.
    const headerText = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 80,
    });
    await fc.assert(
      fc.asyncProperty(headerText, headerText, headerText, async (host, forwarded, referer) => {
        const headers: Record<string, string> = { "X-Forwarded-Host": forwarded, Referer: referer };
        if (host.trim()) headers.Host = host.trim();
        for (const path of ["/about", "/cart", "/backend/api/jobs"]) {
          const res = await get(portal.port, path, headers);
          expect(res.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("keeps a set-password token out of the request log", async () => {
    const secret = "kept-out-of-the-log-0123456789abcdef";
    await fetch(`${portal.base}/set-password?token=${secret}`);
    await expect.poll(() => portal.output().includes("/set-password?token=[redacted]"), { timeout: 5000 }).toBe(true);
    expect(portal.output()).not.toContain(secret);
  });
});
