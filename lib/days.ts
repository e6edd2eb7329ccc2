/**
 * Calendar days in a time zone, one definition for the portal, the API and e-mails: a person in Lisbon means
 * Lisbon's days (the back office's "today", its agenda and filters, a mentor's week, a document's expiry). Plain
 * Intl, so the browser's build may use it; where a day begins as an instant is lib/day-start.ts (luxon, server only).
 */
import { dateFormatter, isTimeZone, zonedDates } from "./intl.js";

const days = zonedDates({ year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day (YYYY-MM-DD) of an instant in `zone` (UTC for a zone this runtime does not know). */
export function dayIn(zone: string, at: Date | string = new Date()): string {
  return days("en-CA", isTimeZone(zone) ? zone : "UTC").format(typeof at === "string" ? new Date(at) : at);
}

/** The day `n` days after a YYYY-MM-DD day (calendar days: no zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const clocks = zonedDates({
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall clock of an instant in `zone`: "2026", "11", "24", "18", "37", "05" (24-hour, zero-padded). */
export function wallClock(zone: string, at: Date) {
  const parts = Object.fromEntries(
    clocks("en-CA", zone)
      .formatToParts(at)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, p.value]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
  return parts;
}

/** A weekday's name in `locale` (0 Sunday … 6 Saturday), through the cached formatters: "Monday", "Mon", "lundi". */
export function weekdayName(locale: string, weekday: number, width: "long" | "short" = "long"): string {
  // 4 January 2026 was a Sunday.
  return dateFormatter(locale, { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2026, 0, 4 + weekday)));
}

/** A YYYY-MM-DD that names a day of the calendar (not 2025-02-30): here, not in the contract, so the browser's
 * questionnaire checks it without zod. */
export function isRealDate(v: string) {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}
