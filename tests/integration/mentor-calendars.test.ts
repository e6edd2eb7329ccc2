/**
 * Mentors' own calendars over CalDAV (issue 69), against a real server (Radicale, tests/support/radicale.ts), on
 * SQLite and PostgreSQL: a mentor connects; a weekly event blocks its time each week except a moved and a cancelled
 * occurrence; an all-day event blocks its day in the mentor's zone; a transparent event blocks nothing; a slot that
 * became busy is refused when held; a paid session is written to the mentor's calendar once whatever the instances,
 * moves with the session and is gone after a cancellation; a changed password breaks the connection and sends one
 * e-mail; its busy times count for a day more.
 */
import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelBooking, defaultBookingRules } from "../../backend/bookings/bookings.js";
import { moveBooking } from "../../backend/bookings/moves.js";
import { busyBetween } from "../../backend/calendars/sync.js";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import type { CalendarSettings } from "../../lib/settings.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { startRadicale, type Radicale } from "../support/radicale.js";

const HOUR = 3_600_000;
const calendarSettings = (): CalendarSettings => ({
  key: randomBytes(32).toString("hex"),
  allowPrivate: true,
  readSeconds: 300,
  timeoutMs: 5000,
  google: null,
  microsoft: null,
});

const ics = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mentor's own program//EN", ...lines, "END:VCALENDAR"].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
});

describe.each(testDatabases)("mentors' calendars over CalDAV on $name", (target) => {
  const settings = calendarSettings();
  const ctx = useSeededApi(target, { calendars: settings });
  const user = `mentor-${target.name}`;
  let password = "first-app-password";
  let mentor: { id: number; token: string };
  let mentorZone: string;
  let fixtures: ReturnType<typeof agentFixtures>;
  let clientId: number;
  let agentId: number;
  let work: string;

  beforeAll(async () => {
    radicale.setPassword(user, password);
    work = await radicale.makeCalendar(user, password, "work");
    await radicale.makeCalendar(user, password, "personal");
    mentor = await ctx.api.newMentor(3, `calendar.mentor.${target.name}@example.com`);
    mentorZone = (await ctx.database.db.selectFrom("mentors").select("time_zone").where("id", "=", 3).executeTakeFirstOrThrow())
      .time_zone;
    const agent = await ctx.api.newAgent(`calendar-agent-${target.name}@example.com`);
    agentId = agent.id;
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Cal", last_name: "Endar", email: `cal.${target.name}@example.com` })).id;
  });

  const asMentor = (method: "GET" | "POST", path: string, body?: unknown) =>
    ctx.api.call(method, path, { token: mentor.token, ...(body === undefined ? {} : { body }) });

  /** The mentor's free slots (UTC) for the week starting `daysAhead` days from now, as an agent is offered them. */
  async function slots(daysAhead: number) {
    const week_start = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const week = await fixtures.api.call(endpoints.schedule, { body: { mentor_id: 3, time_zone: "UTC", week_start } });
    return week.slots.map((s) => s.start);
  }

  it("refuses a wrong password and a malformed address beside their fields, keeping nothing", async () => {
    const wrong = await asMentor("POST", "mentor/calendars/caldav", {
      server_url: radicale.url,
      username: user,
      password: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.password[0].code).toBe("calendar.password_refused");
    const bad = await asMentor("POST", "mentor/calendars/caldav", { server_url: "not an address", username: user, password });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(["server_url"]);
    const none = await asMentor("POST", "mentor/calendars/caldav", {
      server_url: "http://127.0.0.1:9/",
      username: user,
      password,
    });
    expect(none.json.errors.server_url[0].code).toBe("calendar.unreachable");
    expect((await asMentor("GET", "mentor/calendars")).json.data.connections).toEqual([]);
  });

  it("connects, lists the calendars found, and never answers the password back", async () => {
    const res = await asMentor("POST", "mentor/calendars/caldav", { server_url: radicale.url, username: user, password });
    expect(res.status).toBe(201);
    const [connection] = res.json.data.connections;
    expect(connection.provider).toBe("caldav");
    expect(connection.status).toBe("working");
    expect(connection.calendars.map((c: { name: string }) => c.name).sort()).toEqual(["personal", "work"]);
    expect(connection.calendars.every((c: { busy: boolean }) => c.busy)).toBe(true);
    expect(connection.calendars.filter((c: { receives: boolean }) => c.receives)).toHaveLength(1);
    expect(JSON.stringify(res.json)).not.toContain(password);
    // Sealed at rest: the column holds no trace of it.
    const row = await ctx.database.db.selectFrom("calendar_connections").select("secret").executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(password);
    expect(row.secret.startsWith("v1.")).toBe(true);
    // Sessions go to "work".
    const workId = connection.calendars.find((c: { name: string }) => c.name === "work").id;
    const chosen = await asMentor("POST", "mentor/calendars/choice", {
      busy: connection.calendars.map((c: { id: number }) => c.id),
      receives: workId,
    });
    expect(chosen.status).toBe(200);
  });

  it("leaves out a weekly event each week, less a moved and a cancelled occurrence; all-day days; not a transparent one", async () => {
    const first = await slots(2);
    expect(first.length).toBeGreaterThan(3);
    const start = first[0]!;
    const s = DateTime.fromISO(start, { zone: mentorZone });
    const at = (d: DateTime) => d.toFormat("yyyyMMdd'T'HHmmss");
    const moved = first.find(
      (t) => Date.parse(t) > Date.parse(start) + 3 * HOUR && Date.parse(t) < Date.parse(start) + 4 * 86_400_000,
    )!;
    await radicale.putEvent(
      work,
      user,
      password,
      "weekly",
      ics(
        vevent(
          "UID:weekly-standup",
          `DTSTART;TZID=${mentorZone}:${at(s)}`,
          `DTEND;TZID=${mentorZone}:${at(s.plus({ hours: 1 }))}`,
          "RRULE:FREQ=WEEKLY;COUNT=4",
        ),
        vevent(
          "UID:weekly-standup",
          `RECURRENCE-ID;TZID=${mentorZone}:${at(s.plus({ weeks: 1 }))}`,
          `DTSTART:${utc(moved)}`,
          `DTEND:${utc(new Date(Date.parse(moved) + HOUR).toISOString())}`,
        ),
        vevent(
          "UID:weekly-standup",
          `RECURRENCE-ID;TZID=${mentorZone}:${at(s.plus({ weeks: 2 }))}`,
          "STATUS:CANCELLED",
          `DTSTART;TZID=${mentorZone}:${at(s.plus({ weeks: 2 }))}`,
          `DTEND;TZID=${mentorZone}:${at(s.plus({ weeks: 2, hours: 1 }))}`,
        ),
      ),
    );
    // A transparent event over another free slot, and a whole day off on the mentor's calendar.
    const free = first.find((t) => t !== start && t !== moved)!;
    await radicale.putEvent(
      work,
      user,
      password,
      "free",
      ics(
        vevent(
          "UID:free-1",
          "TRANSP:TRANSPARENT",
          `DTSTART:${utc(free)}`,
          `DTEND:${utc(new Date(Date.parse(free) + HOUR).toISOString())}`,
        ),
      ),
    );
    const dayOff = DateTime.fromISO(first[first.length - 1]!, { zone: mentorZone });
    await radicale.putEvent(
      work,
      user,
      password,
      "day-off",
      ics(
        vevent(
          "UID:day-off",
          `DTSTART;VALUE=DATE:${dayOff.toFormat("yyyyMMdd")}`,
          `DTEND;VALUE=DATE:${dayOff.plus({ days: 1 }).toFormat("yyyyMMdd")}`,
        ),
      ),
    );
    await ctx.database.db
      .updateTable("calendar_connections")
      .set({ next_read_at: new Date(0).toISOString() })
      .execute();
    expect((await ctx.api.calendarTick()).read).toBeGreaterThanOrEqual(1);

    const week = (n: number) => slots(2 + 7 * n);
    const shifted = (n: number) => new Date(Date.parse(start) + n * 7 * 86_400_000).toISOString();
    const weeks = await Promise.all([0, 1, 2, 3].map(week));
    expect(weeks[0]!).not.toContain(shifted(0));
    expect(weeks[1]!).toContain(shifted(1)); // moved away from here…
    expect(weeks[0]!).not.toContain(moved); // …to here
    expect(weeks[2]!).toContain(shifted(2)); // cancelled
    expect(weeks[3]!).not.toContain(shifted(3));
    expect(weeks[0]!).toContain(free);
    const sameDay = (t: string) => DateTime.fromISO(t, { zone: mentorZone }).hasSame(dayOff, "day");
    expect(weeks[0]!.filter(sameDay)).toEqual([]);
    expect(first.filter(sameDay).length).toBeGreaterThan(0);

    // The directory's next free slot is not a busy one either.
    const listed = await fixtures.api.call(endpoints.mentors, { query: {} });
    const next = listed.find((m) => m.id === 3)!.next_free!;
    expect(next).toBeTruthy();
    const busy = (await busyBetween(ctx.database.db, [3], new Date(), new Date(Date.now() + 60 * 86_400_000))).get(3) ?? [];
    expect(busy.some((b) => Date.parse(next) < b.end && Date.parse(next) + HOUR > b.start)).toBe(false);
  });

  it("refuses to hold a slot that became busy after it was shown", async () => {
    const shown = (await slots(9))[0]!;
    await radicale.putEvent(
      work,
      user,
      password,
      "dentist",
      ics(vevent("UID:dentist", `DTSTART:${utc(shown)}`, `DTEND:${utc(new Date(Date.parse(shown) + HOUR).toISOString())}`)),
    );
    // Its last read is older than a minute: the hold reads the calendar again first.
    await ctx.database.db
      .updateTable("calendar_connections")
      .set({ read_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .execute();
    const refused = await fixtures.api
      .call(endpoints.book, { body: { mentor_id: 3, client_id: clientId, start: shown, topic: "Too late" } })
      .then(
        () => null,
        (e: { status: number; errors?: Record<string, Array<{ code: string }>> }) => e,
      );
    expect(refused?.status).toBe(400);
    expect(refused?.errors?.start?.[0]?.code).toBe("booking.calendar_busy");
  });

  it("writes a paid session to the mentor's calendar once with three instances, moves it there, removes it when cancelled", async () => {
    const others = [await startApi(ctx.database, { calendars: settings }), await startApi(ctx.database, { calendars: settings })];
    try {
      const start = (await slots(16))[0]!;
      const { booking } = await fixtures.paidSession(clientId, { mentorId: 3, start, topic: "Written once" });
      const uid = `booking-${booking.id}@portal.test`;
      const rounds = () => Promise.all([ctx.api, ...others].map((api) => (api as Harness).mailTick()));
      await rounds();
      await rounds();
      const written = () => radicale.storedEvents(user, "work").filter((e) => e.includes(`UID:${uid}`));
      expect(written()).toHaveLength(1);
      expect(written()[0]).toContain(`DTSTART:${utc(start)}`);
      // Read back, the portal's own event is not busy against the session itself.
      await ctx.database.db
        .updateTable("calendar_connections")
        .set({ next_read_at: new Date(0).toISOString(), read_at: null })
        .execute();
      await ctx.api.calendarTick();
      const busy = (await busyBetween(ctx.database.db, [3], new Date(start), new Date(Date.parse(start) + HOUR))).get(3) ?? [];
      expect(busy).toEqual([]);

      const to = (await slots(23))[0]!;
      await moveBooking(ctx.database.db, agentId, booking.id, to, defaultBookingRules);
      await Promise.all([rounds(), rounds()]);
      expect(written()).toHaveLength(1);
      expect(written()[0]).toContain(`DTSTART:${utc(to)}`);

      await cancelBooking(ctx.database.db, agentId, booking.id, 0, async () => undefined);
      await rounds();
      expect(written()).toHaveLength(0);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it("breaks on a changed password, e-mails the mentor once, counts its busy times a day more, and mends with the new one", async () => {
    password = "second-app-password";
    radicale.setPassword(user, password);
    await ctx.database.db
      .updateTable("calendar_connections")
      .set({ next_read_at: new Date(0).toISOString() })
      .execute();
    expect((await ctx.api.calendarTick()).broken).toBe(1);
    await ctx.database.db
      .updateTable("calendar_connections")
      .set({ next_read_at: new Date(0).toISOString() })
      .execute();
    await ctx.api.calendarTick();
    const mails = await ctx.api.deliver({ to: `calendar.mentor.${target.name}@example.com` });
    const told = mails.filter((m) => m.subject.includes("no longer connected"));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("/mentoring/calendars");

    const view = (await asMentor("GET", "mentor/calendars")).json.data.connections[0];
    expect(view.status).toBe("broken");
    expect(view.broken_code).toBe("calendar.password_refused");
    expect(view.busy_counting).toBe(true);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const soon = await busyBetween(ctx.database.db, [3], new Date(), inAWeek);
    expect(soon.get(3)?.length ?? 0).toBeGreaterThan(0);
    const later = await busyBetween(ctx.database.db, [3], new Date(), inAWeek, new Date(Date.now() + 25 * HOUR));
    expect(later.get(3)).toBeUndefined();

    const staff = await ctx.api.newStaff(`calendar-staff-${target.name}@example.com`);
    const office = await ctx.api.call("GET", "office/calendars", { token: staff.token });
    expect(office.json.data).toMatchObject([{ mentor_id: 3, status: "broken" }]);

    const mended = await asMentor("POST", `mentor/calendars/${view.id}/password`, { password });
    expect(mended.status).toBe(200);
    expect(mended.json.data.connections[0].status).toBe("working");
  });

  it("keeps one mentor's connections from another mentor and from agents", async () => {
    const other = await ctx.api.newMentor(4, `other.calendar.${target.name}@example.com`);
    const id = (await asMentor("GET", "mentor/calendars")).json.data.connections[0].id;
    const tried = await ctx.api.call("POST", `mentor/calendars/${id}/disconnect`, { token: other.token });
    expect(tried.status).toBe(404);
    expect((await asMentor("GET", "mentor/calendars")).json.data.connections).toHaveLength(1);
    const done = await asMentor("POST", `mentor/calendars/${id}/disconnect`);
    expect(done.json.data.connections).toEqual([]);
    expect(await ctx.database.db.selectFrom("calendar_sources").select("busy_spans").execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom("calendar_connections").select("id").execute()).toEqual([]);
  });
});
