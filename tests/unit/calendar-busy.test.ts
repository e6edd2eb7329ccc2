/** What a mentor's own calendar makes busy (issue 69, point 2): backend/calendars/busy-ics.ts. */
import { describe, expect, it } from "vitest";
import {
  busyFromIcs,
  encodeSpans,
  MAX_OCCURRENCES,
  merge,
  overlapsBusy,
  spansWithin,
  type Busy,
} from "../../backend/calendars/busy-ics.js";

const cal = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const event = (...lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const iso = (b: Busy) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()];
const december = { from: Date.parse("2026-12-01T00:00:00Z"), to: Date.parse("2027-01-31T00:00:00Z") };
const madrid = { zone: "Europe/Madrid" };

describe("busy times from a calendar's events", () => {
  it("blocks each occurrence of a weekly event, less an EXDATE, a moved one at its new time and a cancelled one", () => {
    const weekly = cal(
      event(
        "UID:weekly-1",
        "DTSTART;TZID=Europe/Madrid:20261207T100000",
        "DTEND;TZID=Europe/Madrid:20261207T110000",
        "RRULE:FREQ=WEEKLY;COUNT=6",
        "EXDATE;TZID=Europe/Madrid:20261221T100000",
      ),
      event(
        "UID:weekly-1",
        "RECURRENCE-ID;TZID=Europe/Madrid:20261214T100000",
        "DTSTART;TZID=Europe/Madrid:20261215T150000",
        "DTEND;TZID=Europe/Madrid:20261215T160000",
      ),
      event(
        "UID:weekly-1",
        "RECURRENCE-ID;TZID=Europe/Madrid:20261228T100000",
        "STATUS:CANCELLED",
        "DTSTART;TZID=Europe/Madrid:20261228T100000",
        "DTEND;TZID=Europe/Madrid:20261228T110000",
      ),
    );
    expect(busyFromIcs([weekly], december, madrid).map(iso)).toEqual([
      ["2026-12-07T09:00:00.000Z", "2026-12-07T10:00:00.000Z"],
      ["2026-12-15T14:00:00.000Z", "2026-12-15T15:00:00.000Z"],
      ["2027-01-04T09:00:00.000Z", "2027-01-04T10:00:00.000Z"],
      ["2027-01-11T09:00:00.000Z", "2027-01-11T10:00:00.000Z"],
    ]);
  });

  it("keeps an event's length across a change of clocks, and leaves out what ends before the window or starts after it", () => {
    const daily = cal(
      event("UID:d", "DTSTART;TZID=America/New_York:20270312T090000", "DURATION:PT90M", "RRULE:FREQ=DAILY;COUNT=3"),
    );
    const window = { from: Date.parse("2027-03-13T00:00:00Z"), to: Date.parse("2027-03-14T23:00:00Z") };
    expect(busyFromIcs([daily], window, madrid).map(iso)).toEqual([
      ["2027-03-13T14:00:00.000Z", "2027-03-13T15:30:00.000Z"],
      ["2027-03-14T13:00:00.000Z", "2027-03-14T14:30:00.000Z"],
    ]);
  });

  it("blocks an all-day event's whole day in the mentor's zone, and a weekly all-day one each week", () => {
    const allDay = cal(
      event("UID:ad", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261211"),
      event("UID:ad2", "DTSTART;VALUE=DATE:20261216", "RRULE:FREQ=WEEKLY;COUNT=2"),
    );
    expect(busyFromIcs([allDay], december, { zone: "Asia/Tokyo" }).map(iso)).toEqual([
      ["2026-12-09T15:00:00.000Z", "2026-12-10T15:00:00.000Z"],
      ["2026-12-15T15:00:00.000Z", "2026-12-16T15:00:00.000Z"],
      ["2026-12-22T15:00:00.000Z", "2026-12-23T15:00:00.000Z"],
    ]);
  });

  it("leaves a transparent event, a cancelled one and the portal's own sessions free", () => {
    const objects = [
      cal(event("UID:t", "TRANSP:TRANSPARENT", "DTSTART:20261210T100000Z", "DTEND:20261210T110000Z")),
      cal(event("UID:c", "STATUS:CANCELLED", "DTSTART:20261211T100000Z", "DTEND:20261211T110000Z")),
      cal(event("UID:booking-7@portal.test", "DTSTART:20261212T100000Z", "DTEND:20261212T110000Z")),
      cal(event("UID:b", "TRANSP:OPAQUE", "DTSTART:20261213T100000Z", "DTEND:20261213T110000Z")),
    ];
    const own = (uid: string) => uid.endsWith("@portal.test");
    expect(busyFromIcs(objects, december, { ...madrid, own }).map(iso)).toEqual([
      ["2026-12-13T10:00:00.000Z", "2026-12-13T11:00:00.000Z"],
    ]);
    // Without knowing its own, the portal's session would count.
    expect(busyFromIcs(objects, december, madrid)).toHaveLength(2);
  });

  it("reads a zone the object defines (Outlook's names), UTC, and a floating time in the mentor's zone", () => {
    const custom = cal(
      [
        "BEGIN:VTIMEZONE",
        "TZID:Arabian Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T000000",
        "TZOFFSETFROM:+0400",
        "TZOFFSETTO:+0400",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event("UID:x", "DTSTART;TZID=Arabian Standard Time:20261210T100000", "DTEND;TZID=Arabian Standard Time:20261210T110000"),
      event("UID:y", "DTSTART:20261211T100000", "DTEND:20261211T103000"),
    );
    expect(busyFromIcs([custom], december, madrid).map(iso)).toEqual([
      ["2026-12-10T06:00:00.000Z", "2026-12-10T07:00:00.000Z"],
      ["2026-12-11T09:00:00.000Z", "2026-12-11T09:30:00.000Z"],
    ]);
  });

  it("skips an unreadable object and stops walking a rule at its bound", () => {
    const everyMinute = cal(event("UID:m", "DTSTART:19700101T000000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY"));
    expect(busyFromIcs(["not a calendar", everyMinute], december, madrid)).toEqual([]);
    expect(MAX_OCCURRENCES).toBeLessThan(100_000);
  });

  it("merges spans that meet, and finds an overlap in order", () => {
    const spans = merge([
      { start: 30, end: 40 },
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 35, end: 50 },
    ]);
    expect(spans).toEqual([
      { start: 0, end: 20 },
      { start: 30, end: 50 },
    ]);
    expect(overlapsBusy(spans, 20, 30)).toBe(false);
    expect(overlapsBusy(spans, 19, 21)).toBe(true);
    expect(overlapsBusy(spans, 50, 60)).toBe(false);
    expect(overlapsBusy(spans, 45, 46)).toBe(true);
    expect(overlapsBusy([], 0, 1)).toBe(false);
  });

  it("keeps spans as text and finds those of a window by a binary search, rounded outwards to whole minutes", () => {
    const at = (iso: string) => Date.parse(iso);
    const spans = [
      { start: at("2026-12-10T09:00:00Z"), end: at("2026-12-10T10:00:00Z") },
      { start: at("2026-12-11T12:00:30Z"), end: at("2026-12-11T12:59:10Z") },
      { start: at("2026-12-10T09:30:00Z"), end: at("2026-12-10T11:00:00Z") },
      { start: at("2027-02-01T00:00:00Z"), end: at("2027-02-02T00:00:00Z") },
    ];
    const text = encodeSpans(spans);
    expect(text).toHaveLength(36);
    const all = spansWithin(text, 0, Number.MAX_SAFE_INTEGER).map(iso);
    expect(all).toEqual([
      ["2026-12-10T09:00:00.000Z", "2026-12-10T11:00:00.000Z"],
      ["2026-12-11T12:00:00.000Z", "2026-12-11T13:00:00.000Z"],
      ["2027-02-01T00:00:00.000Z", "2027-02-02T00:00:00.000Z"],
    ]);
    expect(spansWithin(text, at("2026-12-10T11:00:00Z"), at("2026-12-11T12:00:00Z"))).toEqual([]);
    expect(spansWithin(text, at("2026-12-10T10:59:00Z"), at("2026-12-11T12:00:01Z")).map(iso)).toEqual(all.slice(0, 2));
    expect(spansWithin(text, at("2027-01-01T00:00:00Z"), at("2028-01-01T00:00:00Z")).map(iso)).toEqual(all.slice(2));
    expect(spansWithin("", 0, 1)).toEqual([]);
    // A year of a busy calendar, every weekday three spans: a week of it read alone, as each span says.
    const year: Busy[] = [];
    for (let d = 0; d < 365; d++)
      for (const h of [8, 12, 15])
        year.push({
          start: at("2027-01-01T00:00:00Z") + d * 86_400_000 + h * 3_600_000,
          end: at("2027-01-01T00:00:00Z") + d * 86_400_000 + (h + 1) * 3_600_000,
        });
    const week = spansWithin(encodeSpans(year), at("2027-06-01T00:00:00Z"), at("2027-06-08T00:00:00Z"));
    expect(week).toEqual(year.filter((b) => b.end > at("2027-06-01T00:00:00Z") && b.start < at("2027-06-08T00:00:00Z")));
  });
});
