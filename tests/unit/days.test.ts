/** Calendar days in a zone (lib/days.ts, lib/day-start.ts): one definition for pages, the API and e-mails. */
import { describe, expect, it } from "vitest";
import { dayStart } from "../../lib/day-start.js";
import { addDays, dayIn } from "../../lib/days.js";
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
