/**
 * Moving a paid session (issue 23, point 5): the agent moves it to another free time of the same mentor's, without
 * paying again or a refund, and everyone gets the invite again (one UID, SEQUENCE one higher); the old time is free
 * again. The mentor may ask for a move: the agent is told, may then move it past the cut-off (up to 14 days after
 * the original time), and a request nobody answered cancels the session at its start, refunded in full. Races
 * (moves for one time, a move against cancellations by the agent and by staff, a move against the lapse) leave one
 * winner, on PostgreSQL as on SQLite. The reminders come a day before the refund's cut-off (point 9).
 */
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelBooking, defaultBookingRules } from "../../backend/bookings/bookings.js";
import { lapseMoveRequests, moveBooking, requestMove } from "../../backend/bookings/moves.js";
import type { OutgoingMail } from "../../backend/mail/transport.js";
import { cancelForAgent } from "../../backend/office/bookings.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints, type Booking } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

const rules = defaultBookingRules;
const HOUR = 3_600_000;
const noSettle = async () => undefined;

function invite(m: OutgoingMail) {
  expect(m.ics, m.subject).toBeTruthy();
  const cal = new ICAL.Component(ICAL.parse(m.ics!.content));
  const event = cal.getFirstSubcomponent("vevent")!;
  return {
    method: String(cal.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    location: String(event.getFirstPropertyValue("location")),
  };
}

describe.each(testDatabases)("moving sessions on $name", (target) => {
  const ctx = useSeededApi(target);
  let fixtures: ReturnType<typeof agentFixtures>;
  let agentId: number;
  let clientId: number;
  let mentor: { id: number; token: string };
  const mentorEmail = "move.mentor@example.com";

  beforeAll(async () => {
    const agent = await ctx.api.newAgent("move-agent@example.com");
    agentId = agent.id;
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Mona", last_name: "Mover", email: "mona.client@example.com" })).id;
    mentor = await ctx.api.newMentor(2, mentorEmail);
  });

  /** Free times of a mentor's in the weeks that start `daysAhead` days from now (UTC), soonest first. */
  async function freeTimes(mentorId: number, daysAhead: number, weeks = 1) {
    const times: string[] = [];
    for (let w = 0; w < weeks; w++) {
      const week_start = new Date(Date.now() + (daysAhead + 7 * w) * 86_400_000).toISOString().slice(0, 10);
      const week = await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentorId, time_zone: "UTC", week_start } });
      times.push(...week.slots.map((s) => s.start));
    }
    return times;
  }

  async function paid(start: string, mentorId = mentor.id, client = clientId) {
    return (await fixtures.paidSession(client, { mentorId, start, topic: "Moving" })).booking;
  }

  /** The mail worker's rounds until the outbox is empty (a round sends up to 50; the races queue more). */
  const deliver = (now?: Date) => ctx.api.deliver({ now });

  const row = (id: number) =>
    ctx.database.db.selectFrom("mentor_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const line = (id: number) =>
    ctx.database.db
      .selectFrom("order_items")
      .select(["refund_status", "refund_reason"])
      .where("item_type", "=", "mentor_booking")
      .where("item_id", "=", id)
      .executeTakeFirstOrThrow();
  const timeline = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom("client_events")
        .select(["kind", "summary"])
        .where("ref", "=", `booking:${id}`)
        .orderBy("id")
        .execute()
    ).map((e) => e.kind);

  it("moves a paid session: same order and join link, the old time free again, the invite again to all three", async () => {
    const [from, to] = await freeTimes(mentor.id, 4);
    const booking = await paid(from!);
    await deliver();
    const confirmed = ctx.api.mailbox.filter((m) => m.subject.startsWith("New session") && m.to === mentorEmail);
    expect(confirmed.map(invite).find((i) => i.uid === `booking-${booking.id}@portal.test`)).toMatchObject({ sequence: 0 });
    const joinBefore = (await fixtures.api.call(endpoints.bookings, { params: { agentId } })).find(
      (b) => b.id === booking.id,
    )!.join_url;

    const moved = await fixtures.api.call(endpoints.moveBooking, { body: { id: booking.id, start: to! } });
    const orderId = (await row(booking.id)).order_id;
    expect(orderId).toBeTruthy();
    expect(moved).toMatchObject({ status: "confirmed", start_at: to, order_id: orderId, join_url: joinBefore });
    expect(moved.join_url).toBeTruthy();
    expect(await line(booking.id)).toEqual({ refund_status: null, refund_reason: null });
    expect((await row(booking.id)).sequence).toBe(1);
    expect(await timeline(booking.id)).toContain("session.moved");
    // The old time is anyone's again.
    expect(await freeTimes(mentor.id, 4)).toContain(from);

    await deliver();
    const movedMail = ctx.api.mailbox.filter((m) => m.subject.startsWith("Moved"));
    expect(movedMail.map((m) => m.to).sort()).toEqual(["mona.client@example.com", "move-agent@example.com", mentorEmail].sort());
    for (const m of movedMail) {
      expect(invite(m)).toEqual({
        method: "REQUEST",
        uid: `booking-${booking.id}@portal.test`,
        sequence: 1,
        start: to,
        location: joinBefore,
      });
      expect(m.text).toContain(`Join: ${joinBefore}`);
    }
    // A cancellation afterwards outranks the moved invite.
    await fixtures.api.call(endpoints.cancelBooking, { body: { id: booking.id } });
    await deliver();
    const cancel = ctx.api.mailbox.find((m) => m.subject.startsWith("Cancelled") && m.to === mentorEmail)!;
    expect(invite(cancel)).toMatchObject({ method: "CANCEL", sequence: 2 });
  });

  it("refuses what cannot move, with the reason: past the cut-off, unpaid, to a time the mentor does not give, to its own time", async () => {
    const [a, b] = await freeTimes(mentor.id, 11);
    const booking = await paid(a!);
    const near = new Date(Date.parse(a!) - 10 * HOUR);
    await expect(moveBooking(ctx.database.db, agentId, booking.id, b!, rules, near)).rejects.toThrow(
      "A session can be moved until 24 hours before it starts. It can still be cancelled, without a refund (Terms §4).",
    );
    const agentCall = (body: object) => fixtures.api.call(endpoints.moveBooking, { body: body as { id: number; start: string } });
    await expect(
      agentCall({ id: booking.id, start: new Date(Date.parse(b!) + 17 * 60_000).toISOString() }),
    ).rejects.toMatchObject({
      status: 400,
      code: "validation.failed",
      errors: { start: [{ code: "booking.not_a_slot", message: "Choose a time from the mentor's week" }] },
    });
    await expect(agentCall({ id: booking.id, start: a })).rejects.toMatchObject({
      status: 400,
      errors: { start: [{ code: "booking.same_time", message: "That is the session's time now: choose another" }] },
    });
    await expect(agentCall({ id: booking.id, start: "" })).rejects.toMatchObject({
      status: 400,
      errors: { start: [{ message: "Choose a new time" }] },
    });
    const held = await fixtures.heldSession(clientId, { mentorId: mentor.id, start: b });
    await expect(agentCall({ id: held.id, start: a })).rejects.toMatchObject({
      status: 409,
      message: "An unpaid session is not moved: cancel it and hold another time.",
    });
    await fixtures.emptyCart();
    // Another agent's session is not found.
    const other = await ctx.api.newAgent("move-other@example.com");
    const theirs = await ctx.api.call("POST", "api/Mentorbooking/move", {
      token: other.token,
      body: { id: booking.id, start: b },
    });
    expect(theirs.status).toBe(404);
    expect((await row(booking.id)).start_at).toBe(a);
  });

  it("gives one time to one of many moves racing for it; the others are told it was taken (3 rounds)", async () => {
    for (const mentorId of [1, 3, 4]) {
      const times = await freeTimes(mentorId, 5, 2);
      const target = times.pop()!;
      const sessions: Booking[] = [];
      for (const t of times.slice(0, 10)) sessions.push(await paid(t, mentorId));
      const moves = await Promise.allSettled(sessions.map((s) => moveBooking(ctx.database.db, agentId, s.id, target, rules)));
      const won = moves.filter((m) => m.status === "fulfilled");
      expect(won, JSON.stringify(moves.map((m) => m.status === "rejected" && String(m.reason)))).toHaveLength(1);
      for (const m of moves.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
        expect(String(m.reason?.message)).toBe("That time has just been taken by another booking. Please choose another.");
      }
      const there = await ctx.database.db
        .selectFrom("mentor_bookings")
        .select(["id", "sequence"])
        .where("mentor_id", "=", mentorId)
        .where("start_at", "=", target)
        .where("status", "=", "confirmed")
        .execute();
      expect(there).toHaveLength(1);
      // The losers stayed where they were, not moved and not refunded.
      for (const s of sessions.filter((x) => x.id !== there[0]!.id)) {
        expect(await row(s.id)).toMatchObject({ start_at: s.start_at, sequence: 0, status: "confirmed" });
      }
    }
  });

  it("names a moved session by its time now in the office's order history, and two sessions' 'Paid' lines apart (issue 37)", async () => {
    const [first, second, to] = await freeTimes(mentor.id, 9);
    const a = await paid(first!);
    const b = await paid(second!);
    const stamp = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
    // Each "Paid" line on the client's timeline names its session's time: one mentor, one topic, still two lines.
    const paidLines = await ctx.database.db
      .selectFrom("client_events")
      .select("summary")
      .where("client_id", "=", clientId)
      .where("summary", "like", "Paid in order%")
      .execute();
    expect(paidLines.some((l) => l.summary.includes(stamp(first!)))).toBe(true);
    expect(paidLines.some((l) => l.summary.includes(stamp(second!)))).toBe(true);
    // Moved, then cancelled (refunded): the office's history says the time it had, not the one it was bought for.
    await fixtures.api.call(endpoints.moveBooking, { body: { id: a.id, start: to! } });
    await fixtures.api.call(endpoints.cancelBooking, { body: { id: a.id } });
    const staff = await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    const orderId = (await row(a.id)).order_id!;
    const order = await ctx.api.call("GET", `office/orders/${orderId}`, { token: staff.json.data.token });
    const refunded = (order.json.data.events as Array<{ what: string }>).map((e) => e.what).filter((w) => /^Refund/.test(w));
    expect(refunded.length).toBe(1);
    expect(refunded[0]).toContain(stamp(to!));
    expect(refunded[0]).not.toContain(stamp(first!));
    expect(b.id).not.toBe(a.id);
  });

  it("a move and cancellations (the agent's, staff's) racing: each change applies once, to the session as it was read (5 rounds)", async () => {
    const staff = await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    const staffId = staff.json.data.staff.id as number;
    const times = await freeTimes(5, 20, 2);
    for (let round = 0; round < 5; round++) {
      const [at, to] = [times[round * 2]!, times[round * 2 + 1]!];
      const booking = await paid(at, 5);
      const racers = [
        ...Array.from({ length: 5 }, () => moveBooking(ctx.database.db, agentId, booking.id, to, rules).then(() => "move")),
        ...Array.from({ length: 5 }, () =>
          cancelBooking(ctx.database.db, agentId, booking.id, rules.cancelCutoffHours, noSettle).then(() => "cancel"),
        ),
        ...Array.from({ length: 5 }, () =>
          cancelForAgent(ctx.database.db, staffId, booking.id, rules.cancelCutoffHours, noSettle).then(() => "staff"),
        ),
      ];
      const results = await Promise.allSettled(racers);
      const won = results.filter((r): r is PromiseFulfilledResult<string> => r.status === "fulfilled").map((r) => r.value);
      const said = JSON.stringify(results.map((r) => (r.status === "rejected" ? String(r.reason) : r.value)));
      // One move at most and one cancellation at most; a cancellation that read the session before the move landed
      // is refused (it would cancel a time nobody saw), one that read it after cancels the moved session.
      const moves = won.filter((w) => w === "move").length;
      const cancels = won.length - moves;
      expect(moves, said).toBeLessThanOrEqual(1);
      expect(cancels, said).toBeLessThanOrEqual(1);
      expect(won.length, said).toBeGreaterThanOrEqual(1);
      const after = await row(booking.id);
      expect(after).toMatchObject({ start_at: moves ? to : at, sequence: moves, status: cancels ? "canceled" : "confirmed" });
      expect((await line(booking.id)).refund_status).toBe(cancels ? "due" : null);
      const kinds = await timeline(booking.id);
      expect(kinds.filter((k) => k === "session.moved")).toHaveLength(moves);
      expect(kinds.filter((k) => k === "session.cancelled")).toHaveLength(cancels);
      for (const r of results.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
        // A move that read the session after another move landed finds it at that time already (said beside `start`);
        // one that read it after a cancellation landed finds it cancelled.
        const said = r.reason?.errors?.start?.[0]?.message ?? String(r.reason?.message);
        expect(said).toMatch(
          /^(This booking is already cancelled\.|This session is cancelled: it cannot be moved\.|This session has just been (moved|cancelled).*|This session has just been moved by someone else.*|That is the session's time now: choose another)$/,
        );
      }
    }
  });

  it("the mentor asks for a new time: the agent is told, may move it past the cut-off up to 14 days after, or cancel with a full refund", async () => {
    const times = await freeTimes(mentor.id, 25, 2);
    const a = times[0]!;
    // A new time well ahead of the request's moment (the minimum notice), and one past the 14 days.
    const b = times.find((t) => Date.parse(t) > Date.parse(a) + 2 * 86_400_000)!;
    const far = (await freeTimes(mentor.id, 25 + 14, 2)).find((t) => Date.parse(t) > Date.parse(a) + 14 * 86_400_000 + HOUR)!;
    const booking = await paid(a);
    const asked = await ctx.api.call("POST", `mentor/sessions/${booking.id}/move-request`, {
      token: mentor.token,
      body: { reason: "I am at a conference that week" },
    });
    expect(asked.status).toBe(200);
    expect(asked.json.data.move_requested).toMatchObject({ reason: "I am at a conference that week" });
    const again = await ctx.api.call("POST", `mentor/sessions/${booking.id}/move-request`, {
      token: mentor.token,
      body: { reason: "Again" },
    });
    expect(again.status).toBe(409);
    const blank = await ctx.api.call("POST", `mentor/sessions/${booking.id}/move-request`, {
      token: mentor.token,
      body: { reason: " " },
    });
    expect(blank.status).toBe(400);
    const other = await ctx.api.newMentor(9, "move.other.mentor@example.com");
    const notTheirs = await ctx.api.call("POST", `mentor/sessions/${booking.id}/move-request`, {
      token: other.token,
      body: { reason: "Not mine" },
    });
    expect(notTheirs.status).toBe(404);

    await deliver();
    const told = ctx.api.mailbox.filter((m) => m.subject.includes("asks to move"));
    expect(told.map((m) => m.to)).toEqual(["move-agent@example.com"]);
    expect(told[0]!.text).toContain("I am at a conference that week");
    expect(told[0]!.text).toContain(`http://portal.test/bookings/${booking.id}/move`);
    const listed = (await fixtures.api.call(endpoints.bookings, { params: { agentId } })).find((x) => x.id === booking.id)!;
    expect(listed.move_request).toMatchObject({ reason: "I am at a conference that week" });
    expect(await timeline(booking.id)).toContain("session.move_requested");

    // Two hours before it, past the usual cut-off: still movable, but not beyond 14 days after the original time.
    const late = new Date(Date.parse(a) - 2 * HOUR);
    await expect(
      moveBooking(ctx.database.db, agentId, booking.id, far, { ...rules, maxDaysAhead: 365 }, late),
    ).rejects.toMatchObject({
      errors: {
        start: [
          {
            code: "booking.too_far",
            message: expect.stringMatching(/^Choose a time up to .+: 14 days after the session's original time$/),
          },
        ],
      },
    });
    const moved = await moveBooking(ctx.database.db, agentId, booking.id, b, rules, late);
    expect(moved).toMatchObject({ start_at: b, move_request: null });

    // Another request, then the agent cancels inside the cut-off: refunded in full, the change being the mentor's.
    await requestMove(ctx.database.db, mentor.id, booking.id, "Ill, sorry");
    await cancelBooking(ctx.database.db, agentId, booking.id, rules.cancelCutoffHours, noSettle, new Date(Date.parse(b) - HOUR));
    expect(await line(booking.id)).toMatchObject({ refund_status: "due" });
  });

  it("cancels a session whose request nobody answered at its start, refunded in full; a move landing first wins instead (5 rounds)", async () => {
    const times = await freeTimes(6, 30, 2);
    const [lonely] = times.splice(0, 1);
    const booking = await paid(lonely!, 6);
    const m6 = await ctx.api.newMentor(6, "move.m6@example.com");
    await requestMove(ctx.database.db, m6.id, booking.id, "Travelling");
    expect(await lapseMoveRequests(ctx.database.db, 24, new Date(Date.parse(lonely!) - 60_000))).toEqual([]);
    const orderId = (await row(booking.id)).order_id;
    expect(await lapseMoveRequests(ctx.database.db, 24, new Date(Date.parse(lonely!) + 60_000))).toEqual([orderId]);
    expect(await row(booking.id)).toMatchObject({ status: "canceled" });
    expect(await line(booking.id)).toEqual({
      refund_status: "due",
      refund_reason: "The mentor could not give the session and no new time was chosen.",
    });
    // Written at the sweep's moment (the outbox holds it until then).
    await deliver(new Date(Date.parse(lonely!) + 120_000));
    const mentorMail = ctx.api.mailbox.find((m) => m.to === "move.m6@example.com" && m.subject.startsWith("Cancelled"))!;
    expect(mentorMail.text).toContain("no new time was chosen");
    // Said once: a second sweep finds nothing.
    expect(await lapseMoveRequests(ctx.database.db, 24, new Date(Date.parse(lonely!) + 120_000))).toEqual([]);

    for (let round = 0; round < 5; round++) {
      const [at, to] = [times[round * 2]!, times[round * 2 + 1]!];
      const s = await paid(at, 6);
      await requestMove(ctx.database.db, m6.id, s.id, `Round ${round}`);
      const justBefore = new Date(Date.parse(at) - 60_000);
      const justAfter = new Date(Date.parse(at) + 1);
      // The agent's move (just before the start) against the sweep's lapse (just after).
      const [move, lapse] = await Promise.allSettled([
        moveBooking(ctx.database.db, agentId, s.id, to, { ...rules, minNoticeHours: 0 }, justBefore),
        lapseMoveRequests(ctx.database.db, 24, justAfter),
      ]);
      const after = await row(s.id);
      if (move.status === "fulfilled") {
        expect(after).toMatchObject({ status: "confirmed", start_at: to, move_requested_at: null });
        expect((await line(s.id)).refund_status).toBeNull();
      } else {
        expect(
          lapse,
          JSON.stringify([String((move as PromiseRejectedResult).reason), String((lapse as PromiseRejectedResult).reason)]),
        ).toMatchObject({ status: "fulfilled", value: [after.order_id] });
        expect(after).toMatchObject({ status: "canceled", start_at: at });
        expect((await line(s.id)).refund_status).toBe("due");
      }
    }
  });

  it("reminds the agent and the client a day before the refund's cut-off, the mentor a day before; again after a move", async () => {
    const [a, b] = await freeTimes(mentor.id, 50);
    const booking = await paid(a!);
    const sent = () =>
      ctx.api.mailbox.filter(
        (m) => m.subject.startsWith("Reminder") && m.ics && invite(m).uid === `booking-${booking.id}@portal.test`,
      );
    const before = sent().length;
    await deliver(new Date(Date.parse(a!) - 49 * HOUR));
    expect(sent().length).toBe(before);
    await deliver(new Date(Date.parse(a!) - 47 * HOUR));
    const early = sent().slice(before);
    expect(early.map((m) => m.to).sort()).toEqual(["mona.client@example.com", "move-agent@example.com"]);
    expect(early.find((m) => m.to === "move-agent@example.com")!.text).toMatch(/cancelled with a refund, until /);
    await deliver(new Date(Date.parse(a!) - 23 * HOUR));
    expect(
      sent()
        .slice(before)
        .map((m) => m.to),
    ).toContain(mentorEmail);
    expect(sent().length).toBe(before + 3);

    // Moved three days later: its reminders go again, for the new time.
    await moveBooking(ctx.database.db, agentId, booking.id, b!, rules);
    await deliver(new Date(Date.parse(b!) - 47 * HOUR));
    await deliver(new Date(Date.parse(b!) - 23 * HOUR));
    const again = sent().slice(before + 3);
    expect(again).toHaveLength(3);
    for (const m of again) expect(invite(m)).toMatchObject({ start: b, sequence: 1 });
  });
});
