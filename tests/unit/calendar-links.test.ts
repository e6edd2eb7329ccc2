/** "Add to Google Calendar" and "Add to Outlook" (issue 42, point 3): the web calendars' own addresses for an event. */
import { describe, expect, it } from "vitest";
import { calendarLinks } from "../../lib/calendar-links.js";

describe("calendar links", () => {
  const event = {
    title: "Sesión con un mentor: Wei Chen con Ana & Luis",
    start: "2026-12-03T15:00:00.000Z",
    end: "2026-12-03T16:00:00.000Z",
    details: "Tema: CV\nReservada por Pia.",
    location: "https://meet.jit.si/Waypoint-abc",
  };

  it("gives Google its template with UTC times and every word encoded", () => {
    const url = new URL(calendarLinks(event).google);
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20261203T150000Z/20261203T160000Z");
    expect(url.searchParams.get("text")).toBe(event.title);
    expect(url.searchParams.get("details")).toBe(event.details);
    expect(url.searchParams.get("location")).toBe(event.location);
  });

  it("gives Outlook its compose deeplink with ISO times, and leaves out a place there is none of", () => {
    const url = new URL(calendarLinks({ ...event, location: null }).outlook);
    expect(url.origin + url.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(url.searchParams.get("rru")).toBe("addevent");
    expect(url.searchParams.get("subject")).toBe(event.title);
    expect(url.searchParams.get("startdt")).toBe(event.start);
    expect(url.searchParams.get("enddt")).toBe(event.end);
    expect(url.searchParams.has("location")).toBe(false);
  });
});
