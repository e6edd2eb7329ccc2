/**
 * A CalDAV account (iCloud, Fastmail, Nextcloud, Radicale, any server) through tsdav, every request by the guarded
 * fetch (backend/net/outside-fetch.ts) with HTTP Basic and the app password the mentor gave.
 *
 * - The calendars: tsdav's discovery from the address given (its `.well-known/caldav`, principal and home set), the
 *   collections that hold events.
 * - Busy times: the calendar's ctag first (a PROPFIND of one property); when it is the tag last read, nothing is read
 *   again. Else a calendar-query for the window (the server returns each event that overlaps it, a recurring one
 *   whole with its exceptions), expanded here (busy-ics.ts), not by the server, which many do wrongly.
 * - A session: PUT at `<calendar>/<uid>.ics` (the same address whatever the retries: written once), DELETE there.
 */
import ICAL from "ical.js";
import { createAccount, fetchCalendarObjects, fetchCalendars, getBasicAuthHeaders, propfind, type DAVAccount } from "tsdav";
import { busyFromIcs } from "./busy-ics.js";
import { CalendarRefused, type CalendarService, type FoundCalendar, type SessionEvent } from "./provider.js";

export type CaldavAccount = { serverUrl: string; username: string; password: string };

export function caldavService(account: CaldavAccount, fetch: typeof globalThis.fetch): CalendarService {
  const headers = getBasicAuthHeaders({ username: account.username, password: account.password });
  // Every answer is seen here first: a 401 or 403 anywhere is the password refused, whatever tsdav makes of it.
  let refused = false;
  const seen: typeof globalThis.fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (answer.status === 401 || answer.status === 403) refused = true;
    return answer;
  };
  const check = <T>(work: Promise<T>): Promise<T> =>
    work.then(
      (value) => {
        if (refused) throw new CalendarRefused("calendar.password_refused", "The server refused the user name or password");
        return value;
      },
      (error: unknown) => {
        if (refused) throw new CalendarRefused("calendar.password_refused", "The server refused the user name or password");
        throw error;
      },
    );

  return {
    async calendars(): Promise<FoundCalendar[]> {
      const found = await check(
        (async () => {
          const davAccount: DAVAccount = await createAccount({
            account: { serverUrl: account.serverUrl, accountType: "caldav", credentials: account },
            headers,
            fetch: seen,
          });
          return fetchCalendars({ account: davAccount, headers, fetch: seen });
        })(),
      );
      return found
        .filter((c) => !c.components || c.components.includes("VEVENT"))
        .map((c) => ({
          remote_id: c.url,
          name: typeof c.displayName === "string" && c.displayName ? c.displayName : nameFromUrl(c.url),
          tag: c.ctag ?? null,
        }));
    },

    async busy(remoteId, window, opts) {
      const tag = await check(collectionTag(remoteId, headers, seen));
      if (tag && opts.tag && tag === opts.tag) return { unchanged: true };
      const objects = await check(
        fetchCalendarObjects({
          calendar: { url: remoteId },
          timeRange: { start: new Date(window.from).toISOString(), end: new Date(window.to).toISOString() },
          headers,
          fetch: seen,
        }),
      );
      return {
        busy: busyFromIcs(
          objects.map((o) => (typeof o.data === "string" ? o.data : "")),
          window,
          opts,
        ),
        tag,
      };
    },

    async put(remoteId, event) {
      const url = eventUrl(remoteId, event.uid);
      const answer = await seen(url, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "text/calendar; charset=utf-8" },
        body: sessionIcs(event),
      });
      await answer.body?.cancel().catch(() => undefined);
      if (refused) throw new CalendarRefused("calendar.password_refused", "The server refused the user name or password");
      if (!answer.ok) throw new Error(`The calendar server answered ${answer.status} to the session's PUT`);
      return url;
    },

    async remove(_remoteId, ref) {
      const answer = await seen(ref, { method: "DELETE", headers });
      await answer.body?.cancel().catch(() => undefined);
      if (refused) throw new CalendarRefused("calendar.password_refused", "The server refused the user name or password");
      if (!answer.ok && answer.status !== 404 && answer.status !== 410) {
        throw new Error(`The calendar server answered ${answer.status} to the session's DELETE`);
      }
    },
  };
}

/** The collection's ctag (CalendarServer's getctag), or its sync-token, or null when it offers neither. */
async function collectionTag(url: string, headers: Record<string, string>, fetch: typeof globalThis.fetch) {
  const [answer] = await propfind({
    url,
    props: { "cs:getctag": {}, "d:sync-token": {} },
    depth: "0",
    headers,
    fetch,
  });
  const props = (answer?.props ?? {}) as Record<string, unknown>;
  const tag = props.getctag ?? props.syncToken;
  return typeof tag === "string" || typeof tag === "number" ? String(tag) : null;
}

const nameFromUrl = (url: string) => decodeURIComponent(url.replace(/\/+$/, "").split("/").pop() ?? url);

/** The session's own address in the calendar: its UID, made safe for a path. */
export function eventUrl(calendarUrl: string, uid: string): string {
  return `${calendarUrl.replace(/\/?$/, "/")}${uid.replace(/[^A-Za-z0-9._-]/g, "-")}.ics`;
}

/** The session as an iCalendar object (PUBLISH: an event in the mentor's own calendar, no attendees to invite). */
export function sessionIcs(event: SessionEvent): string {
  const cal = new ICAL.Component(["vcalendar", [], []]);
  cal.addPropertyWithValue("prodid", "-//Consultancy portal//Sessions//EN");
  cal.addPropertyWithValue("version", "2.0");
  const vevent = new ICAL.Component("vevent");
  const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);
  vevent.addPropertyWithValue("uid", event.uid);
  vevent.addPropertyWithValue("dtstamp", utc(new Date().toISOString()));
  vevent.addPropertyWithValue("sequence", event.sequence);
  vevent.addPropertyWithValue("dtstart", utc(event.start));
  vevent.addPropertyWithValue("dtend", utc(event.end));
  vevent.addPropertyWithValue("summary", event.summary);
  vevent.addPropertyWithValue("description", event.description);
  if (event.location) vevent.addPropertyWithValue("location", event.location);
  vevent.addPropertyWithValue("url", event.url);
  vevent.addPropertyWithValue("status", "CONFIRMED");
  vevent.addPropertyWithValue("transp", "OPAQUE");
  cal.addSubcomponent(vevent);
  return cal.toString();
}
