/** Recognises a unique-constraint violation from either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "23505";
}

/** Recognises a foreign-key violation from either database (a referenced row went away meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_FOREIGNKEY" || e?.code === "23503";
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * Recognises a database that did not answer (an outage, not a fault of the request): a connection refused, reset or
 * timed out, a server shutting down or out of connections (PostgreSQL's classes 08 and 53, 57P01-57P03), or an
 * SQLite file that is locked past its wait or cannot be read or written.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (UNREACHABLE_CODES.has(code)) return true;
  // 57014: a statement cancelled at its deadline (statement_timeout).
  if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === "57014") return true;
  if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/.test(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|connect ECONNREFUSED|Query read timeout/i.test(
    message,
  );
}
