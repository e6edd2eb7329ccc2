/**
 * A calendar's events (iCalendar text, as a CalDAV server keeps them) turned into the times they make a mentor busy
 * (issue 69, point 2), with ical.js. The rules a booking tool gets wrong (Cal.com's reports, cited in the issue):
 *
 * - a recurring event blocks each of its occurrences, not only the first, less its EXDATEs; an occurrence moved
 *   (an exception with RECURRENCE-ID) blocks its new time and not its old one; one cancelled blocks nothing;
 * - `TRANSP:TRANSPARENT` (RFC 5545 §3.8.2.7: "free") and `STATUS:CANCELLED` block nothing;
 * - an all-day event (DATE values) blocks its days whole, in the mentor's own zone;
 * - a time carries its own zone: an IANA name (luxon knows it), a VTIMEZONE the object defines (Outlook's names), UTC,
 *   or none ("floating", read in the mentor's zone);
 * - an event the portal wrote itself (its UID) is never busy against the session it is.
 *
 * Bounded: at most `MAX_OCCURRENCES` occurrences are walked per event (a rule every minute since 1970 ends there).
 */
import ICAL from "ical.js";
import { DateTime } from "luxon";

export type Busy = { start: number; end: number };

/** The most occurrences of one recurring event walked to reach the window's end. */
export const MAX_OCCURRENCES = 20_000;

type Zones = Map<string, ICAL.Timezone>;

/** The instant an iCalendar time means, in epoch milliseconds. */
function instant(time: ICAL.Time, tzid: string | null, zones: Zones, mentorZone: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === "UTC") return time.toUnixTime() * 1000;
  const parts = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  if (tzid) {
    const iana = DateTime.fromObject(parts, { zone: tzid });
    if (iana.isValid) return iana.toMillis();
    const defined = zones.get(tzid);
    if (defined) {
      const local = time.clone();
      local.zone = defined;
      return local.toUnixTime() * 1000;
    }
  }
  return DateTime.fromObject(parts, { zone: mentorZone }).toMillis();
}

/** An all-day span [first day, day after the last) as instants in the mentor's zone. */
function wholeDays(start: ICAL.Time, end: ICAL.Time | null, mentorZone: string): Busy {
  const from = DateTime.fromObject({ year: start.year, month: start.month, day: start.day }, { zone: mentorZone });
  const to = end
    ? DateTime.fromObject({ year: end.year, month: end.month, day: end.day }, { zone: mentorZone })
    : from.plus({ days: 1 });
  return { start: from.toMillis(), end: Math.max(to.toMillis(), from.plus({ days: 1 }).toMillis()) };
}

const tzidOf = (comp: ICAL.Component, name: string): string | null => {
  const value = comp.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

/** Whether this VEVENT (a series' master or one occurrence) leaves its time free. */
function freeAnyway(comp: ICAL.Component): boolean {
  const transp = String(comp.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(comp.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp === "TRANSPARENT" || status === "CANCELLED";
}

/** One VEVENT's own span (a single event, or one moved occurrence), or null when it has no length. */
function ownSpan(comp: ICAL.Component, zones: Zones, mentorZone: string): Busy | null {
  const event = new ICAL.Event(comp);
  const start = event.startDate;
  if (!start) return null;
  if (start.isDate) return wholeDays(start, event.endDate ?? null, mentorZone);
  const from = instant(start, tzidOf(comp, "dtstart"), zones, mentorZone);
  const end = event.endDate;
  const to = comp.hasProperty("dtend")
    ? instant(end, tzidOf(comp, "dtend"), zones, mentorZone)
    : from + (event.duration ? event.duration.toSeconds() * 1000 : 0);
  return to > from ? { start: from, end: to } : null;
}

/**
 * The busy times of these calendar objects that overlap [from, to), merged and in order. `own(uid)` names the events
 * the portal wrote (its sessions), which are left out.
 */
export function busyFromIcs(
  objects: readonly string[],
  window: { from: number; to: number },
  opts: { zone: string; own?: (uid: string) => boolean },
): Busy[] {
  const found: Busy[] = [];
  const keep = (b: Busy | null) => {
    if (b && b.end > window.from && b.start < window.to) found.push(b);
  };
  for (const text of objects) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(text));
    } catch {
      continue; // one unreadable object does not hide the others
    }
    const zones: Zones = new Map();
    for (const vtz of root.getAllSubcomponents("vtimezone")) {
      const tzid = vtz.getFirstPropertyValue("tzid");
      if (typeof tzid === "string") zones.set(tzid, new ICAL.Timezone(vtz));
    }
    // A series is its master and its moved or cancelled occurrences, which share its UID.
    const series = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
    for (const vevent of root.getAllSubcomponents("vevent")) {
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      if (opts.own?.(uid)) continue;
      const entry = series.get(uid) ?? { exceptions: [] };
      if (vevent.hasProperty("recurrence-id")) entry.exceptions.push(vevent);
      else entry.master = vevent;
      series.set(uid, entry);
    }
    for (const { master, exceptions } of series.values()) {
      // Each moved occurrence at its own time, unless it is free or cancelled.
      for (const ex of exceptions) if (!freeAnyway(ex)) keep(ownSpan(ex, zones, opts.zone));
      if (!master) continue;
      const status = String(master.getFirstPropertyValue("status") ?? "").toUpperCase();
      if (status === "CANCELLED") continue;
      const event = new ICAL.Event(master, { exceptions });
      if (!event.isRecurring()) {
        if (!freeAnyway(master)) keep(ownSpan(master, zones, opts.zone));
        continue;
      }
      if (freeAnyway(master)) continue; // a free series: its moved occurrences were weighed on their own above
      const first = ownSpan(master, zones, opts.zone);
      if (!first) continue;
      const length = first.end - first.start;
      const startTzid = tzidOf(master, "dtstart");
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
        // Long before the window (its clock time read as UTC, a zone being at most 14 hours off): not weighed.
        if (next.toUnixTime() * 1000 + length + 2 * 86_400_000 < window.from) continue;
        const details = event.getOccurrenceDetails(next);
        const original = next.isDate ? wholeDays(next, null, opts.zone).start : instant(next, startTzid, zones, opts.zone);
        if (original >= window.to) break;
        if (details.item !== event) continue; // a moved or cancelled occurrence: weighed above
        if (next.isDate) {
          const days = wholeDays(next, null, opts.zone);
          const span = Math.round(length / 86_400_000);
          keep({
            start: days.start,
            end: DateTime.fromMillis(days.start, { zone: opts.zone })
              .plus({ days: Math.max(1, span) })
              .toMillis(),
          });
        } else keep({ start: original, end: original + length });
      }
    }
  }
  return merge(found);
}

/** Overlapping or touching spans made one, in order. */
export function merge(spans: Busy[]): Busy[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Busy[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Whether [start, end) meets any busy span (sorted, merged). */
export function overlapsBusy(busy: readonly Busy[], start: number, end: number): boolean {
  let lo = 0;
  let hi = busy.length;
  // The first span that ends after `start`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const span = busy[lo];
  return span !== undefined && span.start < end;
}

/**
 * Busy spans as kept with their calendar (`calendar_sources.busy_spans`): each span twelve characters, its start and
 * end in whole minutes since 1970 (rounded outwards) as six base-36 digits each, merged and in order. A page needs the
 * spans of a week, or up to a mentor's first free slot, of a calendar that holds months: the few it needs are found
 * by a binary search in the text, without reading the rest (a JSON array of every span, parsed whole, cost the
 * directory a quarter of its speed).
 */
const WIDTH = 6;
const SPAN = WIDTH * 2;

export function encodeSpans(spans: readonly Busy[]): string {
  const minutes = merge(spans.map((s) => ({ start: Math.floor(s.start / 60_000), end: Math.ceil(s.end / 60_000) })));
  return minutes.map((s) => s.start.toString(36).padStart(WIDTH, "0") + s.end.toString(36).padStart(WIDTH, "0")).join("");
}

/** The spans of an encoded text that meet [from, to), in epoch milliseconds. */
export function spansWithin(encoded: string, from: number, to: number): Busy[] {
  const count = Math.floor(encoded.length / SPAN);
  const at = (i: number, part: 0 | 1) =>
    parseInt(encoded.slice(i * SPAN + part * WIDTH, i * SPAN + (part + 1) * WIDTH), 36) * 60_000;
  // The first span that ends after `from` (spans are merged: their ends are in order too).
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid, 1) <= from) lo = mid + 1;
    else hi = mid;
  }
  const out: Busy[] = [];
  for (let i = lo; i < count; i++) {
    const start = at(i, 0);
    if (start >= to) break;
    out.push({ start, end: at(i, 1) });
  }
  return out;
}
