/** What the consultancy owes a mentor for a month (lib/contract/mentoring.ts, MentorStatement). */
import type { Kysely } from "kysely";
import type { MentorStatement, SessionOutcome } from "../../lib/contract.js";
import { dayStart } from "../../lib/day-start.js";
import { dayIn } from "../../lib/days.js";
import { firstNameAndInitial } from "../bookings/session-facts.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";

const nextMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};

export async function mentorStatement(
  db: Kysely<Database>,
  mentorId: number,
  month?: string | null,
  now = new Date(),
): Promise<MentorStatement> {
  const mentor = await db
    .selectFrom("mentors")
    .select(["id", "name", "time_zone", "currency"])
    .where("id", "=", mentorId)
    .executeTakeFirst();
  if (!mentor) throw new NotFound("mentor.not_found", "No such mentor.");
  const shown = month ?? dayIn(mentor.time_zone, now).slice(0, 7);
  // The month's first and last instants in the mentor's own zone.
  const from = dayStart(`${shown}-01`, mentor.time_zone);
  const to = dayStart(`${nextMonth(shown)}-01`, mentor.time_zone);
  const rows = await db
    .selectFrom("mentor_bookings")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .select([
      "mentor_bookings.id",
      "mentor_bookings.start_at",
      "mentor_bookings.end_at",
      "mentor_bookings.outcome",
      "mentor_bookings.price_minor",
      "mentor_bookings.currency",
      "clients.first_name",
      "clients.last_name",
    ])
    .where("mentor_bookings.mentor_id", "=", mentorId)
    .where("mentor_bookings.status", "=", "confirmed")
    .where("mentor_bookings.start_at", ">=", from)
    .where("mentor_bookings.start_at", "<", to)
    .orderBy("mentor_bookings.start_at")
    .orderBy("mentor_bookings.id")
    .execute();
  const counted = rows.filter((r) => r.outcome === "held" || r.outcome === "client_no_show");
  const lines = counted.map((r) => ({
    booking_id: r.id,
    start_at: r.start_at,
    client: firstNameAndInitial(r.first_name, r.last_name),
    minutes: Math.round((Date.parse(r.end_at) - Date.parse(r.start_at)) / 60_000),
    outcome: r.outcome as SessionOutcome,
    rate_minor: r.price_minor,
    currency: r.currency,
  }));
  return {
    mentor: { id: mentor.id, name: mentor.name, time_zone: mentor.time_zone },
    month: shown,
    lines,
    total_minor: lines.reduce((sum, l) => sum + l.rate_minor, 0),
    currency: mentor.currency,
    unmarked: rows.filter((r) => r.outcome === null && Date.parse(r.start_at) <= now.getTime()).length,
  };
}
