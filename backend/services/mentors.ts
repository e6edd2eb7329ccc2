/**
 * The mentor catalogue and each mentor's week: profiles, weekly availability, and the free slots of a week
 * seen from a time zone. The booking lifecycle is in bookings.ts.
 */
import type { Kysely } from "kysely";
import type { Mentor, MentorProfile, Schedule } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { slotsBetween, weekWindow } from "./slots.js";

const mentorColumns = [
  "mentors.id",
  "mentors.name",
  "mentors.title",
  "mentors.bio",
  "mentors.expertise",
  "mentors.languages",
  "mentors.country_code",
  "countries.name as country_name",
  "mentors.time_zone",
  "mentors.rate_minor",
  "mentors.currency",
  "mentors.photo_url",
] as const;

type MentorRow = Omit<Mentor, "expertise" | "languages"> & { expertise: string; languages: string };
const toMentor = (r: MentorRow): Mentor => ({ ...r, expertise: JSON.parse(r.expertise), languages: JSON.parse(r.languages) });

export async function listMentors(db: Kysely<Database>, filter: { expertise?: string | null; language?: string | null }) {
  const rows = await db
    .selectFrom("mentors")
    .innerJoin("countries", "countries.code", "mentors.country_code")
    .select(mentorColumns)
    .orderBy("mentors.name")
    .execute();
  // Few mentors, JSON lists: filtered here, exactly (a LIKE on JSON text would match parts of words).
  const want = (list: string[], v?: string | null) => !v || list.some((x) => x.toLowerCase() === v.toLowerCase());
  return rows.map(toMentor).filter((m) => want(m.expertise, filter.expertise) && want(m.languages, filter.language));
}

export async function getMentor(db: Kysely<Database>, id: number): Promise<MentorProfile> {
  const row = await db
    .selectFrom("mentors")
    .innerJoin("countries", "countries.code", "mentors.country_code")
    .select(mentorColumns)
    .where("mentors.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFound("No such mentor.");
  const availability = await db
    .selectFrom("mentor_availability")
    .select(["weekday", "start_minute", "end_minute"])
    .where("mentor_id", "=", id)
    .orderBy("weekday")
    .orderBy("start_minute")
    .execute();
  return { ...toMentor(row), availability };
}

/** The mentor's free slots in a week seen from `timeZone`: availability, minus live bookings, minus the past. */
export async function schedule(
  db: Kysely<Database>,
  input: { mentorId: number; timeZone: string; weekStart?: string | null },
  now = new Date(),
): Promise<Schedule> {
  const mentor = await getMentor(db, input.mentorId);
  const week = weekWindow(input.timeZone, now, input.weekStart);
  if (!week.start.isValid) throw new Invalid("Enter the week as YYYY-MM-DD", { week_start: ["Enter a real date"] });
  const all = slotsBetween(mentor.availability, mentor.time_zone, week.start.toJSDate(), week.end.toJSDate());
  const taken = await db
    .selectFrom("mentor_bookings")
    .select("start_at")
    .where("mentor_id", "=", mentor.id)
    .where("status", "in", ["held", "confirmed"])
    .where("start_at", ">=", week.start.toISO()!)
    .where("start_at", "<", week.end.toISO()!)
    .execute();
  const takenAt = new Set(taken.map((t) => Date.parse(t.start_at)));
  return {
    mentor_id: mentor.id,
    mentor_time_zone: mentor.time_zone,
    time_zone: input.timeZone,
    week_start: week.weekStart,
    previous_week: week.previous,
    next_week: week.next,
    slots: all.filter((s) => Date.parse(s.start) > now.getTime() && !takenAt.has(Date.parse(s.start))),
  };
}
