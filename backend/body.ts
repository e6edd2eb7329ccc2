/**
 * The API's bodies, read with a bound (issue 21, point 1): a declared length over the limit is refused before a
 * byte is read, and a body streamed without one is refused where it crosses the limit, at once. (body-parser, which
 * this replaces, reads a refused body to its very end before answering: 200 MB read to say "too large".)
 * `raw-body` does the reading; what is left of a refused body is dropped for a moment and the connection cut
 * (lib/body-limit.ts, dropRest).
 */
import type { Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { sendTooLarge } from "../lib/body-limit.js";
import { ApiError } from "./http.js";

type Options = {
  limit: number;
  /** Which requests this reader takes (by content type); others keep an empty body */
  accepts: (req: Request) => boolean;
  /** The bytes as the route wants them */
  parse: (bytes: Buffer) => unknown;
};

/** Already read: a call in process hands its body over as it is (backend/in-process.ts). */
const alreadyRead = (req: Request) => (req as { _body?: boolean })._body === true;

function declaredLength(req: Request): number | null | "bad" {
  const header = req.get("content-length");
  if (header === undefined) return null;
  const n = Number(header);
  return /^\d+$/.test(header.trim()) && Number.isSafeInteger(n) ? n : "bad";
}

export function boundedBody(opts: Options): RequestHandler {
  const tooLarge = (req: Request, res: Response) => sendTooLarge(req, res, "json");
  return (req, res, next) => {
    if (alreadyRead(req)) return next();
    (req as { body?: unknown }).body ??= {};
    const length = declaredLength(req);
    const hasBody = req.get("transfer-encoding") !== undefined || (length !== null && length !== 0);
    if (!hasBody || !opts.accepts(req)) return next();
    if (length === "bad") return next(new ApiError(400, "request.unreadable", "The request could not be read."));
    if (length !== null && length > opts.limit) return tooLarge(req, res);
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get("content-type") ?? "")?.[1]?.toLowerCase();
    if (charset && charset !== "utf-8" && charset !== "utf8")
      return next(new ApiError(415, "request.encoding", "The request body's encoding is not supported."));
    const encoding = (req.get("content-encoding") ?? "identity").toLowerCase();
    if (encoding !== "identity")
      return next(new ApiError(415, "request.encoding", "The request body's encoding is not supported."));
    getRawBody(req, { limit: opts.limit, ...(length !== null ? { length } : {}) }).then(
      (bytes) => {
        try {
          req.body = opts.parse(bytes);
          (req as { _body?: boolean })._body = true;
          next();
        } catch (error) {
          next(error);
        }
      },
      (error: { type?: string }) => {
        if (error?.type === "entity.too.large") return tooLarge(req, res);
        next(new ApiError(400, "request.unreadable", "The request could not be read."));
      },
    );
  };
}

/** JSON bodies (application/json, UTF-8), objects and arrays only: 100 kB by default. */
export function jsonBody(limit = 100 * 1024): RequestHandler {
  return boundedBody({
    limit,
    accepts: (req) => Boolean(req.is("application/json")),
    parse: (bytes) => {
      const text = bytes.toString("utf8").trim();
      if (!text) return {};
      if (text[0] !== "{" && text[0] !== "[") throw new ApiError(400, "request.not_json", "The request body is not valid JSON.");
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ApiError(400, "request.not_json", "The request body is not valid JSON.");
      }
    },
  });
}

/** Raw bytes of any content type (the webhook, whose signature covers the exact bytes). */
export function rawBody(limit: number): RequestHandler {
  return boundedBody({ limit, accepts: () => true, parse: (bytes) => bytes });
}
