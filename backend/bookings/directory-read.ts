/**
 * What the agents' mentor directory reads of every active mentor on each of its pages: in name order, each one's
 * expertise and languages (for the filters' choices, and for which mentors match a filter). Some 200 rows and 400
 * JSON lists a page, where the page shows 24 mentors: so the read is kept in memory, one copy per database, and made
 * again only when the `mentors` number of `data_versions` has moved. Triggers move it with every change to what the
 * read holds, whoever makes it (migration 037), so a server behind a load balancer sees another's change at its next
 * page. What is kept is frozen: it is every caller's.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export type ActiveMentors = {
  /** The active mentors, in name order */
  entries: ReadonlyArray<{ id: number; expertise: readonly string[]; languages: readonly string[] }>;
  /** Every expertise and every language they name, sorted: the filters' choices */
  expertise: readonly string[];
  languages: readonly string[];
};

const kept = new WeakMap<Kysely<Database>, { version: number; read: ActiveMentors }>();

/** The active mentors' expertise and languages: the copy kept for this database while its version stands. */
export async function activeMentors(db: Kysely<Database>): Promise<ActiveMentors> {
  const stamp = await db.selectFrom("data_versions").select("version").where("name", "=", "mentors").executeTakeFirst();
  const known = kept.get(db);
  if (stamp && known?.version === stamp.version) return known.read;
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
  const read: ActiveMentors = Object.freeze({
    entries: Object.freeze(entries),
    expertise: choices((m) => m.expertise),
    languages: choices((m) => m.languages),
  });
  // The number read before the rows: a change made between the two is in the rows, and moves the number past this one.
  if (stamp) kept.set(db, { version: stamp.version, read });
  return read;
}
