/**
 * The minimum notice (issue 23, point 9): a session is never sold less than BOOKING_MIN_NOTICE_HOURS (12 by default)
 * before it starts. The week's free slots and each mentor's next free one start after it; a booking sooner is
 * refused beside its time.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../app/lib/api.server.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { officeMentorBody, messagesOf } from "../support/fixtures.js";

const HOUR = 3_600_000;

describe.each(testDatabases)("the minimum notice on $name", (target) => {
  const ctx = useSeededApi(target);
  let agent: { token: string; clientId: number };
  const mentorId = 4;

  beforeAll(async () => {
    // A mentor who works every hour of every day, so that slots within the notice exist to be refused.
    const staff = (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token as string;
    const office = createApiClient(httpTransport(ctx.api.base, 10_000), { token: staff });
    const m = await office.call(endpoints.officeMentor, { params: { id: mentorId } });
    await office.call(endpoints.editMentor, {
      params: { id: mentorId },
      body: officeMentorBody(m, {
        time_off: [],
        hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })),
      }),
    });
    const a = await ctx.api.newAgent("notice-agent@example.com");
    const c = await ctx.api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Nia", last_name: "Notice", email: "nia@example.com" },
    });
    agent = { token: a.token, clientId: c.json.data.id };
  });

  it("offers no slot sooner than 12 hours ahead, and refuses to book one beside its time", async () => {
    const before = Date.now();
    const week = await ctx.api.call("POST", "api/Mentorbooking", {
      token: agent.token,
      body: { mentor_id: mentorId, time_zone: "UTC" },
    });
    const slots = week.json.data.slots as Array<{ start: string }>;
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(before + 12 * HOUR);
    // The first offered is the first whole hour after the notice.
    expect(Date.parse(slots[0]!.start) - before).toBeLessThan(13 * HOUR + 60_000);
    expect(week.json.data.next_free).toBe(slots[0]!.start);

    const directory = await ctx.api.call("GET", "api/mentors?per_page=100", { token: agent.token });
    const listed = (directory.json.data.items as Array<{ id: number; next_free: string | null }>).find((m) => m.id === mentorId);
    expect(Date.parse(listed!.next_free!)).toBeGreaterThanOrEqual(before + 12 * HOUR);

    // Two hours ahead: a whole-hour slot of the mentor's, but too soon.
    const soon = new Date(Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR).toISOString();
    const refused = await ctx.api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: mentorId, client_id: agent.clientId, start: soon, topic: "Too soon" },
    });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.json.errors)).toEqual({
      start: ["Sessions are booked at least 12 hours ahead: choose a later time"],
    });

    const booked = await ctx.api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: mentorId, client_id: agent.clientId, start: slots[0]!.start, topic: "In good time" },
    });
    expect(booked.status).toBe(201);
  });
});
