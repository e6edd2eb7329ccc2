/** What a mentor sees of the sessions they give (lib/contract/mentoring.ts): never a client's papers or a price. */
import type { Kysely } from "kysely";
import type { MentorAgenda, MentorSession } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { firstNameAndInitial, joinUrl } from "./session-facts.js";

const PAST_SHOWN = 50;

export async function mentorAgenda(db: Kysely<Database>, mentorId: number, now = new Date()): Promise<MentorAgenda> {
  const base = db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .innerJoin("agents", "agents.id", "mentor_bookings.agent_id")
    .select([
      "mentor_bookings.id",
      "mentor_bookings.start_at",
      "mentor_bookings.end_at",
      "mentor_bookings.status",
      "mentor_bookings.topic",
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
      "agents.email as agent_email",
      joinUrl.as("join_url"),
    ])
    .where("mentor_bookings.mentor_id", "=", mentorId)
    // Held sessions are not sold yet, released ones never were: the mentor hears of a session once it is paid.
    .where("mentor_bookings.status", "in", ["confirmed", "canceled"])
    .where((eb) => eb.or([eb("mentor_bookings.status", "=", "confirmed"), eb("mentor_bookings.order_id", "is not", null)]));
  const at = now.toISOString();
  const [{ time_zone }, upcoming, past] = await Promise.all([
    db.selectFrom("mentors").select("time_zone").where("id", "=", mentorId).executeTakeFirstOrThrow(),
    base
      .where("mentor_bookings.end_at", ">", at)
      .orderBy("mentor_bookings.start_at", "asc")
      .orderBy("mentor_bookings.id")
      .execute(),
    base
      .where("mentor_bookings.end_at", "<=", at)
      .orderBy("mentor_bookings.start_at", "desc")
      .orderBy("mentor_bookings.id", "desc")
      .limit(PAST_SHOWN)
      .execute(),
  ]);
  const shown = (r: (typeof upcoming)[number]): MentorSession => ({
    id: r.id,
    start_at: r.start_at,
    end_at: r.end_at,
    status: r.status === "canceled" ? "canceled" : "confirmed",
    topic: r.topic,
    client: firstNameAndInitial(r.first_name, r.last_name),
    agent: { name: r.agent_name, email: r.agent_email },
    join_url: r.join_url,
  });
  return { time_zone, upcoming: upcoming.map(shown), past: past.map(shown) };
}
