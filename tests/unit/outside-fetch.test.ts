/** The private-address guard, the deadline and the bound of a call to an address a person gave (backend/net/outside-fetch.ts). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockedAddress, isPublicAddress, outsideFetch } from "../../backend/net/outside-fetch.js";

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/slow") return; // never answers
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x".repeat(4096));
      return;
    }
    if (req.url === "/moved") {
      res.writeHead(301, { location: "/hello" });
      res.end();
      return;
    }
    res.end("hello");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

describe("the private-address guard", () => {
  it("lets public unicast addresses through and nothing else", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "2001:4860:4860::8888"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it("refuses a private address written as digits, and a name that resolves to one, before sending anything", async () => {
    const guarded = outsideFetch({ timeoutMs: 2000 });
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(BlockedAddress);
    await expect(guarded(`http://[::1]:${port}/`)).rejects.toBeInstanceOf(BlockedAddress);
    // "localhost" is a name: refused at the connection's look-up, not by its spelling.
    const byName = await guarded(`http://localhost:${port}/`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((byName as Error & { cause?: unknown }).cause ?? byName)).toMatch(/private or local address/);
    await expect(guarded("file:///etc/passwd")).rejects.toThrow(/Not a web address/);
  });

  it("calls a local server when allowed, hands a redirect back rather than following it, and ends at its deadline", async () => {
    const open = outsideFetch({ allowPrivate: true, timeoutMs: 500, maxBytes: 1000 });
    expect(await (await open(`http://127.0.0.1:${port}/`)).text()).toBe("hello");
    const moved = await open(`http://127.0.0.1:${port}/moved`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/hello");
    const started = Date.now();
    await expect(open(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    // A long answer is cut as it is read, never buffered whole.
    await expect((await open(`http://127.0.0.1:${port}/big`)).text()).rejects.toThrow(/longer than the 1000 bytes/);
  });
});
