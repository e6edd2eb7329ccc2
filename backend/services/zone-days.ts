/**
 * Calendar days in a time zone, for the back office's "today", its agenda and its date filters: a staff member in
 * Lisbon means Lisbon's days. A day that starts or ends at a DST change is 23 or 25 hours long; luxon knows.
 */
import { DateTime } from "luxon";

/** The instant (ISO, UTC) a YYYY-MM-DD day begins in `zone`. */
export function dayStart(day: string, zone: string): string {
  return DateTime.fromISO(day, { zone }).startOf("day").toUTC().toISO()!;
}

/** The day `n` days after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return DateTime.fromISO(day, { zone: "UTC" }).plus({ days: n }).toISODate()!;
}

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}
