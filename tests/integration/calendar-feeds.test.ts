/**
 * Calendar feeds (issue 23, point 11): an agent and a mentor each make a private feed address, which serves their
 * sessions as text/calendar (confirmed, moved with its SEQUENCE, cancelled; each with its join link; the owner's
 * zone named), with the UIDs of the e-mailed invites; replacing the address ends the old one at once; a mentor's
 * feed names the client by first name and initial only; another's token, a made-up one or a deactivated account's
 * answers 404.
 */
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("calendar feeds on $name", (target) => {
  const ctx = useSeededApi(target);
  let agent: { id: number; token: string };
  let fixtures: ReturnType<typeof agentFixtures>;
  let mentor: { id: number; token: string };
  let clientId: number;

  beforeAll(async () => {
    agent = await ctx.api.newAgent("feed-agent@example.com");
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    clientId = (await fixtures.client({ first_name: "Farah", last_name: "Feedwell" })).id;
    mentor = await ctx.api.newMentor(4, "feed.mentor@example.com");
  });

  const tokenOf = (url: string) => /\/feeds\/([A-Za-z0-9_-]{43})\/calendar\.ics$/.exec(url)![1]!;
  const fetchFeed = (token: string) => fetch(`${ctx.api.base}feeds/${token}`);

  async function events(token: string) {
    const res = await fetchFeed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const cal = new ICAL.Component(ICAL.parse(await res.text()));
    return {
      zone: String(cal.getFirstPropertyValue("x-wr-timezone")),
      events: cal.getAllSubcomponents("vevent").map((e) => ({
        uid: String(e.getFirstPropertyValue("uid")),
        sequence: Number(e.getFirstPropertyValue("sequence")),
        status: String(e.getFirstPropertyValue("status")),
        start: (e.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
        summary: String(e.getFirstPropertyValue("summary")),
        location: e.getFirstPropertyValue("location") ? String(e.getFirstPropertyValue("location")) : null,
      })),
    };
  }

  it("serves each owner's sessions, confirmed, moved and cancelled, with join links and the invites' UIDs", async () => {
    const none = await ctx.api.call("GET", "agent/feed", { token: agent.token });
    expect(none.json.data).toEqual({ url: null, webcal: null });
    const made = (await ctx.api.call("POST", "agent/feed", { token: agent.token })).json.data;
    expect(made.url).toMatch(/^http:\/\/portal\.test\/feeds\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    expect(made.webcal).toBe(made.url.replace(/^http:/, "webcal:"));
    const mentorFeed = (await ctx.api.call("POST", "mentor/feed", { token: mentor.token })).json.data;

    const week_start = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const [a, b, c] = (
      await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentor.id, time_zone: "UTC", week_start } })
    ).slots;
    const kept = (await fixtures.paidSession(clientId, { mentorId: mentor.id, start: a!.start })).booking;
    const moved = (await fixtures.paidSession(clientId, { mentorId: mentor.id, start: b!.start })).booking;
    const dropped = (await fixtures.paidSession(clientId, { mentorId: mentor.id, start: c!.start })).booking;
    const later = new Date(Date.parse(c!.start) + 7 * 86_400_000).toISOString().slice(0, 10);
    const to = (
      await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentor.id, time_zone: "UTC", week_start: later } })
    ).slots[0]!.start;
    await fixtures.api.call(endpoints.moveBooking, { body: { id: moved.id, start: to } });
    await fixtures.api.call(endpoints.cancelBooking, { body: { id: dropped.id } });
    // A hold is in nobody's calendar.
    await fixtures.heldSession(clientId, { mentorId: mentor.id });

    const agentView = await events(tokenOf(made.url));
    expect(agentView.zone).toBe("UTC");
    const byUid = new Map(agentView.events.map((e) => [e.uid, e]));
    expect(agentView.events).toHaveLength(3);
    expect(byUid.get(`booking-${kept.id}@portal.test`)).toMatchObject({
      sequence: 0,
      status: "CONFIRMED",
      start: a!.start,
      summary: "Mentor session: Wei Chen with Farah Feedwell",
      location: expect.stringMatching(/^https:\/\/meet\.jit\.si\/Waypoint-/),
    });
    expect(byUid.get(`booking-${moved.id}@portal.test`)).toMatchObject({ sequence: 1, status: "CONFIRMED", start: to });
    expect(byUid.get(`booking-${dropped.id}@portal.test`)).toMatchObject({ sequence: 1, status: "CANCELLED", location: null });

    // The mentor's: in their zone, the client as "Farah F.".
    const mentorView = await events(tokenOf(mentorFeed.url));
    expect(mentorView.zone).toBe("America/Toronto");
    const theirs = mentorView.events.find((e) => e.uid === `booking-${kept.id}@portal.test`);
    expect(theirs?.summary).toBe("Mentor session: Wei Chen with Farah F.");
    expect(JSON.stringify(mentorView)).not.toContain("Feedwell");
    await fixtures.emptyCart();
  });

  it("ends the old address when it is replaced, and answers 404 for a made-up token or a deactivated account's", async () => {
    const first = (await ctx.api.call("POST", "agent/feed", { token: agent.token })).json.data;
    const second = (await ctx.api.call("POST", "agent/feed", { token: agent.token })).json.data;
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(tokenOf(first.url))).status).toBe(404);
    expect((await fetchFeed(tokenOf(second.url))).status).toBe(200);
    expect((await ctx.api.call("GET", "agent/feed", { token: agent.token })).json.data).toEqual(second);
    expect((await fetchFeed("x".repeat(43))).status).toBe(404);
    // Not a token's shape: refused before any lookup.
    expect((await fetchFeed("short")).status).toBe(400);

    const gone = await ctx.api.newAgent("feed-gone@example.com");
    const feed = (await ctx.api.call("POST", "agent/feed", { token: gone.token })).json.data;
    await ctx.database.db.updateTable("agents").set({ active: 0 }).where("id", "=", gone.id).execute();
    expect((await fetchFeed(tokenOf(feed.url))).status).toBe(404);
  });

  it("keeps a name with a line break out of the feed's own lines: refused when saved, folded when saved before", async () => {
    const named = await ctx.api.newAgent("feed-named@example.com");
    const refused = await ctx.api.call("POST", "agent/account", {
      token: named.token,
      body: { name: "Eve\r\nX-WR-CALNAME:Injected", time_zone: "UTC" },
    });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.json.errors).name).toEqual(["Name must be on one line"]);
    // A record from before the rule: its name reaches the calendar's name on one line.
    await ctx.database.db
      .updateTable("agents")
      .set({ name: "Eve\r\nX-WR-CALNAME:Injected" })
      .where("id", "=", named.id)
      .execute();
    const feed = (await ctx.api.call("POST", "agent/feed", { token: named.token })).json.data;
    const text = await (await fetchFeed(tokenOf(feed.url))).text();
    const names = text.split("\r\n").filter((line) => line.startsWith("X-WR-CALNAME"));
    expect(names).toEqual(["X-WR-CALNAME:Waypoint Consultancy: Eve X-WR-CALNAME:Injected's sessions"]);
  });
});
