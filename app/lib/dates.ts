import { dayIn } from "../../lib/days.js";
import { isTimeZone, zonedDates } from "../../lib/intl.js";
import { UTC_STAMPS } from "../../lib/utc-stamp.js";

// Each a formatter per locale and zone, made once: a list's rows ask for them by the dozen.
const dateTimes = zonedDates({ dateStyle: "medium", timeStyle: "short" });
const dates = zonedDates({ day: "numeric", month: "long", year: "numeric" });
const dayLabels = zonedDates({ weekday: "short", day: "numeric", month: "short" });
const timeLabels = zonedDates({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** A UTC time from the database, shown in the viewer's time zone (the agent's own setting). */
export function formatDateTime(iso: string, timeZone: string, locale = "en-GB"): string {
  try {
    return dateTimes(locale, timeZone).format(new Date(iso));
  } catch {
    return dateTimes(locale, "UTC").format(new Date(iso)) + " UTC";
  }
}

/** A day of a UTC time from the database, in the viewer's zone: "1 March 2027" (in the page's language). */
export function formatDate(iso: string, timeZone: string, locale = "en-GB"): string {
  try {
    return dates(locale, timeZone).format(new Date(iso));
  } catch {
    return dates(locale, "UTC").format(new Date(iso));
  }
}

/**
 * A stored text's times in the reader's zone: history lines keep a session's time as the API wrote it ("moved from
 * 2026-12-01 10:00 UTC to …", "Mentor session: Wei Chen, 2026-12-01 10:00 UTC"); a reader sees "1 Dec 2026, 11:00"
 * in their own zone, as every other time on the page.
 */
export function timesIn(text: string, timeZone: string): string {
  return text.replace(UTC_STAMPS, (_, day: string, time: string) => formatDateTime(`${day}T${time}:00.000Z`, timeZone));
}

/** "Mon 8 Jun" in the given zone. */
export function dayLabel(iso: string, timeZone: string): string {
  return dayLabels("en-GB", timeZone).format(new Date(iso));
}

/** "14:00" in the given zone. */
export function timeLabel(iso: string, timeZone: string): string {
  return timeLabels("en-GB", timeZone).format(new Date(iso));
}

/** The calendar day (YYYY-MM-DD) of an instant in the given zone: slots are grouped by it (lib/days.ts). */
export const dayKey = (iso: string, timeZone: string) => dayIn(timeZone, iso);

/** The viewer's zone: ?tz= (set from the browser when JavaScript is on), else the agent's own setting. */
export function viewerZone(request: Request, agentZone: string): string {
  const tz = new URL(request.url).searchParams.get("tz");
  return isTimeZone(tz) ? tz : agentZone;
}
