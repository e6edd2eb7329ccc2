/**
 * What every page's header and footer read of the business: the company's name until one is set, and today's
 * opening hours. Kept apart from business.ts (which re-exports both): the browser's build gives every page the
 * whole of each module the root imports, with all that any page uses of it, so the root imports this alone.
 */
import { dayIn, wallClock } from "./days.js";
import { remember, zonedDates } from "./intl.js";

/** The company's name until the environment (COMPANY_NAME) or the office says another: pages, e-mails, feeds. */
export const DEFAULT_COMPANY_NAME = "Waypoint Consultancy";

/** How far `zone`'s clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(zone: string, at: Date): number {
  const parts = wallClock(zone, at);
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time of a day is in `zone` ("2026-11-24", "09:00"). */
function atWallTime(day: string, time: string, zone: string): Date {
  const guess = Date.parse(`${day}T${time}:00Z`);
  const first = guess - zoneOffset(zone, new Date(guess));
  // Once more, for a day whose offset changes between the guess and the answer (a clock change).
  return new Date(guess - zoneOffset(zone, new Date(first)));
}

const clocks = zonedDates({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * Each day's hours as read in each zone, worked out once: every page's header asks, and the answer (four wall-clock
 * conversions) changes only with the day, the hours or the zones. Bounded: a visitor's browser names its zone.
 */
const shownHours = new Map<string, { from: string; to: string }>();

/**
 * Today's opening hours, as a viewer in `viewerZone` reads them: "Open today 10:00–19:00" (the office's hours moved
 * into the viewer's zone), or "Closed today". "Today" is the office's day.
 */
export function todaysHours(
  // SiteFacts' own two (lib/business.ts, which takes this module's names: written out here, so neither imports the other)
  site: { hours: Array<[string, string] | null>; hours_zone: string },
  viewerZone: string,
  now = new Date(),
  say: (hours: { from: string; to: string } | null) => string = (h) => (h ? `Open today ${h.from}–${h.to}` : "Closed today"),
): string {
  const day = dayIn(site.hours_zone, now);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const hours = site.hours[weekday];
  if (!hours) return say(null);
  const shown = remember(shownHours, `${day}|${site.hours_zone}|${viewerZone}|${hours.join("-")}`, () => {
    const clock = clocks("en-GB", viewerZone);
    const [open, close] = hours.map((t) =>
      t === "24:00" ? atWallTime(day, "23:59", site.hours_zone) : atWallTime(day, t, site.hours_zone),
    );
    return { from: clock.format(open!), to: clock.format(close!) };
  });
  return say(shown);
}
