/** Calendar days in a zone (lib/days.ts, lib/day-start.ts): one definition for pages, the API and e-mails. */
import { describe, expect, it } from "vitest";
import { timesIn } from "../../app/lib/dates.js";
import { todaysHours } from "../../lib/business.js";
import { csvTime } from "../../lib/csv.js";
import { dayStart } from "../../lib/day-start.js";
import { addDays, dayIn, wallClock, weekdayName } from "../../lib/days.js";
import { expiryWindow } from "../../lib/documents.js";

describe("days in a zone", () => {
  const at = new Date("2026-11-23T11:30:00Z");

  it("names an instant's day in the zone, UTC for an unknown zone", () => {
    expect(dayIn("Pacific/Kiritimati", at)).toBe("2026-11-24");
    expect(dayIn("Pacific/Pago_Pago", at)).toBe("2026-11-23");
    expect(dayIn("America/Los_Angeles", "2026-11-24T05:00:00Z")).toBe("2026-11-23");
    expect(dayIn("Not/AZone", at)).toBe("2026-11-23");
  });

  it("adds calendar days across months, years and a leap day", () => {
    expect(addDays("2026-11-23", 60)).toBe("2027-01-22");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("begins a day at the zone's midnight, also on a day of a DST change", () => {
    expect(dayStart("2026-03-29", "Europe/London")).toBe("2026-03-29T00:00:00.000Z");
    expect(dayStart("2026-03-30", "Europe/London")).toBe("2026-03-29T23:00:00.000Z");
    expect(dayStart("2026-11-23", "Asia/Tokyo")).toBe("2026-11-22T15:00:00.000Z");
  });

  it("counts a document's expiry window from the agent's today", () => {
    expect(expiryWindow(at, "Pacific/Kiritimati")).toEqual({ today: "2026-11-24", horizon: "2027-01-23" });
    expect(expiryWindow(at, "Pacific/Pago_Pago")).toEqual({ today: "2026-11-23", horizon: "2027-01-22" });
  });
});

describe("wall clocks in a zone", () => {
  it("reads an instant's clock in a zone, midnight as 00 (never 24)", () => {
    expect(wallClock("Asia/Kolkata", new Date("2026-11-23T18:30:05Z"))).toEqual({
      year: "2026",
      month: "11",
      day: "24",
      hour: "00",
      minute: "00",
      second: "05",
    });
  });

  it("writes a spreadsheet's time in the agent's zone without seconds, and nothing for no time", () => {
    expect(csvTime("2026-07-01T09:05:59.123Z", "Europe/Lisbon")).toBe("2026-07-01 10:05");
    expect(csvTime("2026-12-01T09:05:59.123Z", "Europe/Lisbon")).toBe("2026-12-01 09:05");
    expect(csvTime(null, "UTC")).toBe("");
  });

  it("says today's opening hours in the viewer's zone, on either side of a clock change, and a closed day", () => {
    const site = {
      hours_zone: "Europe/Lisbon",
      hours: [null, ["09:00", "18:00"], null, null, null, ["09:00", "24:00"], null] as Array<[string, string] | null>,
    };
    // A Monday in summer (Lisbon UTC+1, New York UTC-4) and in winter (UTC+0 and UTC-5).
    expect(todaysHours(site, "America/New_York", new Date("2026-06-01T12:00:00Z"))).toBe("Open today 04:00–13:00");
    expect(todaysHours(site, "America/New_York", new Date("2026-11-23T12:00:00Z"))).toBe("Open today 04:00–13:00");
    expect(todaysHours(site, "Asia/Dubai", new Date("2026-11-23T12:00:00Z"))).toBe("Open today 13:00–22:00");
    // Open until midnight on Fridays; closed on Sundays (Lisbon's day, not the viewer's).
    expect(todaysHours(site, "Europe/Lisbon", new Date("2026-11-27T12:00:00Z"))).toBe("Open today 09:00–23:59");
    expect(todaysHours(site, "Pacific/Kiritimati", new Date("2026-11-29T12:00:00Z"))).toBe("Closed today");
    // The hours are kept once worked out: hours or an office zone changed today show at once, as asked again.
    const changed = { ...site, hours: site.hours.map((h, i) => (i === 1 ? ["10:00", "16:00"] : h)) as typeof site.hours };
    expect(todaysHours(changed, "America/New_York", new Date("2026-11-23T12:00:00Z"))).toBe("Open today 05:00–11:00");
    expect(todaysHours({ ...site, hours_zone: "Asia/Dubai" }, "Asia/Dubai", new Date("2026-11-23T12:00:00Z"))).toBe(
      "Open today 09:00–18:00",
    );
    expect(todaysHours(site, "America/New_York", new Date("2026-11-23T12:00:00Z"))).toBe("Open today 04:00–13:00");
  });

  it("names weekdays in the page's locale, Sunday first as the API counts them", () => {
    expect(weekdayName("en-GB", 0)).toBe("Sunday");
    expect(weekdayName("en-GB", 1, "short")).toBe("Mon");
    expect(weekdayName("fr-FR", 1)).toBe("lundi");
    expect(weekdayName("es-ES", 6)).toBe("sábado");
  });
});

describe("times a stored line names, in the reader's zone", () => {
  it("turns each UTC time of a history line into the reader's zone, and leaves other text alone", () => {
    expect(
      timesIn("Mentor session with Wei Chen moved from 2026-12-01 10:00 UTC to 2026-12-02 21:30 UTC, as asked", "Asia/Dubai"),
    ).toBe("Mentor session with Wei Chen moved from 1 Dec 2026, 14:00 to 3 Dec 2026, 01:30, as asked");
    expect(timesIn("Paid in order 4: Starter mentorship", "Asia/Dubai")).toBe("Paid in order 4: Starter mentorship");
  });
});
