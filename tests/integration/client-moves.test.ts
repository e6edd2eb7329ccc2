/**
 * A client asks their agent to move a session (issue 39, point 4), through the API on SQLite and PostgreSQL: the
 * request is kept with its reason, the agent is e-mailed and sees it on the session; asking twice is refused; the
 * agent keeps the time with a word (the client is e-mailed in their language and sees it) or moves the session (the
 * request is answered by the move); another agent and another client reach nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issueClientLink, openAccess } from "../../backend/clients/links.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("a client's request to move a session on $name", (target) => {
  const ctx = useSeededApi(target);
  let agent: { id: number; token: string };
  let make: ReturnType<typeof agentFixtures>;

  beforeAll(async () => {
    agent = await ctx.api.newAgent("moves-agent@example.com");
    make = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
  });

  /** A client with a paid session to come, signed in to their page. */
  async function clientWithSession(email: string, language: "en" | "fr" = "en") {
    const client = await make.client({ first_name: "Leo", last_name: "Mover", email, language });
    const { booking } = await make.paidSession(client.id);
    const link = await ctx.database.db.transaction().execute(async (trx) => {
      await openAccess(trx, client.id);
      return issueClientLink(trx, client.id, "sign_in", null, "http://portal.test");
    });
    const token = (await ctx.api.call("POST", "my/link", { body: { token: link.token } })).json.data.token as string;
    return { clientId: client.id, bookingId: booking.id, token };
  }
  const mySession = async (token: string, id: number) =>
    (await ctx.api.call("GET", "my/case", { token })).json.data.sessions.find((s: { id: number }) => s.id === id);
  const agentBooking = async (id: number) =>
    (await ctx.api.call("GET", `api/Mentordetails/list/${agent.id}`, { token: agent.token })).json.data.find(
      (b: { id: number }) => b.id === id,
    );
  async function mailTo(to: string) {
    const before = ctx.api.mailbox.length;
    for (let i = 0; i < 5; i++) await ctx.api.mailTick();
    return ctx.api.mailbox.slice(before).filter((m) => m.to === to);
  }

  /** The client (or whoever's token it is) asks to move the session. */
  const askMove = (bookingId: number, token: string, reason: string) =>
    ctx.api.call("POST", `my/sessions/${bookingId}/move-request`, { token, body: { reason } });

  it("asks once with a reason; the agent is told and keeps the time with a word the client reads in their language", async () => {
    const c = await clientWithSession("moves-keep@example.com", "fr");
    const empty = await askMove(c.bookingId, c.token, " ");
    expect(empty.status).toBe(400);
    expect(empty.json.errors.reason[0].code).toBe("validation.required");
    const asked = await askMove(c.bookingId, c.token, "I have an exam that morning.");
    expect(asked.status).toBe(200);
    expect((await mySession(c.token, c.bookingId)).move_request).toMatchObject({
      state: "waiting",
      reason: "I have an exam that morning.",
    });
    const again = await askMove(c.bookingId, c.token, "Again");
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("session.client_move_asked");
    expect((await agentBooking(c.bookingId)).client_move_request).toMatchObject({ reason: "I have an exam that morning." });
    const told = (await mailTo("moves-agent@example.com")).find((m) => m.subject === "Leo Mover asks to move a session");
    expect(told!.text).toContain("I have an exam that morning.");

    const kept = await ctx.api.call("POST", `agent/bookings/${c.bookingId}/client-move/keep`, {
      token: agent.token,
      body: { answer: "The mentor has no other time that week." },
    });
    expect(kept.status).toBe(200);
    expect((await mySession(c.token, c.bookingId)).move_request).toMatchObject({
      state: "kept",
      answer: "The mentor has no other time that week.",
    });
    expect((await agentBooking(c.bookingId)).client_move_request).toBeNull();
    const answer = (await mailTo("moves-keep@example.com")).find((m) =>
      /^Votre séance avec .+ garde son horaire$/.test(m.subject),
    );
    expect(answer!.text).toContain("The mentor has no other time that week.");
    // Answered: a second answer finds nothing waiting; the client may ask anew.
    const twice = await ctx.api.call("POST", `agent/bookings/${c.bookingId}/client-move/keep`, {
      token: agent.token,
      body: { answer: "Again" },
    });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("session.client_move_none");
  });

  it("counts the session moved as the answer", async () => {
    const c = await clientWithSession("moves-moved@example.com");
    await askMove(c.bookingId, c.token, "Travelling.");
    const booking = await agentBooking(c.bookingId);
    const week = await ctx.api.call("POST", "api/Mentorbooking", {
      token: agent.token,
      body: { mentor_id: booking.mentor_id, time_zone: "UTC", week_start: booking.start_at.slice(0, 10) },
    });
    const other = (week.json.data.slots as Array<{ start: string }>).find(
      (s) => s.start !== booking.start_at && s.start > booking.start_at,
    );
    expect(other, "a free time after the session's").toBeTruthy();
    const moved = await ctx.api.call("POST", "api/Mentorbooking/move", {
      token: agent.token,
      body: { id: c.bookingId, start: other!.start },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((await mySession(c.token, c.bookingId)).move_request).toMatchObject({ state: "moved", answer: null });
  });

  it("keeps another client and another agent out", async () => {
    const c = await clientWithSession("moves-owner@example.com");
    const stranger = await clientWithSession("moves-stranger@example.com");
    const theirs = await askMove(c.bookingId, stranger.token, "Not mine");
    expect(theirs.status).toBe(409);
    expect(theirs.json.code).toBe("session.client_move_closed");
    await askMove(c.bookingId, c.token, "Mine");
    const other = await ctx.api.newAgent("moves-other@example.com");
    const keep = await ctx.api.call("POST", `agent/bookings/${c.bookingId}/client-move/keep`, {
      token: other.token,
      body: { answer: "Planted" },
    });
    expect(keep.status).toBe(404);
    expect((await mySession(c.token, c.bookingId)).move_request.state).toBe("waiting");
  });
});
