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
