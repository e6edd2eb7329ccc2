/** What a session shows to the people in it: where it meets, and its client as a mentor sees them. */
import { sql } from "kysely";

/** Where a confirmed session meets: the mentor's standing link when set, else the session's own room. */
export const joinUrl = sql<
  string | null
>`case when mentor_bookings.status = 'confirmed' then coalesce(mentors.meeting_url, mentor_bookings.meeting_url) else null end`;

/** "Ana Pereira" → "Ana P.": the client as their mentor sees them. */
export function firstNameAndInitial(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
