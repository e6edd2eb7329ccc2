/**
 * A mentor's bookable slots: weekly availability (local times in the mentor's zone) turned into
 * one-hour UTC slots, for a week as the viewer sees it in their own zone. Local times that do not
 * exist (the hour skipped when clocks go forward) are left out; DST is luxon's business.
 */
import { DateTime } from "luxon";

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

/**
 * Every slot that starts in [from, to), from the availability in the mentor's zone. On a day that starts at
 * midnight with the same UTC offset as the next (all but the days clocks change) a slot's instant is plain
 * arithmetic; on the other days each slot goes through luxon, which knows which local times were skipped or
 * repeated. A test checks both against luxon alone, for every week of a year in zones that change oddly.
 */
export function slotsBetween(availability: Availability[], mentorTz: string, from: Date, to: Date): Slot[] {
  const fromDt = DateTime.fromJSDate(from, { zone: mentorTz }).startOf("day").minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone: mentorTz }).startOf("day").plus({ days: 1 });
  const slots: Slot[] = [];
  const slotMs = SLOT_MINUTES * 60_000;
  for (let day = fromDt; day <= last;) {
    const next = day.plus({ days: 1 });
    // Where midnight itself was skipped, the day starts at 01:00: not a steady day either.
    const steady = day.offset === next.offset && day.hour === 0 && day.minute === 0;
    const weekday = day.weekday % 7; // luxon: 1 = Monday … 7 = Sunday; ours: 0 = Sunday … 6 = Saturday
    for (const block of availability.filter((a) => a.weekday === weekday)) {
      for (let m = block.start_minute; m + SLOT_MINUTES <= block.end_minute; m += SLOT_MINUTES) {
        const hour = Math.floor(m / 60);
        const minute = m % 60;
        let startMs: number;
        if (steady) {
          startMs = Date.UTC(day.year, day.month - 1, day.day, hour, minute) - day.offset * 60_000;
        } else {
          const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: mentorTz });
          if (!local.isValid || local.hour !== hour || local.minute !== minute) continue; // skipped by DST
          startMs = local.toMillis();
        }
        if (startMs < from.getTime() || startMs >= to.getTime()) continue;
        slots.push({ start: new Date(startMs).toISOString(), end: new Date(startMs + slotMs).toISOString() });
      }
    }
    day = next;
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
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
  const day = DateTime.fromISO(startIso, { zone: mentorTz }).toISODate();
  return day !== null && timeOff.some((t) => t.starts_on <= day && day <= t.ends_on);
}

/** The slots not on a day off. */
export function withoutTimeOff<S extends { start: string }>(slots: S[], timeOff: TimeOff[], mentorTz: string): S[] {
  return timeOff.length ? slots.filter((s) => !isTimeOff(timeOff, mentorTz, s.start)) : slots;
}
