/** Where a calendar day (lib/days.ts) begins as an instant, in a zone: a day at a DST change is 23 or 25 hours. */
import { DateTime } from "luxon";

/** The instant (ISO, UTC) a YYYY-MM-DD day begins in `zone`. */
export function dayStart(day: string, zone: string): string {
  return DateTime.fromISO(day, { zone }).startOf("day").toUTC().toISO()!;
}
