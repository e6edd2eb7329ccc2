/**
 * Issue 21, point 8: one truth for a session and its money. Staff refunding a session's line cancels the session
 * (it stayed "Confirmed" with a Cancel button, whose refund then never came); a session's refund state is its
 * line's, wherever it is read. A property test runs random sequences of agent cancellations, staff refunds (a line
 * or the whole order), refund retries and the sweep over a paid order of two sessions, on each database, and after
 * every step the sessions, the order's lines and the e-mails agree.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";

type Op =
  { kind: "cancel"; session: 0 | 1 } | { kind: "refund"; lines: "0" | "1" | "all" } | { kind: "retry" } | { kind: "sweep" };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("cancel" as const), session: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constant("refund" as const), lines: fc.constantFrom("0" as const, "1" as const, "all" as const) }),
  fc.record({ kind: fc.constant("retry" as const) }),
  fc.record({ kind: fc.constant("sweep" as const) }),
);

describe.each(testDatabases)("a session and its money on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let staff = "";
  let agent: { id: number; token: string };
  let clientId = 0;
  let week = 0;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    api = await startApi(database, { bookings: { maxDaysAhead: 365 } });
    staff = (await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })).json.data
      .token;
    agent = await api.newAgent(`money-${target.name}@example.com`);
    clientId = (
      await api.call("POST", "agent/addclient", {
        token: agent.token,
        body: { first_name: "Mo", last_name: "Ney", email: "mo@example.com" },
      })
    ).json.data.id;
  });
  afterAll(async () => {
    await api?.close();
    await drop?.();
  });

  /** A paid order of two sessions with one mentor, weeks ahead (each call a week further, so slots are free). */
  async function paidSessions() {
    const mentor = 1 + (week % 4);
    let schedule = (
      await api.call("POST", "api/Mentorbooking", { token: agent.token, body: { mentor_id: mentor, time_zone: "UTC" } })
    ).json.data;
    for (let i = 0; i < 2 + Math.floor(week / 4); i++) {
      schedule = (
        await api.call("POST", "api/Mentorbooking", {
          token: agent.token,
          body: { mentor_id: mentor, week_start: schedule.next_week, time_zone: "UTC" },
        })
      ).json.data;
    }
    week++;
    const ids: number[] = [];
    for (const slot of schedule.slots.slice(0, 2)) {
      const booked = await api.call("POST", "api/Mentorbooking/book", {
        token: agent.token,
        body: { mentor_id: mentor, client_id: clientId, start: slot.start, topic: "Money" },
      });
      expect(booked.status).toBe(201);
      ids.push(booked.json.data.id);
    }
    const checkout = await api.call("POST", "stripe/create-checkout-session", { token: agent.token });
    expect(checkout.status).toBe(201);
    expect((await api.call("POST", `stripe/demo/complete/${checkout.json.data.session_id}`, { token: agent.token })).status).toBe(
      200,
    );
    const order = (await api.call("GET", `office/orders/${checkout.json.data.order_id}`, { token: staff })).json.data;
    const lines = ids.map(
      (id) =>
        order.items.find((i: { item_id: number; item_type: string }) => i.item_type === "mentor_booking" && i.item_id === id).id,
    );
    return { orderId: checkout.json.data.order_id as number, bookings: ids, lines: lines as number[] };
  }

  /** What every reader sees must agree: the agent's bookings, the office's order, and the e-mails queued. */
  async function agree(orderId: number, bookings: number[]) {
    const listed = (await api.call("GET", `api/Mentordetails/list/${agent.id}`, { token: agent.token })).json.data as Array<{
      id: number;
      status: string;
      refund_status: string | null;
      start_at: string;
    }>;
    const order = (await api.call("GET", `office/orders/${orderId}`, { token: staff })).json.data;
    let refunded = 0;
    let due = 0;
    for (const line of order.items as Array<{
      item_id: number;
      item_type: string;
      refund_status: string | null;
      price_minor: number;
    }>) {
      if (line.refund_status === "refunded") refunded += line.price_minor;
      if (line.refund_status === "due") due += line.price_minor;
      if (line.item_type !== "mentor_booking") continue;
      const b = listed.find((x) => x.id === line.item_id)!;
      // One state for the money: the session says what its line says.
      expect(b.refund_status, `session ${b.id}`).toBe(line.refund_status);
      // A session still on is not being refunded; a session whose money went back is not on.
      if (b.status === "confirmed") expect(line.refund_status, `session ${b.id}`).toBeNull();
      if (line.refund_status) expect(b.status, `session ${b.id}`).toBe("canceled");
    }
    expect(order.refunded_minor).toBe(refunded);
    expect(order.refund_due_minor).toBe(due);
    // Each cancelled session was told once to each of agent, client and mentor (when the mentor has an address, as
    // the demo mentor has); a session still on, never.
    for (const id of bookings) {
      const told = await database.db
        .selectFrom("outbox")
        .select("dedupe_key")
        .where("dedupe_key", "like", `booking.cancelled:${id}:%`)
        .execute();
      const b = listed.find((x) => x.id === id)!;
      const keys = told.map((t) => t.dedupe_key.split(":").pop()).sort();
      const { email } = await database.db
        .selectFrom("mentor_bookings")
        .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
        .select("mentors.email")
        .where("mentor_bookings.id", "=", id)
        .executeTakeFirstOrThrow();
      const people = email ? ["agent", "client", "mentor"] : ["agent", "client"];
      expect(keys, `session ${id} (${b.status})`).toEqual(b.status === "canceled" ? people : []);
    }
  }

  it("staff refunding a session's line cancels the session; the agent can no longer cancel it for a second refund", async () => {
    const { orderId, bookings, lines } = await paidSessions();
    const refund = await api.call("POST", `office/orders/${orderId}/refund`, {
      token: staff,
      body: { item_ids: [lines[0]], note: "Mentor ill" },
    });
    expect(refund.status).toBe(200);
    const listed = (await api.call("GET", `api/Mentordetails/list/${agent.id}`, { token: agent.token })).json.data;
    const first = listed.find((b: { id: number }) => b.id === bookings[0]);
    expect(first).toMatchObject({ status: "canceled", refund_status: "refunded" });
    const again = await api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: bookings[0] } });
    expect(again.status).toBe(409);
    await agree(orderId, bookings);
  });

  it("lets an agent's cancellation and a staff refund of one session race, and they still agree (10 rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      const { orderId, bookings, lines } = await paidSessions();
      const answers = await Promise.all([
        api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: bookings[0] } }),
        api.call("POST", `office/orders/${orderId}/refund`, { token: staff, body: { item_ids: [lines[0]], note: "Race" } }),
        api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: bookings[0] } }),
      ]);
      for (const a of answers) expect([200, 409], JSON.stringify(api.logged.slice(-1))).toContain(a.status);
      await agree(orderId, bookings);
    }
    expect(api.logged).toEqual([]);
  }, 120_000);

  it("keeps sessions, lines and e-mails in agreement over random cancellations, refunds, retries and sweeps", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 5 }), async (ops) => {
        const { orderId, bookings, lines } = await paidSessions();
        for (const o of ops) {
          let status = 0;
          if (o.kind === "cancel") {
            status = (
              await api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: bookings[o.session] } })
            ).status;
          } else if (o.kind === "refund") {
            const body = o.lines === "all" ? { note: "All of it" } : { item_ids: [lines[Number(o.lines)]], note: "One line" };
            status = (await api.call("POST", `office/orders/${orderId}/refund`, { token: staff, body })).status;
          } else if (o.kind === "retry") {
            status = (await api.call("POST", `office/orders/${orderId}/retry-refunds`, { token: staff })).status;
          } else {
            await api.sweep();
            status = 200;
          }
          // A step may be refused (already cancelled, already refunded, nothing due): never a failure.
          expect([200, 409], JSON.stringify(o)).toContain(status);
          await agree(orderId, bookings);
        }
      }),
      { numRuns: 12 },
    );
    expect(api.logged).toEqual([]);
  }, 120_000);
});
