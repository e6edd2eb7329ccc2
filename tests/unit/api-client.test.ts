/** The portal's API client against a local stand-in server: every failure maps as DESIGN §4 says. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";

process.env.SESSION_SECRET ??= "unit-test-secret-0123456789abcdef0123456789";
process.env.DATA_DIR ??= "/tmp/portal-unit";
const { getSettings } = await import("../../lib/env.server.js");
const { createApiClient, ApiCallError, SERVER_BUSY } = await import("../../app/lib/api.server.js");
const { httpTransport } = await import("../../lib/http-transport.js");
const { verifyClientIp } = await import("../../lib/client-ip.js");

let server: http.Server;
let base = "";
/** A client over HTTP to the stand-in, as the portal makes one with API_BASE_URL set (300 ms time-out). */
const client = (auth: { token?: string; clientIp?: string } = {}, url = base) => createApiClient(httpTransport(url, 300), auth);
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
const seen: Array<{ url?: string; auth?: string; xff?: string; signedIp?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({
        url: req.url,
        auth: req.headers.authorization,
        xff: req.headers["x-forwarded-for"] as string,
        signedIp: req.headers["x-portal-client-ip"] as string,
        body,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function reply(status: number, body: unknown) {
  answer = (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiCallError) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

describe("API client", () => {
  it("sends the token as a bearer header, the client's address, and JSON; returns data", async () => {
    reply(200, { status: true, data: [{ id: 1 }] });
    await expect(client({ token: "tok-1" }).call(endpoints.cartList, { params: { agentId: 7 } })).resolves.toEqual([{ id: 1 }]);
    expect(seen.at(-1)).toMatchObject({ url: "/backend/api/cart/list/7", auth: "Bearer tok-1" });

    reply(200, { status: true, data: { token: "t" } });
    await client({ clientIp: "203.0.113.5" }).call(endpoints.login, { body: { email: "a@b.co", password: "p" } });
    // The visitor's address goes signed, never as a header a visitor could also send.
    expect(seen.at(-1)).toMatchObject({ url: "/backend/agent/login", xff: undefined, auth: undefined });
    expect(verifyClientIp(getSettings().clientIpSecret, seen.at(-1)!.signedIp)).toBe("203.0.113.5");
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ email: "a@b.co", password: "p" });
  });

  it("passes on a 400's message and field errors", async () => {
    const bad = { code: "validation.email", message: "Bad" };
    reply(400, {
      status: false,
      code: "validation.failed",
      message: "Please correct the highlighted fields.",
      errors: { email: [bad] },
    });
    const e = await failure(client().call(endpoints.login, { body: { email: "x", password: "y" } }));
    expect(e.status).toBe(400);
    expect(e.code).toBe("validation.failed");
    expect(e.message).toBe("Please correct the highlighted fields.");
    expect(e.errors).toEqual({ email: [bad] });
    expect(e.unavailable).toBe(false);
  });

  it("passes on a 401 as such", async () => {
    reply(401, { status: false, message: "Your session has expired. Please sign in again." });
    const e = await failure(client({ token: "old" }).call(endpoints.tokencheck));
    expect(e.status).toBe(401);
  });

  it("turns a 5xx, a non-JSON answer, a time-out and an unreachable API into 'Server busy'", async () => {
    reply(500, { status: false, message: "boom with details" });
    let e = await failure(client({ token: "t" }).call(endpoints.tokencheck));
    expect([e.status, e.message, e.unavailable]).toEqual([500, SERVER_BUSY, true]);

    reply(502, "<html>Bad gateway</html>");
    e = await failure(client({ token: "t" }).call(endpoints.tokencheck));
    expect([e.message, e.unavailable]).toEqual([SERVER_BUSY, true]);

    reply(200, "not json");
    e = await failure(client({ token: "t" }).call(endpoints.tokencheck));
    expect([e.message, e.unavailable]).toEqual([SERVER_BUSY, true]);

    answer = () => {
      /* never answers */
    };
    const started = Date.now();
    e = await failure(client({ token: "t" }).call(endpoints.tokencheck));
    expect([e.status, e.message, e.unavailable]).toEqual([0, SERVER_BUSY, true]);
    expect(Date.now() - started).toBeLessThan(3000);

    e = await failure(client({ token: "t" }, "http://127.0.0.1:1/backend/").call(endpoints.tokencheck));
    expect([e.status, e.message]).toEqual([0, SERVER_BUSY]);
  });
});
