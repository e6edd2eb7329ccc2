import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../backend/accounts/passwords.js";
import { migrateToLatest } from "../../backend/db/migrate.js";
import * as demo from "../../backend/setup/demo-data.js";
import { seedDemoData, seedReferenceData } from "../../backend/setup/seed.js";
import { clientStatuses } from "../../lib/client-fields.js";
import { CATALOGUE_TABLES, rowCounts, testDatabases, useSeeded } from "../support/databases.js";

const tables = ["agents", ...CATALOGUE_TABLES, "clients", "mentor_bookings", "orders", "order_items", "client_events"] as const;

describe.each(testDatabases)("schema and demo data on $name", (target) => {
  const ctx = useSeeded(target);

  const counts = () => rowCounts(ctx.database, tables);

  it("has content for every screen: countries, three services with plans, a dozen jobs, packages, mentors", async () => {
    const c = await counts();
    expect(c.countries).toBeGreaterThanOrEqual(249);
    expect(c.services).toBe(3);
    expect(c.service_plans).toBeGreaterThanOrEqual(9);
    expect(c.jobs).toBeGreaterThanOrEqual(12);
    expect(c.relocations).toBeGreaterThanOrEqual(6);
    expect(c.mentors).toBeGreaterThanOrEqual(6);
    expect(c.mentor_availability).toBeGreaterThanOrEqual(c.mentors!);
    const services = await ctx.database.db.selectFrom("services").select(["id", "name"]).orderBy("id").execute();
    expect(services).toEqual([
      { id: 1, name: "Mentorship" },
      { id: 2, name: "Relocation" },
      { id: 3, name: "Job Placement" },
    ]);
    const agent = await ctx.database.db.selectFrom("agents").selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword(agent.password_hash, "demo-password")).toBe(true);
    expect(agent.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("gives the demo mentor three paid sessions with the demo agent: one held a week ago, two to come, each with a room", async () => {
    const sessions = await ctx.database.db
      .selectFrom("mentor_bookings")
      .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
      .innerJoin("agents", "agents.id", "mentor_bookings.agent_id")
      .innerJoin("order_items", (j) =>
        j.onRef("order_items.item_id", "=", "mentor_bookings.id").on("order_items.item_type", "=", "mentor_booking"),
      )
      .select(["mentor_bookings.start_at", "mentor_bookings.status", "mentor_bookings.outcome", "mentor_bookings.meeting_url"])
      .where("mentors.email", "=", "mentor@example.com")
      .where("agents.email", "=", "demo@example.com")
      .orderBy("mentor_bookings.start_at")
      .execute();
    expect(sessions.map((s) => [s.status, s.outcome])).toEqual([
      ["confirmed", "held"],
      ["confirmed", null],
      ["confirmed", null],
    ]);
    const now = Date.now();
    expect(Date.parse(sessions[0]!.start_at)).toBeLessThan(now);
    expect(Date.parse(sessions[1]!.start_at)).toBeGreaterThan(now + 2 * 86_400_000);
    for (const s of sessions) expect(s.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/);
  });

  it("adds nothing on a second start: migrations and seeding are idempotent", async () => {
    const before = await counts();
    expect(await migrateToLatest(ctx.database)).toEqual([]);
    await seedReferenceData(ctx.database.db);
    await seedDemoData(ctx.database.db);
    expect(await counts()).toEqual(before);
  });

  it("stores times as ISO strings in UTC and reads them back as such", async () => {
    const job = await ctx.database.db.selectFrom("jobs").select("posted_at").executeTakeFirstOrThrow();
    expect(job.posted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("refuses impossible rows: availability outside a day, a cart item for a missing client", async () => {
    const mentor = await ctx.database.db.selectFrom("mentors").select("id").executeTakeFirstOrThrow();
    await expect(
      ctx.database.db
        .insertInto("mentor_availability")
        .values({ mentor_id: mentor.id, weekday: 7, start_minute: 0, end_minute: 60 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.database.db
        .insertInto("mentor_availability")
        .values({ mentor_id: mentor.id, weekday: 1, start_minute: 600, end_minute: 540 })
        .execute(),
    ).rejects.toThrow();
    const agent = await ctx.database.db.selectFrom("agents").select("id").executeTakeFirstOrThrow();
    await expect(
      ctx.database.db
        .insertInto("cart_items")
        .values({
          agent_id: agent.id,
          client_id: 999_999,
          item_type: "job",
          item_id: 1,
          description: "x",
          price_minor: 1,
          currency: "USD",
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("the demo catalogue file", () => {
  it("holds the shapes its module types it with (salary and weekly-hours tuples, client statuses)", () => {
    for (const job of demo.jobs) {
      if (job.salary !== null) {
        expect(job.salary, job.title).toEqual([expect.any(Number), expect.any(Number), expect.stringMatching(/^[A-Z]{3}$/)]);
        expect(job.salary[0], job.title).toBeLessThanOrEqual(job.salary[1]);
      }
    }
    for (const mentor of demo.mentors) {
      expect(mentor.availability.length, mentor.name).toBeGreaterThan(0);
      for (const slot of mentor.availability) {
        expect(slot, mentor.name).toEqual([
          expect.any(Number),
          expect.stringMatching(/^\d\d:\d\d$/),
          expect.stringMatching(/^\d\d:\d\d$/),
        ]);
        expect(slot[0]).toBeGreaterThanOrEqual(0);
        expect(slot[0]).toBeLessThanOrEqual(6);
      }
    }
    for (const client of demo.demoClients) expect(clientStatuses, client.email).toContain(client.status);
  });
});
