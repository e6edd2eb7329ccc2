/**
 * A mentor's bookable slots: weekly availability (local times in the mentor's zone) turned into
 * one-hour UTC slots, for a week as the viewer sees it in their own zone. Local times that do not
 * exist (the hour skipped when clocks go forward) are left out; DST is luxon's business.
 */
import { DateTime } from "luxon";
import { addDays, dayIn } from "../../lib/days.js";
import { overlapsBusy, type Busy } from "../calendars/busy-ics.js";

export const SLOT_MINUTES = 60;

export type Availability = { weekday: number; start_minute: number; end_minute: number };
export type Slot = { start: string; end: string };

/**
 * Seven days in the viewer's zone, from the start of `weekStart` (YYYY-MM-DD) or of today: never from a day
 * already past (a date before today is today). `previous` is null from today, and never before it.
 */
export function weekWindow(viewerTz: string, now: Date, weekStart?: string | null) {
  const today = DateTime.fromJSDate(now, { zone: viewerTz }).startOf("day");
  const asked = weekStart ? DateTime.fromISO(weekStart, { zone: viewerTz }).startOf("day") : today;
  const start = asked.isValid && asked < today ? today : asked;
  const end = start.plus({ days: 7 });
  const back = start.minus({ days: 7 });
  return {
    weekStart: start.toISODate()!,
    start: start.toUTC(),
    end: end.toUTC(),
    previous: start <= today ? null : (back < today ? today : back).toISODate()!,
    next: end.toISODate()!,
  };
}

/** A calendar day in a zone, as slots need it: its weekday, its UTC offset, and whether it is steady. */
type ZoneDay = { year: number; month: number; day: number; weekday: number; offset: number; steady: boolean };

/**
 * Days are asked for again and again (every mentor of a list, every page of a week) and never change: kept per zone
 * and date, so luxon (whose zone offsets cost a formatToParts each) works out each day once per process. Bounded.
 */
const zoneDays = new Map<string, ZoneDay>();

function zoneDay(zone: string, date: string): ZoneDay {
  const key = `${zone}|${date}`;
  let found = zoneDays.get(key);
  if (!found) {
    const day = DateTime.fromISO(date, { zone }).startOf("day");
    const next = day.plus({ days: 1 });
    found = {
      year: day.year,
      month: day.month,
      day: day.day,
      weekday: day.weekday % 7, // luxon: 1 = Monday … 7 = Sunday; ours: 0 = Sunday … 6 = Saturday
      offset: day.offset,
      // Where midnight itself was skipped, the day starts at 01:00: not a steady day either.
      steady: day.offset === next.offset && day.hour === 0 && day.minute === 0,
    };
    if (zoneDays.size >= 100_000) zoneDays.clear();
    zoneDays.set(key, found);
  }
  return found;
}

/**
 * Every slot that starts in [from, to), from the availability in the mentor's zone. On a day that starts at
 * midnight with the same UTC offset as the next (all but the days clocks change) a slot's instant is plain
 * arithmetic; on the other days each slot goes through luxon, which knows which local times were skipped or
 * repeated. A test checks both against luxon alone, for every week of a year in zones that change oddly.
 */
export function slotsBetween(availability: Availability[], mentorTz: string, from: Date, to: Date): Slot[] {
  const first = addDays(dayIn(mentorTz, from), -1);
  const last = addDays(dayIn(mentorTz, to), 1);
  const starts: number[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const startMs of dayStarts(availability, mentorTz, date)) {
      if (startMs >= from.getTime() && startMs < to.getTime()) starts.push(startMs);
    }
  }
  return starts.sort((a, b) => a - b).map(toSlot);
}

const toSlot = (startMs: number): Slot => ({
  start: new Date(startMs).toISOString(),
  end: new Date(startMs + SLOT_MINUTES * 60_000).toISOString(),
});

/** The instants (epoch ms, in order) the slots of one date of the mentor's zone start at. */
export function dayStarts(availability: Availability[], mentorTz: string, date: string): number[] {
  const day = zoneDay(mentorTz, date);
  const starts: number[] = [];
  for (const block of availability) {
    if (block.weekday !== day.weekday) continue;
    for (let m = block.start_minute; m + SLOT_MINUTES <= block.end_minute; m += SLOT_MINUTES) {
      const hour = Math.floor(m / 60);
      const minute = m % 60;
      if (day.steady) {
        starts.push(Date.UTC(day.year, day.month - 1, day.day, hour, minute) - day.offset * 60_000);
      } else {
        const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: mentorTz });
        if (!local.isValid || local.hour !== hour || local.minute !== minute) continue; // skipped by DST
        starts.push(local.toMillis());
      }
    }
  }
  return starts.sort((a, b) => a - b);
}

/**
 * The first slot that starts after `now` and before `until`, on no day off, not taken and not busy in the mentor's own
 * calendar (issue 69): day by day in the mentor's zone, stopping at the first (a list of mentors asks this of each;
 * a fortnight of slots each was most of its cost).
 */
export function firstFreeStart(
  mentor: { availability: Availability[]; time_zone: string; time_off: TimeOff[] },
  taken: Set<number>,
  now: Date,
  until: Date,
  busy: readonly Busy[] = [],
): string | null {
  const last = dayIn(mentor.time_zone, until);
  for (let date = dayIn(mentor.time_zone, now); date <= last; date = addDays(date, 1)) {
    if (mentor.time_off.some((t) => t.starts_on <= date && date <= t.ends_on)) continue;
    for (const startMs of dayStarts(mentor.availability, mentor.time_zone, date)) {
      if (
        startMs > now.getTime() &&
        startMs < until.getTime() &&
        !taken.has(startMs) &&
        !overlapsBusy(busy, startMs, startMs + SLOT_MINUTES * 60_000)
      )
        return new Date(startMs).toISOString();
    }
  }
  return null;
}

/** Whether `startIso` is one of the mentor's slots. */
export function isSlot(availability: Availability[], mentorTz: string, startIso: string): boolean {
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return false;
  const around = slotsBetween(availability, mentorTz, new Date(start.getTime() - 1), new Date(start.getTime() + 1));
  return around.some((s) => Date.parse(s.start) === start.getTime());
}

export type TimeOff = { starts_on: string; ends_on: string };

/** Whether an instant falls on one of the mentor's days off (whole days in the mentor's zone, both ends included). */
export function isTimeOff(timeOff: TimeOff[], mentorTz: string, startIso: string): boolean {
  if (!timeOff.length) return false;
  const day = dayIn(mentorTz, startIso);
  return timeOff.some((t) => t.starts_on <= day && day <= t.ends_on);
}

/** The slots not on a day off. */
export function withoutTimeOff<S extends { start: string }>(slots: S[], timeOff: TimeOff[], mentorTz: string): S[] {
  return timeOff.length ? slots.filter((s) => !isTimeOff(timeOff, mentorTz, s.start)) : slots;
}
