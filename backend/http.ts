/**
 * The API's envelope, errors and input parsing: every answer is `{status, data}` or
 * `{status: false, message, errors?}`, and no error ever carries a stack trace.
 */
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import type { ZodType, ZodTypeDef } from "zod";
import { dropRest } from "../lib/body-limit.js";
import type { CodeParams, FieldErrors, RefusalCode } from "../lib/contract.js";
import { attachmentHeaders } from "../lib/download.js";
import { fieldErrorsOf } from "../lib/field-errors.js";
import { FIX_FIELDS } from "../lib/messages.js";
import type { ApiFile } from "../lib/transport.js";
import { isDatabaseUnavailable, isForeignKeyViolation } from "./db/errors.js";
import { Busy, DomainError, statusOf } from "./errors.js";
import { StoreUnavailable } from "./files/store.js";

/** A refusal with its HTTP status: its `code` (the contract's), its English `message`, its fields' errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** The values the code's words name (a wait's seconds) */
    readonly params?: CodeParams,
  ) {
    super(message);
  }
}

/** Every answer of the API over HTTP goes out here (an in-process call takes the envelope as it is). */
function reply(res: Response, status: number, envelope: unknown) {
  res.status(status).json(envelope);
}

export function send<T>(res: Response, data: T, status = 200) {
  reply(res, status, { status: true, data });
}

/**
 * A file as a download, never shown in the browser: `attachment`, its type as stored (no sniffing), and a sandbox
 * should anything render it anyway.
 */
export function sendFile(res: Response, file: ApiFile) {
  res
    .status(200)
    // The API may stand alone (no server headers around it): it says nosniff itself.
    .set({ ...attachmentHeaders(file), "X-Content-Type-Options": "nosniff" })
    .end(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Parses input with a schema; bad input is a 400 with a message per field. */
export function parse<T>(schema: ZodType<T, ZodTypeDef, unknown>, input: unknown, what = "body"): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error.issues, { whole: what });
  // A lone value (a path parameter) is best answered by its own code and message.
  const only = result.error.issues.length === 1 && result.error.issues[0]!.path.length === 0 ? errors[what]![0]! : null;
  throw new ApiError(400, only?.code ?? "validation.failed", only?.message ?? FIX_FIELDS, errors);
}

/** Express 4 does not catch rejected promises: pass them on to the error handler. */
export function handler(fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}

export function notFound(): RequestHandler {
  return (_req, res) => {
    reply(res, 404, { status: false, code: "api.not_found", message: "No such API call." });
  };
}

export type Logger = { error(obj: object, msg?: string): void };

/** A refusal's or a failure's answer: its status, its envelope, and the headers that go with it. */
export type Refusal = { status: number; envelope: Record<string, unknown>; headers?: Record<string, string> };

/**
 * What the API answers for an error, whichever way the call came: a refusal with its code, a body the parser could
 * not read, an outage (503), a record removed meanwhile (409), else a 500 that says nothing of the code and is logged.
 */
export function refusalOf(err: unknown, logger: Logger, path: string): Refusal {
  if (err instanceof ApiError || err instanceof DomainError) {
    const headers = {
      ...(err instanceof ApiError ? err.headers : {}),
      ...(err instanceof Busy ? { "Retry-After": String(err.retryAfter) } : {}),
    };
    return {
      status: err instanceof ApiError ? err.status : statusOf(err),
      envelope: {
        status: false,
        code: err.code,
        ...(err instanceof ApiError && err.params ? { params: err.params } : {}),
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
      },
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }
  // body-parser's own errors carry a 4xx status and a type.
  const e = err as { status?: unknown; type?: unknown } | null;
  const status = typeof e?.status === "number" ? e.status : 500;
  if (status >= 400 && status < 500) {
    const [code, message] =
      e!.type === "entity.parse.failed"
        ? ["request.not_json", "The request body is not valid JSON."]
        : e!.type === "entity.too.large"
          ? ["request.too_large", "The request body is too large."]
          : e!.type === "encoding.unsupported" || e!.type === "charset.unsupported"
            ? ["request.encoding", "The request body's encoding is not supported."]
            : ["request.unreadable", "The request could not be read."];
    return { status, envelope: { status: false, code, message } };
  }
  // An outage is not the request's fault, nor a bug: 503, and the caller may try again shortly.
  const outage = isDatabaseUnavailable(err) ? "the database" : err instanceof StoreUnavailable ? "the file store" : null;
  if (outage) {
    logger.error({ err, path }, `API call failed: ${outage} did not answer`);
    return {
      status: 503,
      envelope: {
        status: false,
        code: "server.busy",
        message: `Server busy: ${outage} did not answer. Please try again shortly.`,
      },
      headers: { "Retry-After": "5" },
    };
  }
  // A write whose parent row went away meanwhile (a note racing its client's deletion): the database refused it.
  if (isForeignKeyViolation(err)) {
    return {
      status: 409,
      envelope: {
        status: false,
        code: "record.removed",
        message: "What this belongs to was removed meanwhile. Reload the page and try again.",
      },
    };
  }
  logger.error({ err, path }, "API call failed");
  return {
    status: 500,
    envelope: { status: false, code: "server.error", message: "Something went wrong on our side. Please try again." },
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    // Refused before its body was read (a bad query, no token): what the sender still sends is dropped, bounded.
    if (!req.readableEnded) res.once("finish", () => dropRest(req));
    if (res.headersSent) return;
    const { status, envelope, headers } = refusalOf(err, logger, req.path);
    if (headers) res.set(headers);
    reply(res, status, envelope);
  };
}

/** How deeply a JSON body may nest: the contract's deepest is 2; this leaves room and bounds every walk. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Why this input is refused (too deeply nested, or text with a NUL), or null. It walks with its own stack,
 * never recursion, so no input can exhaust the call stack; it stops at the first problem.
 */
export function inputProblem(root: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "Text may not contain NUL characters.";
      continue;
    }
    // An upload's bytes (in process, a Buffer) are the file's to judge, not text.
    if (!value || typeof value !== "object" || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return "The request body is nested too deeply.";
    for (const [key, child] of Object.entries(value)) {
      if (key.includes("\u0000")) return "Text may not contain NUL characters.";
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * No text with a NUL character gets in (PostgreSQL cannot store it, and no person types one), and nothing
 * nested deeper than any call needs: one guard for every body and query, before any call reads them.
 */
export function guardInput(): RequestHandler {
  return (req, _res, next) => {
    const problem = inputProblem(req.body) ?? inputProblem(req.query);
    next(problem ? new ApiError(400, "request.malformed", problem) : undefined);
  };
}
