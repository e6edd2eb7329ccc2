/** What a mentor sees of the sessions they give (lib/contract/mentoring.ts): never a client's papers or a price. */
import type { Kysely } from "kysely";
import type { MentorAgenda, MentorSession } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";

const PAST_SHOWN = 50;

/** "Ana Pereira" → "Ana P." */
export function firstNameAndInitial(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export async function mentorAgenda(db: Kysely<Database>, mentorId: number, now = new Date()): Promise<MentorAgenda> {
  const base = db
    .selectFrom("mentor_bookings as b")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .innerJoin("agents as a", "a.id", "b.agent_id")
    .select([
      "b.id",
      "b.start_at",
      "b.end_at",
      "b.status",
      "b.topic",
      "c.first_name",
      "c.last_name",
      "a.name as agent_name",
      "a.email as agent_email",
    ])
    .where("b.mentor_id", "=", mentorId)
    // Held sessions are not sold yet, released ones never were: the mentor hears of a session once it is paid.
    .where("b.status", "in", ["confirmed", "canceled"])
    .where((eb) => eb.or([eb("b.status", "=", "confirmed"), eb("b.order_id", "is not", null)]));
  const at = now.toISOString();
  const [{ time_zone }, upcoming, past] = await Promise.all([
    db.selectFrom("mentors").select("time_zone").where("id", "=", mentorId).executeTakeFirstOrThrow(),
    base.where("b.end_at", ">", at).orderBy("b.start_at", "asc").orderBy("b.id").execute(),
    base.where("b.end_at", "<=", at).orderBy("b.start_at", "desc").orderBy("b.id", "desc").limit(PAST_SHOWN).execute(),
  ]);
  const shown = (r: (typeof upcoming)[number]): MentorSession => ({
    id: r.id,
    start_at: r.start_at,
    end_at: r.end_at,
    status: r.status === "canceled" ? "canceled" : "confirmed",
    topic: r.topic,
    client: firstNameAndInitial(r.first_name, r.last_name),
    agent: { name: r.agent_name, email: r.agent_email },
  });
  return { time_zone, upcoming: upcoming.map(shown), past: past.map(shown) };
}
