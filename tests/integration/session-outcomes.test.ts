/**
 * After the session (issue 23, point 6): its mentor marks it held, with a summary the agent reads on the client's
 * timeline, or that the client did not come; once started, once only (a guarded update: many marks at once leave
 * one), never another mentor's session.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { markOutcome } from "../../backend/mentoring/area.js";
import { mentorStatement } from "../../backend/mentoring/statement.js";
import { listOfficeBookings } from "../../backend/office/bookings.js";
import { markMentorAbsent } from "../../backend/office/mentor-absence.js";
import { officeOverview } from "../../backend/office/overview.js";
import type { Payments } from "../../backend/payments/checkout.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints, type Booking } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("session outcomes on $name", (target) => {
  const ctx = useSeededApi(target);
  let fixtures: ReturnType<typeof agentFixtures>;
  let clientId: number;
  let mentor: { id: number; token: string };

  beforeAll(async () => {
    const agent = await ctx.api.newAgent("outcome-agent@example.com");
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Omar", last_name: "Outcome" })).id;
    mentor = await ctx.api.newMentor(6, "outcome.mentor@example.com");
  });

  /** The office's side: the demo staff member's id, and the payments (demo mode) a mentor's absence refunds through. */
  async function office() {
    const staff = await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    const payments: Payments = {
      db: ctx.database.db,
      stripe: null,
      publicUrl: "http://portal.test",
      checkoutExpiryMinutes: 30,
      logger: { error: () => undefined, warn: () => undefined },
    };
    return { staffId: staff.json.data.staff.id as number, token: staff.json.data.token as string, payments };
  }

  /** A paid session with the mentor; `after` is a moment after it started (the API's clock cannot be moved). */
  async function paidSession(topic: string) {
    const { booking } = await fixtures.paidSession(clientId, { mentorId: mentor.id, topic });
    return { booking, after: new Date(Date.parse(booking.start_at) + 5 * 60_000) };
  }

  it("is refused before the session starts, and for a session not the mentor's", async () => {
    const { booking } = await paidSession("Too early");
    const early = await ctx.api.call("POST", `mentor/sessions/${booking.id}/outcome`, {
      token: mentor.token,
      body: { outcome: "held", summary: "Done" },
    });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("A session can be marked once it has started.");
    const other = await ctx.api.newMentor(7, "outcome.other@example.com");
    const theirs = await ctx.api.call("POST", `mentor/sessions/${booking.id}/outcome`, {
      token: other.token,
      body: { outcome: "client_no_show" },
    });
    expect(theirs.status).toBe(404);
    // Held without a word for the agent: said beside the summary.
    const bare = await ctx.api.call("POST", `mentor/sessions/${booking.id}/outcome`, {
      token: mentor.token,
      body: { outcome: "held", summary: "  " },
    });
    expect(bare.status).toBe(400);
    expect(messagesOf(bare.json.errors)).toEqual({
      summary: ["Write a few lines for the agent: what you covered, what is next"],
    });
  });

  it("puts a held session's summary on the client's timeline for the agent, and shows it on the agenda", async () => {
    const { booking, after } = await paidSession("Offer in Dubai");
    const marked = await markOutcome(
      ctx.database.db,
      mentor.id,
      booking.id,
      { outcome: "held", summary: "Practised the salary talk; next: the contract's notice period." },
      after,
    );
    expect(marked).toMatchObject({ outcome: "held", outcome_summary: expect.stringContaining("salary talk") });
    const view = await fixtures.api.call(endpoints.viewClient, { params: { clientId } });
    const entry = view.timeline.find((e) => e.kind === "session.held");
    expect(entry?.summary).toMatch(/^Session with .+ held: Practised the salary talk; next: the contract's notice period\.$/);
    const agenda = (await ctx.api.call("GET", "mentor/sessions", { token: mentor.token })).json.data;
    const shown = [...agenda.upcoming, ...agenda.past].find((s: { id: number }) => s.id === booking.id);
    expect(shown).toMatchObject({ outcome: "held" });
  });

  it("the agent's agenda says how a session went: a client who did not come is no 'Confirmed'", async () => {
    const { booking, after } = await paidSession("Second interview");
    await markOutcome(ctx.database.db, mentor.id, booking.id, { outcome: "client_no_show" }, after);
    const me = await fixtures.api.call(endpoints.tokencheck);
    const listed = (await fixtures.api.call(endpoints.bookings, { params: { agentId: me.agent.id } })).find(
      (b) => b.id === booking.id,
    );
    expect(listed).toMatchObject({ status: "confirmed", outcome: "client_no_show" });
    const { translator } = await import("../../lib/i18n/index.js");
    expect(translator("en")(`work.bookings.outcomes.${listed!.outcome}`)).toBe("The client did not come");
  });

  it("takes one mark when many come at once (held and no-show racing), with one line on the timeline (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const { booking, after } = await paidSession(`Race ${round}`);
      const marks = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          markOutcome(
            ctx.database.db,
            mentor.id,
            booking.id,
            i % 2 ? { outcome: "client_no_show" } : { outcome: "held", summary: `Mark ${i}` },
            after,
          ),
        ),
      );
      expect(marks.filter((m) => m.status === "fulfilled")).toHaveLength(1);
      for (const m of marks.filter((x): x is PromiseRejectedResult => x.status === "rejected")) {
        expect(String(m.reason?.message)).toBe("This session was marked already.");
      }
      const events = await ctx.database.db
        .selectFrom("client_events")
        .select("kind")
        .where("ref", "=", `booking:${booking.id}`)
        .where("kind", "in", ["session.held", "session.no_show"])
        .execute();
      expect(events).toHaveLength(1);
    }
  });

  it("staff record a mentor's absence: refunded in full with the outcome, once however many marks race (5 rounds)", async () => {
    const { staffId, token: staffToken, payments } = await office();
    // Not before it starts; and only once it has.
    const { booking: future } = await paidSession("Not yet");
    await expect(markMentorAbsent(payments, staffId, future.id, "Early")).rejects.toThrow(
      "A session can be marked once it has started.",
    );

    for (let round = 0; round < 5; round++) {
      const { booking, after } = await paidSession(`Absent ${round}`);
      // The mentor said it was held; staff overrule it, ten times at once.
      await markOutcome(ctx.database.db, mentor.id, booking.id, { outcome: "held", summary: "Claimed" }, after);
      const marks = await Promise.allSettled(
        Array.from({ length: 10 }, () => markMentorAbsent(payments, staffId, booking.id, "The client waited 20 minutes", after)),
      );
      expect(
        marks.filter((m) => m.status === "fulfilled"),
        JSON.stringify(marks.map((m) => m.status === "rejected" && String(m.reason))),
      ).toHaveLength(1);
      const row = await ctx.database.db
        .selectFrom("mentor_bookings")
        .select(["outcome", "outcome_by", "order_id"])
        .where("id", "=", booking.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ outcome: "mentor_no_show", outcome_by: `staff:${staffId}` });
      const line = await ctx.database.db
        .selectFrom("order_items")
        .select(["refund_status", "refund_reason"])
        .where("order_id", "=", row.order_id!)
        .where("item_id", "=", booking.id)
        .executeTakeFirstOrThrow();
      expect(line.refund_status).not.toBeNull();
      expect(line.refund_reason).toContain("The mentor did not come. The client waited 20 minutes");
      const events = await ctx.database.db
        .selectFrom("client_events")
        .select("summary")
        .where("ref", "=", `booking:${booking.id}`)
        .where("kind", "=", "session.no_show")
        .execute();
      expect(events).toHaveLength(1);
      const audits = await ctx.database.db
        .selectFrom("audit_log")
        .select("kind")
        .where("subject", "=", `booking:${booking.id}`)
        .execute();
      expect(audits.map((a) => a.kind)).toEqual(["booking.mentor_no_show"]);
    }
    // Through the API: a note is needed, said beside it.
    const bare = await ctx.api.call("POST", `office/bookings/${future.id}/mentor-no-show`, {
      token: staffToken,
      body: { note: " " },
    });
    expect(bare.status).toBe(400);
    expect(messagesOf(bare.json.errors)).toEqual({ note: ["Say what happened"] });
  }, 60_000);

  it("lists for staff the paid sessions nobody marked 48 hours after their end, until someone does", async () => {
    const { booking, after } = await paidSession("Left unmarked");
    const end = Date.parse(booking.end_at);
    const unmarkedAt = async (at: number) =>
      (await listOfficeBookings(ctx.database.db, { view: "unmarked" }, new Date(at))).items.map((b) => b.id);
    expect(await unmarkedAt(end + 47 * 3_600_000)).not.toContain(booking.id);
    expect(await unmarkedAt(end + 49 * 3_600_000)).toContain(booking.id);
    const before = (await officeOverview(ctx.database.db, new Date(end + 49 * 3_600_000))).sessions_unmarked;
    expect(before).toBeGreaterThanOrEqual(1);
    await markOutcome(ctx.database.db, mentor.id, booking.id, { outcome: "client_no_show" }, after);
    expect(await unmarkedAt(end + 49 * 3_600_000)).not.toContain(booking.id);
    expect((await officeOverview(ctx.database.db, new Date(end + 49 * 3_600_000))).sessions_unmarked).toBe(before - 1);
  });

  it("counts on the month's statement the sessions that took place, at their rate, in the mentor's zone; not the mentor's absences", async () => {
    const statementMentor = await ctx.api.newMentor(8, "statement.mentor@example.com");
    const made: Booking[] = [];
    for (const topic of ["Held one", "No-show client", "Mentor absent", "Unmarked"]) {
      const { booking } = await fixtures.paidSession(clientId, { mentorId: statementMentor.id, topic });
      made.push(booking);
    }
    const after = new Date(Date.parse(made.at(-1)!.end_at) + 3_600_000);
    await markOutcome(ctx.database.db, statementMentor.id, made[0]!.id, { outcome: "held", summary: "Good" }, after);
    await markOutcome(ctx.database.db, statementMentor.id, made[1]!.id, { outcome: "client_no_show" }, after);
    await ctx.database.db
      .updateTable("mentor_bookings")
      .set({ outcome: "mentor_no_show" })
      .where("id", "=", made[2]!.id)
      .execute();
    const { time_zone: zone } = await ctx.database.db
      .selectFrom("mentors")
      .select("time_zone")
      .where("id", "=", statementMentor.id)
      .executeTakeFirstOrThrow();
    const monthOf = (iso: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit" }).format(new Date(iso)).slice(0, 7);
    const months = new Set(made.map((b) => monthOf(b.start_at)));
    const lines = [];
    let unmarked = 0;
    for (const month of months) {
      const s = await mentorStatement(ctx.database.db, statementMentor.id, month, after);
      expect(s.total_minor).toBe(s.lines.reduce((n, l) => n + l.rate_minor, 0));
      lines.push(...s.lines);
      unmarked += s.unmarked;
    }
    expect(lines.map((l) => [l.booking_id, l.outcome, l.client, l.minutes])).toEqual([
      [made[0]!.id, "held", "Omar O.", 60],
      [made[1]!.id, "client_no_show", "Omar O.", 60],
    ]);
    expect(lines.every((l) => l.rate_minor === made[0]!.price_minor)).toBe(true);
    expect(unmarked).toBe(1);
    // Through the API: the mentor's own, staff's for any mentor, a month that is not one refused.
    const month = [...months][0]!;
    const own = await ctx.api.call("GET", `mentor/statement?month=${month}`, { token: statementMentor.token });
    expect(own.status).toBe(200);
    expect(own.json.data.mentor.id).toBe(statementMentor.id);
    const bad = await ctx.api.call("GET", "mentor/statement?month=2026-13", { token: statementMentor.token });
    expect(bad.status).toBe(400);
    expect(messagesOf(bad.json.errors)).toEqual({ month: ["Choose a month as YYYY-MM"] });
  });
});
