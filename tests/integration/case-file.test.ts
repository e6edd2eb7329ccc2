/**
 * The client's case file on each database: every change writes its line on the client's timeline in its own
 * transaction (added, edited, cart, held, paid, cancelled, refunded), notes are append-only and the agent's own,
 * and another agent sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { demoStaff } from "../../backend/db/seed-data.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";

describe.each(testDatabases)("the client's case file on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    api = await startApi(database, { bookings: { maxDaysAhead: 365 } });
  });
  afterAll(async () => {
    await api.close();
    await drop();
    expect(api.logged).toEqual([]);
  });

  const timeline = async (token: string, clientId: number) =>
    (await api.call("POST", `agent/viewClient/${clientId}`, { token })).json.data.timeline as Array<{
      kind: string;
      summary: string;
      ref: string | null;
      author: string | null;
    }>;

  it("tells what happened for the client, newest first, each line written with its change", async () => {
    const a = await api.newAgent("case-file@example.com");
    const made = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Tia", last_name: "Line", email: "tia@example.com", passport_number: "X1234567" },
    });
    const clientId = made.json.data.id as number;
    await api.call("POST", "agent/editClient", {
      token: a.token,
      body: { ...made.json.data, id: clientId, destination_country: "PT", passport_number: "Y7654321" },
    });
    const plan = await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
    });
    await api.call("POST", "agent/addcart", { token: a.token, body: { client_id: clientId, item_type: "job", item_id: 1 } });
    await api.call("POST", "agent/deletecart", { token: a.token, body: { id: plan.json.data.id } });
    const week = (
      await api.call("POST", "api/Mentorbooking", {
        token: a.token,
        body: { mentor_id: 2, time_zone: "UTC", week_start: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) },
      })
    ).json.data;
    const held = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: 2, client_id: clientId, start: week.slots[0].start, topic: "Lisbon offer" },
    });
    const checkout = (await api.call("POST", "stripe/create-checkout-session", { token: a.token })).json.data;
    await api.call("POST", `stripe/demo/complete/${checkout.session_id}`, { token: a.token });
    await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    const staff = (await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token;
    const order = (await api.call("GET", `office/orders/${checkout.order_id}`, { token: staff })).json.data;
    const job = order.items.find((i: { item_type: string }) => i.item_type === "job");
    await api.call("POST", `office/orders/${checkout.order_id}/refund`, {
      token: staff,
      body: { item_ids: [job.id], note: "Withdrawn" },
    });

    const lines = await timeline(a.token, clientId);
    const summaries = lines.map((l) => l.summary);
    expect(summaries.at(-1)).toBe("Client added");
    // Which fields changed, never their values (a passport number stays off the timeline).
    expect(summaries).toContain("Edited: destination country, passport number");
    expect(summaries.join("\n")).not.toContain("Y7654321");
    expect(summaries).toContain("Added to the cart: Mentorship plan: Starter mentorship");
    expect(summaries).toContain("Removed from the cart: Mentorship plan: Starter mentorship");
    expect(summaries.some((t) => /^Mentor session with .+ held until paid \(Lisbon offer\)$/.test(t))).toBe(true);
    const paid = lines.filter((l) => l.kind === "order.paid");
    expect(paid).toHaveLength(2);
    expect(
      paid.every((l) => l.ref === `order:${checkout.order_id}` && l.summary.startsWith(`Paid in order ${checkout.order_id}: `)),
    ).toBe(true);
    // A session's line carries no UTC time: the page shows times in the agent's zone.
    expect(paid.some((l) => l.summary.includes("UTC"))).toBe(false);
    expect(lines.find((l) => l.kind === "session.cancelled")?.summary).toMatch(/cancelled: refund due$/);
    expect(lines.filter((l) => l.kind === "refund.due").map((l) => l.summary)).toEqual([
      expect.stringMatching(/^Refund due on order \d+: .+ \(by the consultancy: Withdrawn\)$/),
    ]);
    // In the demo mode the staff refund settles every line due on the order: the job's and the cancelled session's.
    expect(lines.filter((l) => l.kind === "refund.done")).toHaveLength(2);
    // Newest first.
    expect(lines[0]!.kind).toBe("refund.done");
  });

  it("keeps notes as written, with their author, and only for the client's own agent", async () => {
    const a = await api.newAgent("notes@example.com");
    const other = await api.newAgent("notes-other@example.com");
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "No", last_name: "Te", email: "note@example.com" },
    });
    const id = c.json.data.id as number;
    const note = (body: unknown, token = a.token) => api.call("POST", `agent/clients/${id}/notes`, { token, body });
    expect((await note({ body: "   " })).json.errors).toEqual({ body: ["Write the note"] });
    expect((await note({ body: "x".repeat(2001) })).json.errors).toEqual({ body: ["A note has at most 2,000 characters"] });
    expect((await note({ body: "Asked about schools in Porto." }, other.token)).status).toBe(404);
    expect((await note({ body: "Asked about schools in Porto." })).status).toBe(201);
    expect((await note({ body: "Correction: Lisbon, not Porto." })).status).toBe(201);
    const lines = await timeline(a.token, id);
    expect(lines.filter((l) => l.kind === "note").map((l) => [l.summary, l.author])).toEqual([
      ["Correction: Lisbon, not Porto.", "Test Agent"],
      ["Asked about schools in Porto.", "Test Agent"],
    ]);
    expect((await api.call("POST", `agent/viewClient/${id}`, { token: other.token })).status).toBe(404);
  });
});

describe.each(testDatabases)("the clients list on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    api = await startApi(database);
  });
  afterAll(async () => {
    await api.close();
    await drop();
  });

  it("sorts by name, destination, status and last activity, and filters by status, destination and needing attention", async () => {
    const a = await api.newAgent("list-sort@example.com");
    const add = async (first: string, last: string, more: Record<string, string> = {}) =>
      (
        await api.call("POST", "agent/addclient", {
          token: a.token,
          body: { first_name: first, last_name: last, email: `${first}@example.com`, ...more },
        })
      ).json.data.id as number;
    const zoe = await add("zoe", "Adams", { destination_country: "PT", status: "active" });
    const bo = await add("bo", "Zimmer", { destination_country: "DE", status: "prospect" });
    const cy = await add("cy", "Miller", { status: "on_hold" });
    // Something happens for Bo last: the newest activity.
    await api.call("POST", `agent/clients/${bo}/notes`, { token: a.token, body: { body: "Called." } });
    const list = async (query: string) =>
      (
        (await api.call("GET", `api/clients/agent/${a.id}?${query}`, { token: a.token })).json.data.items as Array<{ id: number }>
      ).map((c) => c.id);
    expect(await list("sort=name")).toEqual([zoe, cy, bo]);
    expect(await list("sort=name&dir=desc")).toEqual([bo, cy, zoe]);
    expect(await list("sort=destination")).toEqual([bo, zoe, cy]); // no destination last
    expect(await list("sort=status")).toEqual([zoe, cy, bo]); // active, on_hold, prospect
    expect((await list("sort=activity"))[0]).toBe(bo);
    expect(await list("status=prospect")).toEqual([bo]);
    expect(await list("destination=pt")).toEqual([zoe]);
    expect(await list("attention=1")).toEqual([]);
    // A cart item waiting more than 7 days needs attention.
    await api.call("POST", "agent/addcart", { token: a.token, body: { client_id: cy, item_type: "service_plan", item_id: 1 } });
    await database.db
      .updateTable("cart_items")
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where("client_id", "=", cy)
      .execute();
    expect(await list("attention=1")).toEqual([cy]);
    const bad = await api.call("GET", `api/clients/agent/${a.id}?sort=age&status=gone&destination=Portugal`, { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      sort: ["Sort by name, destination, status or last activity"],
      status: ["Choose a status from the list"],
      destination: ["Choose a country from the list"],
    });
  });
});
