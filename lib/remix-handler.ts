/**
 * Remix behind Express, as `@remix-run/express` wires it, with two changes: the request's signal is aborted when
 * the response closes, whether it was sent in full or the visitor went away; and pages are never cached (below).
 *
 * Remix ties per-request work to that signal: single fetch gives every response's loader data a stream timeout
 * (5 s) that only an abort clears. The stock adapter aborts only for a visitor who left before the answer, so
 * every answered request kept its data, its Request and that timer alive for five seconds: under load, most of
 * the server's heap (docs/perf.md, "Memory").
 */
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { limitedBody, sendTooLarge, type BodyLimitLocals } from "./body-limit.js";

function createRemixHeaders(requestHeaders: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  return headers;
}

async function sendRemixResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Pages and their data depend on who is signed in: no browser or proxy keeps them (after signing out, Back
  // must not show a client's passport number from the cache), unless a route has said otherwise.
  if (!response.headers.has("Cache-Control")) res.set("Cache-Control", "no-store");
  res.vary("Cookie");
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function createRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname has no port: take it from X-Forwarded-Host (when proxies are trusted) or Host.
  const forwarded = req.app.get("trust proxy fn")?.(req.socket.remoteAddress ?? "", 0) ? req.get("x-forwarded-host") : undefined;
  const port = Number.parseInt((forwarded ?? req.get("host") ?? "").split(":")[1] ?? "", 10);
  const url = new URL(`${req.protocol}://${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createRemixHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // Counted as it streams: past its limit (lib/body-limit.ts) the body fails and the answer is a 413.
    init.body = createReadableStreamFromReadable(limitedBody(req, res));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

export function remixHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(createRemixRequest(req, res), opts.getLoadContext(req, res));
      // Whatever a body cut off at its limit became in the page (a 400, a 500), the answer is that it was too large.
      if ((res.locals as BodyLimitLocals).bodyTooLarge) {
        await response.body?.cancel().catch(() => undefined);
        return sendTooLarge(req, res);
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
