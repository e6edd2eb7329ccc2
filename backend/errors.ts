/**
 * What a service says went wrong, in the domain's own terms. Services throw these; the API's error handler
 * (backend/http.ts) is the one place that turns each kind into an HTTP status and the error envelope.
 */
import type { FieldErrors, RefusalCode } from "../lib/contract.js";

/**
 * `code` is the contract (lib/contract/codes.ts lists every one; the portal translates it), `message` the same in
 * English for other clients and the logs, `errors` the fields' own (each with its code).
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** The input breaks a rule (400); `errors` names the fields. */
export class Invalid extends DomainError {}
/** No such record, or not the caller's (404). */
export class NotFound extends DomainError {}
/** The caller may not do this (403). */
export class Forbidden extends DomainError {}
/** The record's state does not allow it now: taken, locked, already done (409). */
export class Conflict extends DomainError {}

/** The upload is larger than allowed (413). */
export class TooLarge extends DomainError {}

/** Too much of this work is waiting already (503): the caller may try again after `retryAfter` seconds. */
export class Busy extends DomainError {
  readonly retryAfter = 5;
}

export function statusOf(error: DomainError): number {
  if (error instanceof Invalid) return 400;
  if (error instanceof TooLarge) return 413;
  if (error instanceof Busy) return 503;
  if (error instanceof NotFound) return 404;
  if (error instanceof Forbidden) return 403;
  return 409;
}
