/**
 * What a request may send to the portal, bounded before and while its body is read (issue 21, point 1), so that
 * no post, however large and from whomever, is ever held in memory whole:
 *
 * - a form post to a page: 256 kB (the largest form, a client's with its notes, is a few kB);
 * - a document's upload page (the agent's, and the client's own page), for a visitor with a session: 64 MB read at
 *   most, of which only each file's first 10 MB are kept (app/lib/upload.server.ts): a 12 MB scan is answered beside the field, not by a broken page;
 * - the API's own bodies are bounded where they are parsed: JSON 100 kB (backend/app.ts), an upload 10 MB
 *   (backend/documents/routes.ts), the Stripe webhook 1 MB (backend/payments/routes.ts).
 *
 * A declared length over the limit is refused at once; a body sent without one (chunked) is counted as it streams
 * and refused where it crosses the limit. The refusal is a 413 (a short page, or JSON for the API); what the sender
 * still sends is read and dropped for a moment (32 MB; then the sender is held back), so a browser gets the answer
 * rather than a reset, and the connection is cut 5 s after the answer.
 */
import { Transform, type Readable } from "node:stream";
import type { NextFunction, Request, RequestHandler, Response } from "express";

export const FORM_BODY_LIMIT = 256 * 1024;
export const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024;

/** How much of a refused body is read and dropped (and for how long) before its connection is cut. */
const DRAIN_BYTES = 32 * 1024 * 1024;
const DRAIN_MS = 5000;

/**
 * The pages that take a document's file (the plain form and the script's upload route): the agent's, and the
 * client's own page (whose only post is an upload) with its upload route.
 */
const UPLOAD_PAGE = /^(?:\/clients\/\d+\/documents\/\d+(?:\/upload)?|\/my(?:\/documents\/\d+\/upload)?)(?:\.data)?\/?$/;

const TOO_LARGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too much to send</title></head>
<body><main><h1>That was too much to send</h1>
<p>A form can send at most 256 kB, and a document at most 10 MB. Nothing was saved.</p>
<p><a href="/">Go to the home page</a>, or go back and try again with less.</p></main></body></html>`;

const BUSY_PAGE = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Server busy</title></head>
<body><main><h1>Server busy</h1><p>${message} Nothing was saved.</p>
<p>Go back and try again in a moment.</p></main></body></html>`;

/**
 * Read and drop what a refused request still sends, up to a bound, then stop reading; the connection is cut a few
 * seconds after the answer. It is not closed with the answer: a socket closed with unread bytes is reset, and a
 * reset can take the answer with it before the sender has read it. A sender that stops in time keeps its connection.
 */
const dropping = new WeakSet<object>();
/** Whether this connection's refused body is still being read and dropped until its cut (a shutdown leaves it to it). */
export const isDropping = (socket: object) => dropping.has(socket);

export function dropRest(req: Request) {
  const socket = req.socket;
  if (!socket || req.complete || dropping.has(socket)) return;
  dropping.add(socket);
  let dropped = 0;
  const count = (chunk: Buffer) => {
    dropped += chunk.byteLength;
    // Enough: the sender is held back by its own connection's window until the cut.
    if (dropped > DRAIN_BYTES) socket.pause();
  };
  const done = () => {
    clearTimeout(timer);
    socket.off("data", count);
    dropping.delete(socket);
  };
  const timer = setTimeout(() => {
    done();
    socket.destroy();
  }, DRAIN_MS);
  timer.unref();
  socket.on("data", count);
  req.once("end", done);
  socket.once("close", done);
  req.on("data", () => undefined);
  req.resume();
}

function wantsJson(req: Request) {
  return req.originalUrl.startsWith("/backend/") || /application\/json/i.test(req.get("accept") ?? "");
}

/** The 413: JSON for the API (the envelope's shape) or a caller asking for JSON, else a short page. */
export function sendTooLarge(req: Request, res: Response, as: "json" | "auto" = "auto") {
  if (!res.headersSent) {
    res.status(413).set({ "Cache-Control": "no-store" });
    if (as === "json" || wantsJson(req))
      res.json({ status: false, code: "request.too_large", message: "The request body is too large." });
    else res.type("html").send(TOO_LARGE_PAGE);
  }
  dropRest(req);
}

/** A refusal because too much is under way (429: this visitor's; 503: everyone's), said as the 413 is. */
export function sendBusy(req: Request, res: Response, status: 429 | 503, message: string) {
  res.status(status).set({ "Cache-Control": "no-store", "Retry-After": "10" });
  if (wantsJson(req)) res.json({ status: false, code: status === 429 ? "upload.busy" : "server.busy", message });
  else res.type("html").send(BUSY_PAGE(message));
  dropRest(req);
}

/**
 * Uploads under way, counted per sender and in all: each is spooled to a temporary file of up to 10 MB while it is
 * read (lib/spool.ts), so their number bounds the disk and the store's work they take. `take` says which bound refused, or null when the slot is the caller's to `release`.
 */
export class UploadSlots {
  private readonly bySender = new Map<string, number>();
  private total = 0;
  constructor(
    readonly perSender: number,
    readonly inAll: number,
  ) {}

  take(sender: string): "sender" | "all" | null {
    const mine = this.bySender.get(sender) ?? 0;
    if (mine >= this.perSender) return "sender";
    if (this.total >= this.inAll) return "all";
    this.bySender.set(sender, mine + 1);
    this.total += 1;
    return null;
  }

  release(sender: string) {
    const mine = this.bySender.get(sender) ?? 0;
    if (mine <= 1) this.bySender.delete(sender);
    else this.bySender.set(sender, mine - 1);
    this.total = Math.max(0, this.total - 1);
  }

  /** Express middleware that holds a slot for the request's life, keyed by `senderOf`; null lets it pass. */
  guard(senderOf: (req: Request, res: Response) => string | null): RequestHandler {
    return (req, res, next) => {
      const sender = senderOf(req, res);
      if (sender === null) return next();
      const refused = this.take(sender);
      if (refused === "sender")
        return sendBusy(req, res, 429, `You are already sending ${this.perSender} files. Wait for one of them to finish.`);
      if (refused === "all") return sendBusy(req, res, 503, "Too many files are being sent right now.");
      let held = true;
      res.on("close", () => {
        if (held) this.release(sender);
        held = false;
      });
      next();
    };
  }
}

export const UPLOADS_PER_SENDER = 3;
export const UPLOADS_IN_ALL = 8;

const SESSION_COOKIE = /(?:^|;\s*)__session=([^;]+)/;

/** The portal's signed session id, which keys one visitor's uploads (a visitor without one cannot upload). */
function sessionOf(req: Request): string | null {
  return SESSION_COOKIE.exec(req.get("cookie") ?? "")?.[1] ?? null;
}

export type BodyLimitLocals = { bodyLimit?: number; bodyTooLarge?: boolean };

/**
 * The portal's bound: every request with a body gets its limit (kept in `res.locals` for the Remix request's
 * counted stream, `limitedBody`), a declared length over it is refused before a byte is read, and a document
 * upload holds one of the upload slots while it runs.
 */
export function portalBodyLimits(slots = new UploadSlots(UPLOADS_PER_SENDER, UPLOADS_IN_ALL)): RequestHandler {
  const guardUpload = slots.guard((req) => sessionOf(req));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const upload = UPLOAD_PAGE.test(req.path) && sessionOf(req) !== null;
    const limit = upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
    const declared = req.get("content-length");
    if (declared !== undefined && !(Number(declared) <= limit)) return sendTooLarge(req, res);
    (res.locals as BodyLimitLocals).bodyLimit = limit;
    if (upload) return guardUpload(req, res, next);
    next();
  };
}

/**
 * The request's body as it streams, counted: past the limit the stream fails (so whatever reads it stops) and
 * `res.locals.bodyTooLarge` says why, for the handler to answer 413 instead of whatever the failure became.
 */
export function limitedBody(req: Request, res: Response): Readable {
  const locals = res.locals as BodyLimitLocals;
  const limit = locals.bodyLimit ?? FORM_BODY_LIMIT;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > limit) {
        locals.bodyTooLarge = true;
        req.unpipe(counter);
        done(new Error("request body too large"));
      } else done(null, chunk);
    },
  });
  req.on("error", (err) => counter.destroy(err));
  return req.pipe(counter);
}
