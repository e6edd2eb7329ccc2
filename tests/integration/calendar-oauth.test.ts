/**
 * Google's and Microsoft's calendars by OAuth (issue 69), against local stand-ins of their APIs
 * (tests/support/calendar-stand-ins.ts), on SQLite and PostgreSQL: the sign-in with PKCE and a state used once; busy
 * events leave their slots out, free, transparent and cancelled ones and the portal's own do not; an expired access
 * token is refreshed on the server and kept sealed; a session is written once with three instances, moved and
 * removed; a revoked token (invalid_grant) breaks the connection, e-mails the mentor once, and signing in again mends
 * it.
 */
import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelBooking, defaultBookingRules } from "../../backend/bookings/bookings.js";
import { moveBooking } from "../../backend/bookings/moves.js";
import { googleEventId } from "../../backend/calendars/oauth.js";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { startCalendarStandIns, type CalendarStandIns } from "../support/calendar-stand-ins.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

const HOUR = 3_600_000;

describe.each(testDatabases)("Google's and Microsoft's calendars on $name", (target) => {
  // Each database its own stand-ins: a token revoked on one run is not revoked on the next.
  let standIns: CalendarStandIns;
  const settings = () => ({
    key: randomBytes(32).toString("hex"),
    allowPrivate: false,
    readSeconds: 300,
    timeoutMs: 5000,
    google: standIns.settings.google,
    microsoft: standIns.settings.microsoft,
  });
  // The stand-ins' addresses are known once they run: the harness is made in beforeAll.
  const ctx = {} as { api: Harness };
  const seeded = useSeededApi(target);
  let calendars: ReturnType<typeof settings>;
  let fixtures: ReturnType<typeof agentFixtures>;
  let agentId: number;
  let clientId: number;
  const mentors: Record<"google" | "microsoft", { id: number; token: string; zone: string; email: string }> = {} as never;

  beforeAll(async () => {
    standIns = await startCalendarStandIns();
    calendars = settings();
    ctx.api = await startApi(seeded.database, { calendars });
    const agent = await ctx.api.newAgent(`oauth-agent-${target.name}@example.com`);
    agentId = agent.id;
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Otto", last_name: "Auth", email: `otto.${target.name}@example.com` })).id;
    for (const [name, id] of [
      ["google", 5],
      ["microsoft", 6],
    ] as const) {
      const email = `${name}.mentor.${target.name}@example.com`;
      const m = await ctx.api.newMentor(id, email);
      const zone = (
        await seeded.database.db.selectFrom("mentors").select("time_zone").where("id", "=", id).executeTakeFirstOrThrow()
      ).time_zone;
      mentors[name] = { ...m, zone, email };
    }
  });
  afterAll(async () => {
    await ctx.api?.close();
    await standIns?.close();
  });

  const as = (name: "google" | "microsoft") => (method: "GET" | "POST", path: string, body?: unknown) =>
    ctx.api.call(method, path, { token: mentors[name].token, ...(body === undefined ? {} : { body }) });

  /** The OAuth dance as a browser does it: start, the service's consent (at once), back with the code. */
  async function signIn(name: "google" | "microsoft", connection_id?: number) {
    const started = await as(name)("POST", `mentor/calendars/oauth/${name}/start`, connection_id ? { connection_id } : {});
    expect(started.status).toBe(200);
    const url = new URL(started.json.data.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`http://portal.test/mentoring/calendars/oauth/${name}`);
    const consent = await fetch(url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
  }

  async function slots(mentorId: number, daysAhead: number) {
    const week_start = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const week = await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentorId, time_zone: "UTC", week_start } });
    return week.slots.map((s) => s.start);
  }
  const readNow = async () => {
    await seeded.database.db
      .updateTable("calendar_connections")
      .set({ next_read_at: new Date(0).toISOString() })
      .execute();
    return ctx.api.calendarTick();
  };
  const plusHour = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();

  for (const name of ["google", "microsoft"] as const) {
    it(`${name}: signs in with PKCE, the state used once, and lists the account's calendars`, async () => {
      const { code, state } = await signIn(name);
      const done = await as(name)("POST", `mentor/calendars/oauth/${name}/finish`, { code, state });
      expect(done.status).toBe(200);
      const [connection] = done.json.data.connections;
      expect(connection).toMatchObject({
        provider: name,
        label: name === "google" ? "mentor@gmail.test" : "mentor@outlook.test",
        status: "working",
      });
      expect(connection.calendars).toHaveLength(2);
      expect(connection.calendars.filter((c: { receives: boolean }) => c.receives)).toHaveLength(1);
      const again = await as(name)("POST", `mentor/calendars/oauth/${name}/finish`, { code, state });
      expect(again.status).toBe(400);
      expect(again.json.code).toBe("calendar.oauth_failed");
      const sealed = await seeded.database.db
        .selectFrom("calendar_connections")
        .select("secret")
        .where("mentor_id", "=", mentors[name].id)
        .executeTakeFirstOrThrow();
      expect(sealed.secret).not.toMatch(/at-|rt-/);
    });
  }

  it("google: busy events leave their slots out; transparent, cancelled and the portal's own do not; all-day is a day", async () => {
    const m = mentors.google;
    const week = await slots(m.id, 3);
    const [busy, transparent, cancelled, own] = week;
    const day = DateTime.fromISO(week[week.length - 1]!, { zone: m.zone });
    const add = (e: Record<string, unknown> & { id: string }) => standIns.addEvent("google", "mentor@gmail.test", e);
    add({ id: "busy1", status: "confirmed", start: { dateTime: busy }, end: { dateTime: plusHour(busy!) } });
    add({
      id: "free1",
      status: "confirmed",
      transparency: "transparent",
      start: { dateTime: transparent },
      end: { dateTime: plusHour(transparent!) },
    });
    add({ id: "gone1", status: "cancelled", start: { dateTime: cancelled }, end: { dateTime: plusHour(cancelled!) } });
    add({
      id: "own1",
      status: "confirmed",
      extendedProperties: { private: { portalUid: "booking-999999@portal.test" } },
      start: { dateTime: own },
      end: { dateTime: plusHour(own!) },
    });
    add({
      id: "allday1",
      status: "confirmed",
      start: { date: day.toISODate() },
      end: { date: day.plus({ days: 1 }).toISODate() },
    });
    await readNow();
    const after = await slots(m.id, 3);
    expect(after).not.toContain(busy);
    expect(after).toEqual(expect.arrayContaining([transparent, cancelled, own]));
    const sameDay = (t: string) => DateTime.fromISO(t, { zone: m.zone }).hasSame(day, "day");
    expect(week.filter(sameDay).length).toBeGreaterThan(0);
    expect(after.filter(sameDay)).toEqual([]);
  });

  it("microsoft: busy and out-of-office block; free, working elsewhere and cancelled do not", async () => {
    const m = mentors.microsoft;
    const week = await slots(m.id, 3);
    const [busy, away, free, elsewhere, cancelled] = week;
    const at = (iso: string) => ({ dateTime: iso.replace(/\.000Z$/, ".0000000"), timeZone: "UTC" });
    const add = (id: string, start: string, extra: Record<string, unknown>) =>
      standIns.addEvent("microsoft", "AAMk-calendar", {
        id,
        start: at(start),
        end: at(plusHour(start)),
        isAllDay: false,
        ...extra,
      });
    add("m1", busy!, { showAs: "busy" });
    add("m2", away!, { showAs: "oof" });
    add("m3", free!, { showAs: "free" });
    add("m4", elsewhere!, { showAs: "workingElsewhere" });
    add("m5", cancelled!, { showAs: "busy", isCancelled: true });
    await readNow();
    const after = await slots(m.id, 3);
    expect(after).not.toContain(busy);
    expect(after).not.toContain(away);
    expect(after).toEqual(expect.arrayContaining([free, elsewhere, cancelled]));
  });

  it("refreshes an expired access token on the server and keeps the new one sealed", async () => {
    const before = { ...standIns.refreshes };
    const secrets = async () =>
      (await seeded.database.db.selectFrom("calendar_connections").select(["secret"]).orderBy("id").execute()).map(
        (r) => r.secret,
      );
    const sealedBefore = await secrets();
    standIns.expireAccessTokens();
    const tally = await readNow();
    expect(tally).toMatchObject({ read: 2, broken: 0, failed: 0 });
    expect(standIns.refreshes.google).toBe(before.google + 1);
    expect(standIns.refreshes.microsoft).toBe(before.microsoft + 1);
    const sealedAfter = await secrets();
    expect(sealedAfter[0]).not.toBe(sealedBefore[0]);
    expect(sealedAfter.join()).not.toMatch(/at-|rt-/);
  });

  for (const name of ["google", "microsoft"] as const) {
    it(`${name}: a paid session is written once with three instances, moved there, and removed when cancelled`, async () => {
      const m = mentors[name];
      const others = [await startApi(seeded.database, { calendars }), await startApi(seeded.database, { calendars })];
      try {
        const calendarId = name === "google" ? "mentor@gmail.test" : "AAMk-calendar";
        const start = (await slots(m.id, 12))[0]!;
        const { booking } = await fixtures.paidSession(clientId, { mentorId: m.id, start, topic: `Written to ${name}` });
        const uid = `booking-${booking.id}@portal.test`;
        const mine = () =>
          standIns
            .events(name, calendarId)
            .filter((e) => (name === "google" ? e.id === googleEventId(uid) : e.transactionId === uid));
        const rounds = () => Promise.all([ctx.api, ...others].map((api) => api.mailTick()));
        await rounds();
        await rounds();
        expect(mine()).toHaveLength(1);
        const startOf = (e: Record<string, unknown>) =>
          Date.parse(`${String((e.start as { dateTime: string }).dateTime).replace(/Z$/, "")}Z`);
        expect(startOf(mine()[0]!)).toBe(Date.parse(start));

        const to = (await slots(m.id, 19))[0]!;
        await moveBooking(seeded.database.db, agentId, booking.id, to, defaultBookingRules);
        await Promise.all([rounds(), rounds()]);
        expect(mine()).toHaveLength(1);
        expect(startOf(mine()[0]!)).toBe(Date.parse(to));

        await cancelBooking(seeded.database.db, agentId, booking.id, 0, async () => undefined);
        await rounds();
        expect(mine()).toHaveLength(0);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
    });
  }

  it("a revoked token breaks the connection and e-mails the mentor once; signing in again mends it", async () => {
    standIns.revoke("google");
    standIns.expireAccessTokens();
    const tally = await readNow();
    expect(tally.broken).toBe(1);
    await readNow();
    const told = (await ctx.api.deliver({ to: mentors.google.email })).filter((mail) =>
      mail.subject.includes("no longer connected"),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("permission");
    const view = (await as("google")("GET", "mentor/calendars")).json.data.connections[0];
    expect(view).toMatchObject({ status: "broken", broken_code: "calendar.token_revoked" });
    // Microsoft's connection is not touched.
    expect((await as("microsoft")("GET", "mentor/calendars")).json.data.connections[0].status).toBe("working");

    const { code, state } = await signIn("google", view.id);
    const mended = await as("google")("POST", "mentor/calendars/oauth/google/finish", { code, state });
    expect(mended.json.data.connections).toHaveLength(1);
    expect(mended.json.data.connections[0].status).toBe("working");
  });

  it("offers a service only when the server has its client, and refuses a stranger's connection", async () => {
    const off = await startApi(seeded.database, { calendars: { ...calendars, google: null } });
    try {
      const refused = await off.call("POST", "mentor/calendars/oauth/google/start", { token: mentors.google.token, body: {} });
      expect(refused.status).toBe(404);
      expect(refused.json.code).toBe("calendar.not_offered");
      const view = await off.call("GET", "mentor/calendars", { token: mentors.google.token });
      expect(view.json.data.providers).toEqual(["caldav", "microsoft"]);
    } finally {
      await off.close();
    }
    const theirs = (await as("google")("GET", "mentor/calendars")).json.data.connections[0].id;
    const tried = await as("microsoft")("POST", "mentor/calendars/oauth/google/start", { connection_id: theirs });
    expect(tried.status).toBe(404);
  });
});
