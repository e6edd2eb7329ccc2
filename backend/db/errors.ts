/** Recognises a unique-constraint violation from either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "23505";
}
