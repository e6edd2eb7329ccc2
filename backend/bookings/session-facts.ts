/** What a session shows to the people in it: where it meets, and its client as a mentor sees them. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Where a confirmed session meets: the mentor's standing link when set, else the session's own room. */
export const joinUrl = sql<
  string | null
>`case when mentor_bookings.status = 'confirmed' then coalesce(mentors.meeting_url, mentor_bookings.meeting_url) else null end`;

/** "Ana Pereira" → "Ana P.": the client as their mentor sees them. */
export function firstNameAndInitial(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Sessions with the people in them joined (their mentor, client and agent): what notices and feeds read. */
export function sessionsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .innerJoin("agents", "agents.id", "mentor_bookings.agent_id");
}

/** A session's own facts as invites and feeds give them: its id, state, hour, topic and how many times it moved. */
export const sessionCore = [
  "mentor_bookings.id",
  "mentor_bookings.status",
  "mentor_bookings.start_at",
  "mentor_bookings.end_at",
  "mentor_bookings.topic",
  "mentor_bookings.sequence",
] as const;
