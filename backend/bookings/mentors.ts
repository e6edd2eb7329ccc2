/**
 * The mentor catalogue and each mentor's week: profiles, weekly availability, and the free slots of a week
 * seen from a time zone. The booking lifecycle is in bookings.ts.
 */
import type { Kysely } from "kysely";
import { languageName, mentorTextFields } from "../../lib/catalogue-texts.js";
import type {
  Mentor,
  MentorDirectory,
  MentorValues,
  MentorListItem,
  MentorProfile,
  PublicMentor,
  Schedule,
} from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { overlapsBusy, type Busy } from "../calendars/busy-ics.js";
import { busyBetween } from "../calendars/sync.js";
import { inLanguage } from "../catalogue/texts.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { activeMentors } from "./directory-read.js";
import { firstFreeStart, slotsBetween, weekWindow, withoutTimeOff } from "./slots.js";

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
    .where("mentors.active", "=", 1)
    .orderBy("mentors.name")
    .orderBy("mentors.id")
    .execute();
  return rows.map(toMentor).filter(matching(filter));
}

/**
 * Whether a mentor has the expertise and the language asked for (any case, whole entries). Few mentors, JSON
 * lists: filtered here, exactly (a LIKE on JSON text would match parts of words).
 */
function matching(filter: { expertise?: string | null; language?: string | null }) {
  const has = (list: readonly string[], v?: string | null) => !v || list.some((x) => x.toLowerCase() === v.toLowerCase());
  return (m: { expertise: readonly string[]; languages: readonly string[] }) =>
    has(m.expertise, filter.expertise) && has(m.languages, filter.language);
}

/** What a visitor sees of a mentor (issue 26): who they are, what they know, the languages they speak; no rate, hours or slots. */
const toPublic = (m: Mentor): Omit<PublicMentor, "english"> => ({
  id: m.id,
  name: m.name,
  title: m.title,
  bio: m.bio,
  expertise: m.expertise,
  languages: m.languages,
  country_code: m.country_code,
  photo_url: m.photo_url,
});

/**
 * Mentors as a page in `lang` shows them: their words as the office wrote them in it (else English, named in
 * `english`), and the languages they speak named in it by Intl (one Intl does not know stays as typed, in English).
 */
async function inPageLanguage(db: Kysely<Database>, mentors: Mentor[], lang: Lang): Promise<PublicMentor[]> {
  const shown = await inLanguage(db, "mentor", mentors.map(toPublic), lang, mentorTextFields, ["expertise"]);
  return shown.map((m) => {
    const named = m.languages.map((typed) => languageName(typed, lang));
    return {
      ...m,
      languages: named.map((n) => n.name),
      english: named.every((n) => n.known) ? m.english : [...m.english, "languages"],
    };
  });
}

export async function publicMentors(db: Kysely<Database>, lang: Lang = "en"): Promise<PublicMentor[]> {
  return inPageLanguage(db, await listMentors(db, {}), lang);
}

export async function publicMentor(db: Kysely<Database>, id: number, lang: Lang = "en"): Promise<PublicMentor> {
  return (await inPageLanguage(db, [await getMentor(db, id)], lang))[0]!;
}

/** An active mentor with its weekly hours (`inactive: true`: any, for the back office). */
export async function getMentor(db: Kysely<Database>, id: number, opts: { inactive?: boolean } = {}): Promise<MentorProfile> {
  const [mentor] = await mentorProfiles(db, [id], opts);
  if (!mentor) throw new NotFound("mentor.not_found", "No such mentor.");
  return mentor;
}

/**
 * Mentors with their weekly hours and days off, by name: these (or every one), active ones only unless `inactive`.
 * Three queries whatever their number.
 */
export async function mentorProfiles(
  db: Kysely<Database>,
  ids: number[] | "all",
  opts: { inactive?: boolean } = {},
): Promise<MentorProfile[]> {
  if (ids !== "all" && !ids.length) return [];
  let query = db
    .selectFrom("mentors")
    .innerJoin("countries", "countries.code", "mentors.country_code")
    .select(mentorColumns)
    .orderBy("mentors.name")
    .orderBy("mentors.id");
  if (ids !== "all") query = query.where("mentors.id", "in", ids);
  if (!opts.inactive) query = query.where("mentors.active", "=", 1);
  const rows = await query.execute();
  if (!rows.length) return [];
  const found = rows.map((r) => r.id);
  const [availability, timeOff] = await Promise.all([
    db
      .selectFrom("mentor_availability")
      .select(["mentor_id", "weekday", "start_minute", "end_minute"])
      .where("mentor_id", "in", found)
      .orderBy("weekday")
      .orderBy("start_minute")
      .execute(),
    db
      .selectFrom("mentor_time_off")
      .select(["mentor_id", "starts_on", "ends_on"])
      .where("mentor_id", "in", found)
      .orderBy("starts_on")
      .execute(),
  ]);
  const hours = byMentor(availability.map(({ mentor_id, ...range }) => [mentor_id, range] as const));
  const daysOff = byMentor(timeOff.map(({ mentor_id, ...days }) => [mentor_id, days] as const));
  return rows.map((row) => ({ ...toMentor(row), availability: hours.get(row.id) ?? [], time_off: daysOff.get(row.id) ?? [] }));
}

/** Rows grouped by their mentor, in the order they came. */
function byMentor<T>(rows: ReadonlyArray<readonly [number, T]>): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const [id, row] of rows) {
    const list = grouped.get(id);
    if (list) list.push(row);
    else grouped.set(id, [row]);
  }
  return grouped;
}

/** Starts of the mentor's live bookings (held or confirmed) in [from, to), as epoch milliseconds. */
async function takenBetween(db: Kysely<Database>, mentorId: number, from: string, to: string): Promise<Set<number>> {
  const taken = await db
    .selectFrom("mentor_bookings")
    .select("start_at")
    .where("mentor_id", "=", mentorId)
    .where("status", "in", ["held", "confirmed"])
    .where("start_at", ">=", from)
    .where("start_at", "<", to)
    .execute();
  return new Set(taken.map((t) => Date.parse(t.start_at)));
}

/** The mentor's busy times in their own calendars over [from, to) (issue 69): none without a connection. */
async function busyOf(db: Kysely<Database>, mentorId: number, from: Date, to: Date): Promise<Busy[]> {
  return (await busyBetween(db, [mentorId], from, to)).get(mentorId) ?? [];
}

/** The free slots in [from, to): availability, minus live bookings, minus busy times in the mentor's calendars, minus the past. */
async function freeSlots(db: Kysely<Database>, mentor: MentorProfile, from: Date, to: Date, now: Date) {
  if (from >= to) return [];
  const all = withoutTimeOff(slotsBetween(mentor.availability, mentor.time_zone, from, to), mentor.time_off, mentor.time_zone);
  const [taken, busy] = await Promise.all([
    takenBetween(db, mentor.id, from.toISOString(), to.toISOString()),
    busyOf(db, mentor.id, from, to),
  ]);
  return all.filter(
    (s) =>
      Date.parse(s.start) >= from.getTime() &&
      Date.parse(s.start) > now.getTime() &&
      !taken.has(Date.parse(s.start)) &&
      !overlapsBusy(busy, Date.parse(s.start), Date.parse(s.end)),
  );
}

/** The first slot from now on, up to the horizon, that is not taken nor busy. */
function firstFree(
  mentor: Pick<MentorProfile, "availability" | "time_zone" | "time_off">,
  taken: Set<number>,
  now: Date,
  horizonDays: number,
  busy: readonly Busy[],
): string | null {
  return firstFreeStart(mentor, taken, now, new Date(now.getTime() + horizonDays * 86_400_000), busy);
}

/** The mentor's first free slot from now on, within the booking horizon. */
export async function nextFreeSlot(db: Kysely<Database>, mentor: MentorProfile, horizonDays: number, now = new Date()) {
  const until = new Date(now.getTime() + horizonDays * 86_400_000);
  const [taken, busy] = await Promise.all([
    takenBetween(db, mentor.id, now.toISOString(), until.toISOString()),
    busyOf(db, mentor.id, now, until),
  ]);
  return firstFree(mentor, taken, now, horizonDays, busy);
}

/**
 * The mentor's free slots over seven days seen from `timeZone` (from today unless another day is asked for,
 * never from a past one), up to the booking horizon; and the first free slot from now, wherever it falls.
 */
export async function schedule(
  db: Kysely<Database>,
  input: { mentorId: number; timeZone: string; weekStart?: string | null; horizonDays: number; minNoticeHours?: number },
  now = new Date(),
): Promise<Schedule> {
  const mentor = await getMentor(db, input.mentorId);
  // Slots sooner than the minimum notice are not free to book; the week itself still starts today.
  const earliest = new Date(now.getTime() + (input.minNoticeHours ?? 0) * 3_600_000);
  const week = weekWindow(input.timeZone, now, input.weekStart);
  if (!week.start.isValid)
    throw new Invalid("validation.day", "Enter the first day as YYYY-MM-DD", {
      week_start: [fieldError("validation.day", "Enter a real date")],
    });
  const horizon = new Date(now.getTime() + input.horizonDays * 86_400_000);
  const end = new Date(Math.min(week.end.toMillis(), horizon.getTime()));
  const slots = await freeSlots(db, mentor, week.start.toJSDate(), end, earliest);
  return {
    mentor_id: mentor.id,
    mentor,
    mentor_time_zone: mentor.time_zone,
    time_zone: input.timeZone,
    week_start: week.weekStart,
    previous_week: week.previous,
    next_week: week.next,
    slots,
    next_free: slots[0] && !week.previous ? slots[0].start : await nextFreeSlot(db, mentor, input.horizonDays, earliest),
  };
}

/**
 * The mentors, each with its first free slot (the list shows when each can next be booked): two queries for all of
 * them (their weekly hours and days off, and their live bookings up to the horizon), however many mentors there are.
 */
export async function listMentorsWithNextFree(
  db: Kysely<Database>,
  filter: { expertise?: string | null; language?: string | null },
  horizonDays: number,
  now = new Date(),
): Promise<MentorListItem[]> {
  return withNextFree(db, await listMentors(db, filter), horizonDays, now);
}

/**
 * The directory a page at a time: every active mentor's expertise and languages (a light read, kept in memory while
 * the mentors do not change: directory-read.ts) for the filters' choices and for which mentors match; the whole
 * profile and the next free slot (the costly part, per mentor) of this page's mentors only.
 */
export async function mentorDirectory(
  db: Kysely<Database>,
  query: { expertise?: string | null; language?: string | null; page?: number | null; per_page?: number | null },
  horizonDays: number,
  now = new Date(),
): Promise<MentorDirectory> {
  const all = await activeMentors(db);
  const found = all.entries.filter(matching(query));
  // 12 cards: three rows of four on a wide screen, six of two, one column of twelve on a phone. The cards are the
  // page's costliest part (each one's next free slot worked out, its links, its words): at 24, side by side, the page
  // answered about a sixth fewer requests, and a phone scrolled through twice the cards to reach the pages' links.
  const perPage = query.per_page ?? 12;
  const pages = Math.max(1, Math.ceil(found.length / perPage));
  const page = query.page ?? 1;
  const ids = found.slice((page - 1) * perPage, page * perPage).map((m) => m.id);
  const rows = ids.length
    ? await db
        .selectFrom("mentors")
        .innerJoin("countries", "countries.code", "mentors.country_code")
        .select(mentorColumns)
        .where("mentors.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, toMentor(r)]));
  return {
    items: await withNextFree(
      db,
      ids.flatMap((id) => byId.get(id) ?? []),
      horizonDays,
      now,
    ),
    page,
    per_page: perPage,
    total: found.length,
    pages,
    expertise: [...all.expertise],
    languages: [...all.languages],
  };
}

/** Each mentor with its first free slot from now to the horizon: hours, days off and bookings read once for all. */
async function withNextFree(db: Kysely<Database>, mentors: Mentor[], horizonDays: number, now: Date): Promise<MentorListItem[]> {
  if (!mentors.length) return [];
  const ids = mentors.map((m) => m.id);
  const until = new Date(now.getTime() + horizonDays * 86_400_000).toISOString();
  const [hours, away, bookings, busy] = await Promise.all([
    db
      .selectFrom("mentor_availability")
      .select(["mentor_id", "weekday", "start_minute", "end_minute"])
      .where("mentor_id", "in", ids)
      .execute(),
    db.selectFrom("mentor_time_off").select(["mentor_id", "starts_on", "ends_on"]).where("mentor_id", "in", ids).execute(),
    db
      .selectFrom("mentor_bookings")
      .select(["mentor_id", "start_at"])
      .where("mentor_id", "in", ids)
      .where("status", "in", ["held", "confirmed"])
      .where("start_at", ">=", now.toISOString())
      .where("start_at", "<", until)
      .execute(),
    // The mentors' own busy times (issue 69): a row a calendar, its spans together.
    busyBetween(db, ids, now, new Date(until)),
  ]);
  const mine = <T extends { mentor_id: number }>(rows: T[]) => byMentor(rows.map((r) => [r.mentor_id, r] as const));
  const [hoursOf, awayOf, bookedOf] = [mine(hours), mine(away), mine(bookings)];
  return mentors.map((m) => {
    const availability = hoursOf.get(m.id) ?? [];
    const taken = new Set((bookedOf.get(m.id) ?? []).map((b) => Date.parse(b.start_at)));
    const time_off = awayOf.get(m.id) ?? [];
    const next_free = firstFree(
      { availability, time_zone: m.time_zone, time_off },
      taken,
      now,
      horizonDays,
      busy.get(m.id) ?? [],
    );
    return { ...m, next_free };
  });
}

/** A mentor's weekly hours and days off, replaced whole (booked sessions are not touched). */
export async function replaceHours(trx: Kysely<Database>, mentorId: number, v: Pick<MentorValues, "hours" | "time_off">) {
  const { hours } = v;
  await trx.deleteFrom("mentor_time_off").where("mentor_id", "=", mentorId).execute();
  if (v.time_off.length) {
    await trx
      .insertInto("mentor_time_off")
      .values(v.time_off.map((t) => ({ mentor_id: mentorId, starts_on: t.starts_on, ends_on: t.ends_on })))
      .execute();
  }
  await trx.deleteFrom("mentor_availability").where("mentor_id", "=", mentorId).execute();
  if (hours.length) {
    await trx
      .insertInto("mentor_availability")
      .values(
        hours.map((h) => ({ mentor_id: mentorId, weekday: h.weekday, start_minute: h.start_minute, end_minute: h.end_minute })),
      )
      .execute();
  }
}
