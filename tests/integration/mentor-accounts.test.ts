/**
 * Mentors as the third kind of account (issue 23): staff give a mentor an address and invite them, the link sets
 * a password and signs them in, the mentor sees the sessions given (and nothing of a client's papers or the price),
 * another mentor sees none of them, and deactivation or a new address ends their sessions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../app/lib/api.server.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints, type MentorAgenda, type OfficeMentor } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { startApi } from "../support/api-harness.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { officeMentorBody, messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("mentor accounts on $name", (target) => {
  const ctx = useSeededApi(target);
  let staffToken: string;

  const office = () => createApiClient(httpTransport(ctx.api.base, 10_000), { token: staffToken });
  /** The mentor's profile as the office form sends it, with another address. */
  const withEmail = (m: OfficeMentor, email: string | null) => officeMentorBody(m, { email });
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  beforeAll(async () => {
    const login = await ctx.api.call("POST", "office/login", {
      body: { email: demoStaff.email, password: demoStaff.password },
    });
    staffToken = login.json.data.token;
  });

  it("invites a mentor: the link is e-mailed, sets a password once, and signs the mentor in as a mentor", async () => {
    const mentor = await office().call(endpoints.officeMentor, { params: { id: 3 } });
    expect(mentor).toMatchObject({ email: null, signed_up: false });
    // No address, no invitation: said beside the field.
    const refused = await ctx.api.call("POST", "office/mentors/3/password-link", { token: staffToken });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.json.errors)).toEqual({ email: ["Required to invite"] });

    const saved = await office().call(endpoints.editMentor, {
      params: { id: 3 },
      body: withEmail(mentor, " Sofia.Mentor@Example.COM "),
    });
    expect(saved.email).toBe("sofia.mentor@example.com");
    const link = await office().call(endpoints.mentorPasswordLink, { params: { id: 3 } });
    await ctx.api.mailTick();
    const mail = ctx.api.mailbox.find((m) => m.to === "sofia.mentor@example.com");
    expect(mail?.text).toContain(link.password_link);

    const info = await ctx.api.call("POST", "password/check", { body: { token: tokenOf(link.password_link) } });
    expect(info.json.data).toMatchObject({ kind: "mentor", email: "sofia.mentor@example.com", purpose: "set" });
    const set = await ctx.api.call("POST", "password/set", {
      body: { token: tokenOf(link.password_link), password: "a mentor's own passphrase" },
    });
    expect(set.status).toBe(200);
    expect(set.json.data.kind).toBe("mentor");
    expect(set.json.data.person).toMatchObject({ id: 3, email: "sofia.mentor@example.com" });
    // Used once.
    const again = await ctx.api.call("POST", "password/set", {
      body: { token: tokenOf(link.password_link), password: "another passphrase 2" },
    });
    expect(again.status).toBe(404);

    const signedIn = await ctx.api.call("POST", "mentor/login", {
      body: { email: "sofia.mentor@example.com", password: "a mentor's own passphrase" },
    });
    expect(signedIn.status).toBe(200);
    const me = await ctx.api.call("POST", "mentor/me", { token: signedIn.json.data.token });
    expect(me.json.data.mentor).toMatchObject({ id: 3, name: mentor.name, time_zone: mentor.time_zone });
    // A mentor's password is no agent's or staff member's.
    expect(
      (
        await ctx.api.call("POST", "agent/login", {
          body: { email: "sofia.mentor@example.com", password: "a mentor's own passphrase" },
        })
      ).status,
    ).toBe(401);
    expect((await office().call(endpoints.officeMentor, { params: { id: 3 } })).signed_up).toBe(true);
  });

  it("refuses an address another mentor has, beside the field", async () => {
    const four = await office().call(endpoints.officeMentor, { params: { id: 4 } });
    const res = await ctx.api.call("POST", "office/mentors/4", {
      token: staffToken,
      body: withEmail(four, "SOFIA.MENTOR@example.com"),
    });
    expect(res.status).toBe(400);
    expect(messagesOf(res.json.errors)).toEqual({ email: ["Another mentor has this e-mail address"] });
    expect((await office().call(endpoints.officeMentor, { params: { id: 4 } })).email).toBeNull();
  });

  it("shows the mentor their paid sessions, never a client's papers or the price, and none of another mentor's", async () => {
    const agent = await ctx.api.newAgent("agenda-agent@example.com");
    const fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    const client = await fixtures.client({ first_name: "Ana", last_name: "pereira", email: "ana.p@example.com" });
    await fixtures.api.call(endpoints.editClient, {
      body: {
        id: client.id,
        first_name: "Ana",
        last_name: "pereira",
        email: "ana.p@example.com",
        phone: "+351 21 000 0000",
        passport_number: "P1234567",
        date_of_birth: "1990-04-02",
      },
    });
    const paid = await fixtures.paidSession(client.id, { mentorId: 5, topic: "First weeks in Dubai" });
    // Held only (not paid): not the mentor's to hear of yet.
    await fixtures.heldSession(client.id, { mentorId: 5, topic: "Not paid yet" });

    const mentor = await ctx.api.newMentor(5, "fatima.mentor@example.com");
    const res = await ctx.api.call("GET", "mentor/sessions", { token: mentor.token });
    expect(res.status).toBe(200);
    const agenda = res.json.data as MentorAgenda;
    expect(agenda.upcoming).toEqual([
      {
        id: paid.booking.id,
        start_at: paid.booking.start_at,
        end_at: paid.booking.end_at,
        status: "confirmed",
        topic: "First weeks in Dubai",
        client: "Ana P.",
        agent: { name: "Test Agent", email: "agenda-agent@example.com" },
        join_url: expect.stringMatching(/^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/),
        outcome: null,
        outcome_summary: null,
        move_requested: null,
      },
    ]);
    const text = JSON.stringify(res.json);
    for (const secret of [
      "P1234567",
      "1990-04-02",
      "+351",
      "ana.p@example.com",
      "pereira",
      "price",
      String(paid.booking.price_minor),
    ]) {
      expect(text, secret).not.toContain(secret);
    }

    // Another mentor: none of it.
    const other = await ctx.api.newMentor(6, "other.mentor@example.com");
    const theirs = (await ctx.api.call("GET", "mentor/sessions", { token: other.token })).json.data as MentorAgenda;
    expect(theirs.upcoming.map((s) => s.id)).not.toContain(paid.booking.id);
    expect(JSON.stringify(theirs)).not.toContain("First weeks in Dubai");

    // A cancelled session stays on the agenda, said cancelled.
    await fixtures.api.call(endpoints.cancelBooking, { body: { id: paid.booking.id } });
    const after = (await ctx.api.call("GET", "mentor/sessions", { token: mentor.token })).json.data as MentorAgenda;
    expect(after.upcoming.find((s) => s.id === paid.booking.id)?.status).toBe("canceled");
  });

  it("gives each paid session a room of its own, the mentor's standing link instead when set, and none once cancelled", async () => {
    const agent = await ctx.api.newAgent("rooms-agent@example.com");
    const fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    const client = await fixtures.client();
    const first = await fixtures.paidSession(client.id, { mentorId: 8 });
    const second = await fixtures.paidSession(client.id, { mentorId: 8 });
    const held = await fixtures.heldSession(client.id, { mentorId: 8 });
    const mine = () => fixtures.api.call(endpoints.bookings, { params: { agentId: agent.id } });
    const byId = async (id: number) => (await mine()).find((b) => b.id === id)!;

    const room = /^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/;
    const [one, two] = [await byId(first.booking.id), await byId(second.booking.id)];
    expect(one.join_url).toMatch(room);
    expect(two.join_url).toMatch(room);
    expect(one.join_url).not.toBe(two.join_url);
    // Not paid yet: nowhere to meet.
    expect((await byId(held.id)).join_url).toBeNull();
    // The client's page shows the same link; the mentor's agenda too.
    const view = await fixtures.api.call(endpoints.viewClient, { params: { clientId: client.id } });
    expect(view.sessions.find((b) => b.id === first.booking.id)?.join_url).toBe(one.join_url);
    const mentor = await ctx.api.newMentor(8, "rooms.mentor@example.com");
    const agenda = (await ctx.api.call("GET", "mentor/sessions", { token: mentor.token })).json.data as MentorAgenda;
    expect(agenda.upcoming.find((x) => x.id === first.booking.id)?.join_url).toBe(one.join_url);

    // The mentor's standing link, once staff set it, for every session of theirs.
    const eight = await office().call(endpoints.officeMentor, { params: { id: 8 } });
    await office().call(endpoints.editMentor, {
      params: { id: 8 },
      body: { ...withEmail(eight, eight.email), meeting_url: "https://zoom.example.com/j/123456789" },
    });
    expect((await byId(first.booking.id)).join_url).toBe("https://zoom.example.com/j/123456789");
    expect((await byId(second.booking.id)).join_url).toBe("https://zoom.example.com/j/123456789");
    // A link that is not https is said beside its field.
    const bad = await ctx.api.call("POST", "office/mentors/8", {
      token: staffToken,
      body: { ...withEmail(eight, eight.email), meeting_url: "zoom.example.com/j/1" },
    });
    expect(bad.status).toBe(400);
    expect(messagesOf(bad.json.errors).meeting_url).toEqual(["Enter the meeting link's address, https://…"]);
    // Without it again, each session's own room is back, unchanged.
    await office().call(endpoints.editMentor, {
      params: { id: 8 },
      body: { ...withEmail(eight, eight.email), meeting_url: null },
    });
    expect((await byId(first.booking.id)).join_url).toBe(one.join_url);

    await fixtures.api.call(endpoints.cancelBooking, { body: { id: second.booking.id } });
    expect((await byId(second.booking.id)).join_url).toBeNull();
  });

  it("rooms on the operator's video service when MEETING_URL_TEMPLATE names one", async () => {
    const other = await startApi(ctx.database, {
      bookings: { meetingUrlTemplate: "https://video.example.com/r/{room}?lang=en" },
    });
    try {
      const agent = await other.newAgent("template-agent@example.com");
      const fixtures = agentFixtures(httpTransport(other.base, 10_000), agent.token);
      const client = await fixtures.client();
      const { booking } = await fixtures.paidSession(client.id, { mentorId: 7 });
      const listed = await fixtures.api.call(endpoints.bookings, { params: { agentId: agent.id } });
      expect(listed.find((b) => b.id === booking.id)?.join_url).toMatch(
        /^https:\/\/video\.example\.com\/r\/Waypoint-[0-9a-f]{32}\?lang=en$/,
      );
    } finally {
      await other.close();
    }
  });

  it("lets a mentor keep their own week and profile, with the office's rules, audited as theirs", async () => {
    const mentor = await ctx.api.newMentor(9, "nine.mentor@example.com");
    const own = await ctx.api.call("GET", "mentor/profile", { token: mentor.token });
    expect(own.json.data).toMatchObject({ id: 9, meeting_url: null });
    // Mondays 08:00–10:00 only, and a week away: the agents' view of the week follows.
    const saved = await ctx.api.call("POST", "mentor/hours", {
      token: mentor.token,
      body: {
        hours: [{ weekday: 1, start_minute: 480, end_minute: 600 }],
        time_off: [{ starts_on: "2030-01-07", ends_on: "2030-01-13" }],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.availability).toEqual([{ weekday: 1, start_minute: 480, end_minute: 600 }]);
    const agent = await ctx.api.newAgent("week-agent@example.com");
    const seen = await ctx.api.call("POST", "api/Mentoruser/list", { token: agent.token, body: { mentor_id: 9 } });
    expect(seen.json.data.availability).toEqual([{ weekday: 1, start_minute: 480, end_minute: 600 }]);
    expect(seen.json.data.time_off).toEqual([{ starts_on: "2030-01-07", ends_on: "2030-01-13" }]);

    // The office's rules: ranges of a day never overlap, days are real.
    const overlapping = await ctx.api.call("POST", "mentor/hours", {
      token: mentor.token,
      body: {
        hours: [
          { weekday: 2, start_minute: 540, end_minute: 720 },
          { weekday: 2, start_minute: 660, end_minute: 780 },
        ],
        time_off: [{ starts_on: "2030-02-30", ends_on: "2030-03-01" }],
      },
    });
    expect(overlapping.status).toBe(400);
    expect(Object.keys(messagesOf(overlapping.json.errors)).sort()).toEqual(["hours", "time_off.0.starts_on"]);

    const profile = await ctx.api.call("POST", "mentor/profile", {
      token: mentor.token,
      body: {
        bio: "Twelve years hiring engineers in Berlin.",
        expertise: ["Interviews"],
        languages: ["English", "German"],
        time_zone: "Europe/Berlin",
        meeting_url: "https://meet.example.com/nine",
      },
    });
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ time_zone: "Europe/Berlin", meeting_url: "https://meet.example.com/nine" });
    // A mentor cannot name themselves or change their rate here: those fields are not theirs, and not read.
    const sneaky = await ctx.api.call("POST", "mentor/profile", {
      token: mentor.token,
      body: { ...profile.json.data, bio: "New bio.", rate_minor: 1, name: "Someone Else" },
    });
    expect(sneaky.status).toBe(200);
    expect(sneaky.json.data.name).toBe(own.json.data.name);
    expect(sneaky.json.data.rate_minor).toBe(own.json.data.rate_minor);

    // The office's audit names the mentor as who changed it.
    const log = await ctx.api.call("GET", "office/audit?subject=mentor%3A9", { token: staffToken });
    const mine = (log.json.data.items as Array<{ kind: string; staff_name: string | null; mentor_name: string | null }>).filter(
      (e) => e.kind === "mentor.hours" || e.kind === "mentor.profile",
    );
    expect(mine.map((e) => e.kind).sort()).toEqual(["mentor.hours", "mentor.profile", "mentor.profile"]);
    for (const e of mine) expect(e).toMatchObject({ staff_name: null, mentor_name: own.json.data.name });
  });

  it("ends a mentor's sessions when staff deactivate them or change their address", async () => {
    const mentor = await ctx.api.newMentor(7, "seven.mentor@example.com");
    expect((await ctx.api.call("POST", "mentor/me", { token: mentor.token })).status).toBe(200);
    await office().call(endpoints.setMentorActive, { params: { id: 7 }, body: { active: false } });
    expect((await ctx.api.call("POST", "mentor/me", { token: mentor.token })).status).toBe(401);
    const login = await ctx.api.call("POST", "mentor/login", {
      body: { email: "seven.mentor@example.com", password: "mentor-password" },
    });
    expect(login.status).toBe(403);
    await office().call(endpoints.setMentorActive, { params: { id: 7 }, body: { active: true } });

    const back = await ctx.api.call("POST", "mentor/login", {
      body: { email: "seven.mentor@example.com", password: "mentor-password" },
    });
    const seven = await office().call(endpoints.officeMentor, { params: { id: 7 } });
    await office().call(endpoints.editMentor, { params: { id: 7 }, body: withEmail(seven, "new.seven@example.com") });
    expect((await ctx.api.call("POST", "mentor/me", { token: back.json.data.token })).status).toBe(401);
    // An unchanged address signs nobody out.
    const fresh = await ctx.api.call("POST", "mentor/login", {
      body: { email: "new.seven@example.com", password: "mentor-password" },
    });
    await office().call(endpoints.editMentor, {
      params: { id: 7 },
      body: withEmail(await office().call(endpoints.officeMentor, { params: { id: 7 } }), "new.seven@example.com"),
    });
    expect((await ctx.api.call("POST", "mentor/me", { token: fresh.json.data.token })).status).toBe(200);
  });
});
