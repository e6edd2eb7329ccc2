import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  firstFreeStart,
  isSlot,
  isTimeOff,
  SLOT_MINUTES,
  slotsBetween,
  weekWindow,
  withoutTimeOff,
  type Availability,
} from "../../backend/bookings/slots.js";

const mondayMorning = [{ weekday: 1, start_minute: 9 * 60, end_minute: 12 * 60 }]; // Mon 09:00–12:00

describe("slots", () => {
  it("turns local availability into one-hour UTC slots", () => {
    const slots = slotsBetween(
      mondayMorning,
      "Europe/Berlin",
      new Date("2026-06-01T00:00:00Z"),
      new Date("2026-06-08T00:00:00Z"),
    );
    // Berlin is UTC+2 in summer.
    expect(slots).toEqual([
      { start: "2026-06-01T07:00:00.000Z", end: "2026-06-01T08:00:00.000Z" },
      { start: "2026-06-01T08:00:00.000Z", end: "2026-06-01T09:00:00.000Z" },
      { start: "2026-06-01T09:00:00.000Z", end: "2026-06-01T10:00:00.000Z" },
    ]);
  });

  it("keeps the mentor's local hour across the mentor's daylight-saving change", () => {
    // Europe/Berlin goes to summer time on 29 March 2026: 09:00 is 08:00Z before, 07:00Z after.
    const before = slotsBetween(
      mondayMorning,
      "Europe/Berlin",
      new Date("2026-03-23T00:00:00Z"),
      new Date("2026-03-24T00:00:00Z"),
    );
    const after = slotsBetween(
      mondayMorning,
      "Europe/Berlin",
      new Date("2026-03-30T00:00:00Z"),
      new Date("2026-03-31T00:00:00Z"),
    );
    expect(before[0]!.start).toBe("2026-03-23T08:00:00.000Z");
    expect(after[0]!.start).toBe("2026-03-30T07:00:00.000Z");
  });

  it("leaves out local times the clock skips, and counts the repeated hour once", () => {
    const sundayNight = [{ weekday: 0, start_minute: 60, end_minute: 4 * 60 }]; // Sun 01:00–04:00
    const spring = slotsBetween(sundayNight, "Europe/Berlin", new Date("2026-03-28T12:00:00Z"), new Date("2026-03-29T12:00:00Z"));
    // 02:00 does not exist that night: 01:00 (00:00Z) and 03:00 (01:00Z) remain.
    expect(spring.map((s) => s.start)).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T01:00:00.000Z"]);
    const autumn = slotsBetween(sundayNight, "Europe/Berlin", new Date("2026-10-24T12:00:00Z"), new Date("2026-10-25T12:00:00Z"));
    expect(autumn).toHaveLength(3);
    expect(new Set(autumn.map((s) => s.start)).size).toBe(3);
  });

  it("builds seven days in the viewer's zone from today, across a DST change of the viewer's own, never from the past", () => {
    // New York moves to summer time on 8 March 2026: 5 to 12 March is 167 hours long.
    const today = new Date("2026-03-05T12:00:00Z");
    const w = weekWindow("America/New_York", today);
    expect(w.weekStart).toBe("2026-03-05");
    expect(w.start.toISO()).toBe("2026-03-05T05:00:00.000Z");
    expect(w.end.toISO()).toBe("2026-03-12T04:00:00.000Z");
    expect(w.previous).toBeNull();
    expect(w.next).toBe("2026-03-12");
    const later = weekWindow("America/New_York", today, "2026-03-14");
    expect([later.previous, later.weekStart, later.next]).toEqual(["2026-03-07", "2026-03-14", "2026-03-21"]);
    // "Previous" from three days ahead goes back to today, not before it; a day already past is today.
    expect(weekWindow("America/New_York", today, "2026-03-08").previous).toBe("2026-03-05");
    expect(weekWindow("America/New_York", today, "2026-03-01").weekStart).toBe("2026-03-05");
    expect(weekWindow("America/New_York", today, "2025-01-01").previous).toBeNull();
  });

  it("shows a Sydney mentor's Monday morning on the viewer's Sunday evening in London", () => {
    const w = weekWindow("Europe/London", new Date("2026-05-20T12:00:00Z"), "2026-06-01"); // Mon 1 – Mon 8 June, London
    const slots = slotsBetween(mondayMorning, "Australia/Sydney", w.start.toJSDate(), w.end.toJSDate());
    // Sydney Monday 8 June 09:00 is London Monday 8 June 00:00: the next week. Monday 1 June 09:00 Sydney is
    // Sunday 31 May 23:00Z (London 00:00 Monday 1 June): inside.
    expect(slots[0]!.start).toBe("2026-05-31T23:00:00.000Z");
    expect(slots).toHaveLength(3);
  });

  it("takes out the slots of a mentor's days off, as days of the mentor's own zone", () => {
    const off = [{ starts_on: "2026-06-01", ends_on: "2026-06-01" }];
    // Monday 1 June 09:00 in Sydney is Sunday 31 May 23:00 UTC: a day off in Sydney, whatever day it is in UTC.
    expect(isTimeOff(off, "Australia/Sydney", "2026-05-31T23:00:00.000Z")).toBe(true);
    expect(isTimeOff(off, "UTC", "2026-05-31T23:00:00.000Z")).toBe(false);
    expect(isTimeOff([{ starts_on: "2026-12-24", ends_on: "2026-12-31" }], "Europe/Berlin", "2026-12-31T22:59:00.000Z")).toBe(
      true,
    );
    expect(isTimeOff([{ starts_on: "2026-12-24", ends_on: "2026-12-31" }], "Europe/Berlin", "2026-12-31T23:00:00.000Z")).toBe(
      false,
    );
    const week = slotsBetween(mondayMorning, "Europe/Berlin", new Date("2026-06-01T00:00:00Z"), new Date("2026-06-15T00:00:00Z"));
    expect(withoutTimeOff(week, off, "Europe/Berlin")).toHaveLength(week.length - 3);
    expect(withoutTimeOff(week, [], "Europe/Berlin")).toBe(week);
  });

  it("recognises a real slot and nothing else", () => {
    expect(isSlot(mondayMorning, "Europe/Berlin", "2026-06-01T07:00:00.000Z")).toBe(true);
    expect(isSlot(mondayMorning, "Europe/Berlin", "2026-06-01T07:30:00.000Z")).toBe(false);
    expect(isSlot(mondayMorning, "Europe/Berlin", "2026-06-02T07:00:00.000Z")).toBe(false);
    expect(isSlot(mondayMorning, "Europe/Berlin", "not a date")).toBe(false);
  });

  it("gives, in every zone and week of a year, exactly the slots luxon gives slot by slot", () => {
    // The reference: every local slot through luxon, which knows each zone's skipped and repeated hours.
    function reference(availability: Availability[], tz: string, from: Date, to: Date) {
      const out: string[] = [];
      let day = DateTime.fromJSDate(from, { zone: tz }).startOf("day").minus({ days: 1 });
      const last = DateTime.fromJSDate(to, { zone: tz }).startOf("day").plus({ days: 1 });
      for (; day <= last; day = day.plus({ days: 1 })) {
        for (const block of availability.filter((a) => a.weekday === day.weekday % 7)) {
          for (let m = block.start_minute; m + SLOT_MINUTES <= block.end_minute; m += SLOT_MINUTES) {
            const hour = Math.floor(m / 60);
            const minute = m % 60;
            const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: tz });
            if (!local.isValid || local.hour !== hour || local.minute !== minute) continue;
            if (local.toMillis() >= from.getTime() && local.toMillis() < to.getTime()) out.push(local.toUTC().toISO()!);
          }
        }
      }
      return out.sort();
    }
    // Round the clock, every day, on the half hour too.
    const allDay = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, start_minute: 0, end_minute: 24 * 60 },
      { weekday, start_minute: 30, end_minute: 23 * 60 + 30 },
    ]);
    // Zones that change at midnight (Santiago), by half an hour (Lord Howe), at odd offsets, or never.
    const zones = ["Europe/Berlin", "America/Santiago", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "UTC"];
    for (const tz of zones) {
      for (let week = 0; week < 53; week++) {
        const from = new Date(Date.UTC(2026, 0, 1) + week * 7 * 86_400_000);
        const to = new Date(from.getTime() + 7 * 86_400_000);
        const got = slotsBetween(allDay, tz, from, to).map((s) => s.start);
        expect(got, `${tz}, week from ${from.toISOString()}`).toEqual(reference(allDay, tz, from, to));
      }
    }
  });
  it("finds a mentor's first free slot day by day exactly as a search of every slot to the horizon does", () => {
    // Random hours, days off and taken slots in zones with odd changes; the answer must be the first of all the
    // slots from now to the horizon that is on no day off and not taken.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const zones = ["Europe/London", "America/Santiago", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia", "UTC"];
    for (let run = 0; run < 300; run++) {
      const zone = zones[run % zones.length]!;
      const availability: Availability[] = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const start = Math.floor(random() * 20) * 60;
        return {
          weekday: Math.floor(random() * 7),
          start_minute: start,
          end_minute: start + 60 * (1 + Math.floor(random() * 4)),
        };
      });
      const now = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 86_400_000));
      const until = new Date(now.getTime() + (1 + Math.floor(random() * 60)) * 86_400_000);
      const all = slotsBetween(availability, zone, now, until).filter((s) => Date.parse(s.start) > now.getTime());
      const taken = new Set(all.filter(() => random() < 0.6).map((s) => Date.parse(s.start)));
      const offDay = all[Math.floor(random() * all.length)];
      const day = offDay ? DateTime.fromISO(offDay.start, { zone }).toISODate()! : "2000-01-01";
      const time_off = random() < 0.5 ? [{ starts_on: day, ends_on: day }] : [];
      const expected = withoutTimeOff(all, time_off, zone).find((s) => !taken.has(Date.parse(s.start)))?.start ?? null;
      expect(firstFreeStart({ availability, time_zone: zone, time_off }, taken, now, until), `${zone} ${now.toISOString()}`).toBe(
        expected,
      );
    }
  });
});
