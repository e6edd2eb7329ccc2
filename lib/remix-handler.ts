/**
 * Remix behind Express through `@remix-run/express`, with what the portal adds through the adapter's two hooks
 * (patches/@remix-run+express+2.17.5.patch, which also aborts each request's signal when its response closes,
 * answered or not: see the patch for the upstream pull request and issue):
 *
 * - the body Remix reads is counted as it streams (lib/body-limit.ts): past its limit it fails, and whatever the
 *   page made of that (a 400, a 500), the answer is a 413;
 * - pages and their data depend on who is signed in: no browser or proxy keeps them (after signing out, Back must
 *   not show a client's passport number from the cache), unless a route has said otherwise.
 */
import { createRequestHandler, type GetLoadContextFunction } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { limitedBody, sendTooLarge, type BodyLimitLocals } from "./body-limit.js";

async function beforeSend(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<boolean> {
  if ((res.locals as BodyLimitLocals).bodyTooLarge) {
    await response.body?.cancel().catch(() => undefined);
    sendTooLarge(req, res);
    return false;
  }
  if (!response.headers.has("Cache-Control")) res.set("Cache-Control", "no-store");
  res.vary("Cookie");
  return true;
}

export function remixHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: GetLoadContextFunction;
}) {
  return createRequestHandler({ ...opts, getRequestBody: limitedBody, onResponse: beforeSend });
}
