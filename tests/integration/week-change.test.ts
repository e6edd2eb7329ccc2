/**
 * A mentor's week against their booked sessions (issue 23, point 8): a change of hours or days off that leaves
 * confirmed sessions out is refused with those sessions listed, until each has a decision (ask its agent for a new
 * time, or cancel it, refunded in full), by the mentor or by staff; a held session at such a time refuses it. A
 * change racing bookings on the same day never leaves a live session outside the saved week (PostgreSQL too).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { defaultBookingRules, book } from "../../backend/bookings/bookings.js";
import { isSlot } from "../../backend/bookings/slots.js";
import { ownProfile, saveOwnHours } from "../../backend/mentoring/area.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints, type OfficeMentor } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { officeMentorBody, messagesOf } from "../support/fixtures.js";

const noSettle = { cutoffHours: 24, settle: async () => undefined };

describe.each(testDatabases)("a mentor's week against their sessions on $name", (target) => {
  const ctx = useSeededApi(target);
  let fixtures: ReturnType<typeof agentFixtures>;
  let agentId: number;
  let clientId: number;
  let staffToken: string;

  beforeAll(async () => {
    const agent = await ctx.api.newAgent("week-agent@example.com");
    agentId = agent.id;
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Wanda", last_name: "Week" })).id;
    staffToken = (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token;
  });

  async function freeTimes(mentorId: number, daysAhead: number) {
    const week_start = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    return (
      await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentorId, time_zone: "UTC", week_start } })
    ).slots.map((s) => s.start);
  }
  const row = (id: number) =>
    ctx.database.db.selectFrom("mentor_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("the mentor's own change: refused with the sessions listed, then each asked to move or cancelled and refunded", async () => {
    const mentor = await ctx.api.newMentor(7, "week.mentor@example.com");
    const [a, b] = await freeTimes(7, 4);
    const first = (await fixtures.paidSession(clientId, { mentorId: 7, start: a })).booking;
    const second = (await fixtures.paidSession(clientId, { mentorId: 7, start: b })).booking;
    const profile = await ownProfile(ctx.database.db, 7);
    // A week with no hours at all leaves both out.
    const refused = await ctx.api.call("POST", "mentor/hours", { token: mentor.token, body: { hours: [], time_off: [] } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "2 booked sessions fall outside the new hours or on the new days off. Choose for each whether to ask its agent for a new time or to cancel it (refunded in full), then save again.",
    );
    expect(Object.keys(messagesOf(refused.json.errors)).sort()).toEqual(
      ["affected", `affected.${first.id}`, `affected.${second.id}`].sort(),
    );
    expect(messagesOf(refused.json.errors)[`affected.${first.id}`]![0]).toMatch(
      /\(Australia\/Sydney\): Wanda W\., Fixture session \(booked by /,
    );
    // Nothing changed.
    expect((await ownProfile(ctx.database.db, 7)).availability).toEqual(profile.availability);

    const saved = await ctx.api.call("POST", "mentor/hours", {
      token: mentor.token,
      body: {
        hours: [],
        time_off: [],
        affected: { [first.id]: "ask_move", [second.id]: "cancel" },
        affected_reason: "Teaching a course this term",
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.availability).toEqual([]);
    expect(await row(first.id)).toMatchObject({ status: "confirmed", move_reason: "Teaching a course this term" });
    expect(await row(second.id)).toMatchObject({ status: "canceled", refund_status: "due" });
    const line = await ctx.database.db
      .selectFrom("order_items")
      .select(["refund_status", "refund_reason"])
      .where("item_type", "=", "mentor_booking")
      .where("item_id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ refund_status: "due", refund_reason: "The mentor is no longer available at that time." });
    const audit = await ctx.database.db
      .selectFrom("audit_log")
      .select("after")
      .where("mentor_id", "=", 7)
      .where("kind", "=", "mentor.hours")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after)).sessions).toEqual({ [first.id]: "ask_move", [second.id]: "cancel" });
    // Put the week back for the other tests.
    await saveOwnHours(ctx.database.db, 7, { hours: profile.availability, time_off: [], affected: {} }, noSettle);
  });

  it("a new zone moves the mentor's hours: sessions it leaves out are listed first, then decided on", async () => {
    const mentor = await ctx.api.newMentor(6, "week.zone@example.com");
    const [a] = await freeTimes(6, 16);
    const session = (await fixtures.paidSession(clientId, { mentorId: 6, start: a })).booking;
    const own = (await ctx.api.call("GET", "mentor/profile", { token: mentor.token })).json.data;
    const profile = {
      bio: own.bio,
      expertise: own.expertise,
      languages: own.languages,
      time_zone: "Pacific/Auckland",
      meeting_url: own.meeting_url,
    };
    const refused = await ctx.api.call("POST", "mentor/profile", { token: mentor.token, body: profile });
    expect(refused.status).toBe(409);
    expect(messagesOf(refused.json.errors)).toHaveProperty(`affected.${session.id}`);
    const saved = await ctx.api.call("POST", "mentor/profile", {
      token: mentor.token,
      body: { ...profile, affected: { [session.id]: "ask_move" } },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.time_zone).toBe("Pacific/Auckland");
    expect(await row(session.id)).toMatchObject({
      status: "confirmed",
      move_reason: "My hours changed: I am no longer free at this time.",
    });
  });

  it("staff's change: a day off over a session is refused with it listed, then saved with the decision", async () => {
    const [a] = await freeTimes(8, 12);
    const session = (await fixtures.paidSession(clientId, { mentorId: 8, start: a })).booking;
    const current = (await ctx.api.call("GET", "office/mentors/8", { token: staffToken })).json.data as OfficeMentor;
    const day = new Date(a!).toLocaleDateString("en-CA", { timeZone: current.time_zone });
    const body = officeMentorBody(current, { time_off: [{ starts_on: day, ends_on: day }] });
    const refused = await ctx.api.call("POST", "office/mentors/8", { token: staffToken, body });
    expect(refused.status).toBe(409);
    expect(messagesOf(refused.json.errors)).toHaveProperty(`affected.${session.id}`);
    const saved = await ctx.api.call("POST", "office/mentors/8", {
      token: staffToken,
      body: { ...body, affected: { [session.id]: "cancel" } },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await row(session.id)).toMatchObject({ status: "canceled", refund_status: "due" });
    await ctx.api.mailTick();
    const told = ctx.api.mailbox.filter((m) => m.to === "week-agent@example.com" && m.subject.startsWith("Cancelled"));
    expect(told.at(-1)?.text).toContain("is no longer available at this time");
  });

  it("a change racing bookings on the same day never leaves a live session outside the saved week (5 rounds)", async () => {
    const mentorId = 9;
    const profile = await ownProfile(ctx.database.db, mentorId);
    for (let round = 0; round < 5; round++) {
      const times = await freeTimes(mentorId, 20 + round * 7);
      const clients = await Promise.all(times.slice(0, 8).map(() => fixtures.client()));
      // Without the weekday of the first free time: every booking below falls outside it.
      const weekday = profile.availability.find((h) => isSlot([h], profile.time_zone, times[0]!))!.weekday;
      const dayTimes = times.filter((t) =>
        isSlot(
          profile.availability.filter((h) => h.weekday === weekday),
          profile.time_zone,
          t,
        ),
      );
      const without = profile.availability.filter((h) => h.weekday !== weekday);
      const results = await Promise.allSettled([
        saveOwnHours(ctx.database.db, mentorId, { hours: without, time_off: [], affected: {} }, noSettle),
        ...dayTimes.map((t, i) =>
          book(
            ctx.database.db,
            agentId,
            { mentor_id: mentorId, client_id: clients[i % clients.length]!.id, start: t, topic: `Race ${round}` },
            { ...defaultBookingRules, maxHolds: 1000, maxHoldsPerMentor: 1000 },
          ),
        ),
      ]);
      const now = await ownProfile(ctx.database.db, mentorId);
      const live = await ctx.database.db
        .selectFrom("mentor_bookings")
        .select(["start_at"])
        .where("mentor_id", "=", mentorId)
        .where("status", "in", ["held", "confirmed"])
        .where("start_at", ">", new Date().toISOString())
        .execute();
      // Whatever won, every live session is inside the week as it now stands.
      for (const s of live) expect(isSlot(now.availability, now.time_zone, s.start_at), s.start_at).toBe(true);
      const saveWon = results[0]!.status === "fulfilled";
      const booked = results.slice(1).filter((r) => r.status === "fulfilled").length;
      // Either the change came first (every booking refused) or a booking did (the change refused while it is held).
      const said = JSON.stringify(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok")));
      if (saveWon) expect(booked, said).toBe(0);
      else {
        expect(booked, said).toBeGreaterThanOrEqual(1);
        expect(String((results[0] as PromiseRejectedResult).reason), said).toMatch(/held unpaid in an agent's cart/);
      }
      // Clean up: release the holds, and put the week back.
      await fixtures.emptyCart();
      await saveOwnHours(ctx.database.db, mentorId, { hours: profile.availability, time_off: [], affected: {} }, noSettle);
    }
  });
});
