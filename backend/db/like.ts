import { sql } from "kysely";

/** A case-insensitive "contains" pattern with the user's % and _ taken literally (both databases). */
export function containsPattern(q: string) {
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${`%${escaped}%`} escape '\\'`;
}
