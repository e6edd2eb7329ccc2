/**
 * The patch of `@remix-run/express` (patches/): each request's signal is aborted when its response closes, answered
 * or not (stock, only when the visitor left first), and the body Remix reads is the one `getRequestBody` gives.
 */
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The package's index exports the handler only; the request it builds is the server module's.
const { createRemixRequest } = (await import(
  "@remix-run/express/dist/server.js" as string
)) as typeof import("@remix-run/express/dist/server.js");

describe("the patched Express adapter", () => {
  const seen: Request[] = [];
  let server: import("node:http").Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.all("/answer", async (req, res) => {
      const request = createRemixRequest(req, res, req.method === "POST" ? () => Readable.from(["counted body"]) : undefined);
      seen.push(request);
      const body = req.method === "POST" ? await request.text() : "";
      res.status(200).send(`ok ${body}`);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("aborts an answered request's signal once its response has closed", async () => {
    const res = await fetch(`${base}/answer`);
    expect(await res.text()).toBe("ok ");
    const request = seen.at(-1)!;
    await expect.poll(() => request.signal.aborted, { timeout: 2000 }).toBe(true);
  });

  it("reads the body getRequestBody gives, not the request's own", async () => {
    const res = await fetch(`${base}/answer`, { method: "POST", body: "what the sender sent" });
    expect(await res.text()).toBe("ok counted body");
  });
});
