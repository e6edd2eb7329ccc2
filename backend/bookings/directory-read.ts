/**
 * What the agents' mentor directory reads of every active mentor on each of its pages: in name order, each one's
 * expertise and languages (for the filters' choices, and for which mentors match a filter). Some 200 rows and 400
 * JSON lists a page, where the page shows 12 mentors: so the read is kept in memory, one copy per database, and made
 * again only when the `mentors` number of `data_versions` has moved (backend/db/kept-reads.ts; the triggers of
 * migration 037). What is kept is frozen: it is every caller's.
 */
import type { Kysely } from "kysely";
import { keptRead } from "../db/kept-reads.js";
import type { Database } from "../db/schema.js";

export type ActiveMentors = {
  /** The active mentors, in name order */
  entries: ReadonlyArray<{ id: number; expertise: readonly string[]; languages: readonly string[] }>;
  /** Every expertise and every language they name, sorted: the filters' choices */
  expertise: readonly string[];
  languages: readonly string[];
};

/** The active mentors' expertise and languages: the copy kept for this database while its version stands. */
export function activeMentors(db: Kysely<Database>): Promise<ActiveMentors> {
  return keptRead(db, "mentors", () => readActiveMentors(db));
}

async function readActiveMentors(db: Kysely<Database>): Promise<ActiveMentors> {
  const entries = (
    await db
      .selectFrom("mentors")
      .select(["id", "expertise", "languages"])
      .where("active", "=", 1)
      .orderBy("name")
      .orderBy("id")
      .execute()
  ).map((r) =>
    Object.freeze({
      id: r.id,
      expertise: Object.freeze(JSON.parse(r.expertise) as string[]),
      languages: Object.freeze(JSON.parse(r.languages) as string[]),
    }),
  );
  const choices = (pick: (m: (typeof entries)[number]) => readonly string[]) =>
    Object.freeze([...new Set(entries.flatMap(pick))].sort());
  return Object.freeze({
    entries: Object.freeze(entries),
    expertise: choices((m) => m.expertise),
    languages: choices((m) => m.languages),
  });
}
