/**
 * The client's case file on each database: every change writes its line on the client's timeline in its own
 * transaction (added, edited, cart, held, paid, cancelled, refunded), notes are append-only and the agent's own,
 * and another agent sees none of it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { keptRead } from "../../backend/db/kept-reads.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { plainSql, testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

/** A service plan put in the agent's cart for the client `days` days ago (the row's time moved back). */
async function putInCart(ctx: ReturnType<typeof useSeededApi>, token: string, clientId: number, planId: number, days: number) {
  const added = await ctx.api.call("POST", "agent/addcart", {
    token,
    body: { client_id: clientId, item_type: "service_plan", item_id: planId },
  });
  expect(added.status).toBe(201);
  await ctx.database.db
    .updateTable("cart_items")
    .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() })
    .where("id", "=", added.json.data.id as number)
    .execute();
}

describe.each(testDatabases)("the client's case file on $name", (target) => {
  const ctx = useSeededApi(target, { bookings: { maxDaysAhead: 365 } });
  afterAll(async () => {
    expect(ctx.api.logged).toEqual([]);
  });

  const timeline = async (token: string, clientId: number) =>
    (await ctx.api.call("POST", `agent/viewClient/${clientId}`, { token })).json.data.timeline as Array<{
      kind: string;
      summary: string;
      ref: string | null;
      author: string | null;
    }>;

  it("tells what happened for the client, newest first, each line written with its change", async () => {
    const a = await ctx.api.newAgent("case-file@example.com");
    const made = await ctx.api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Tia", last_name: "Line", email: "tia@example.com", passport_number: "X1234567" },
    });
    const clientId = made.json.data.id as number;
    await ctx.api.call("POST", "agent/editClient", {
      token: a.token,
      body: { ...made.json.data, id: clientId, destination_country: "PT", passport_number: "Y7654321" },
    });
    const plan = await ctx.api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
    });
    await ctx.api.call("POST", "agent/addcart", { token: a.token, body: { client_id: clientId, item_type: "job", item_id: 1 } });
    await ctx.api.call("POST", "agent/deletecart", { token: a.token, body: { id: plan.json.data.id } });
    const week = (
      await ctx.api.call("POST", "api/Mentorbooking", {
        token: a.token,
        body: { mentor_id: 2, time_zone: "UTC", week_start: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) },
      })
    ).json.data;
    const held = await ctx.api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: 2, client_id: clientId, start: week.slots[0].start, topic: "Lisbon offer" },
    });
    const checkout = (await ctx.api.call("POST", "stripe/create-checkout-session", { token: a.token })).json.data;
    await ctx.api.call("POST", `stripe/demo/complete/${checkout.session_id}`, { token: a.token });
    await ctx.api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    const staff = (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token;
    const order = (await ctx.api.call("GET", `office/orders/${checkout.order_id}`, { token: staff })).json.data;
    const job = order.items.find((i: { item_type: string }) => i.item_type === "job");
    await ctx.api.call("POST", `office/orders/${checkout.order_id}/refund`, {
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
    // A session's line names its time, in UTC as the API writes times into lines (the page shows it in the reader's
    // zone, app/lib/dates.ts timesIn), so that two sessions with one mentor are told apart.
    expect(paid.filter((l) => / \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC /.test(l.summary))).toHaveLength(1);
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
    const a = await ctx.api.newAgent("notes@example.com");
    const other = await ctx.api.newAgent("notes-other@example.com");
    const c = await ctx.api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "No", last_name: "Te", email: "note@example.com" },
    });
    const id = c.json.data.id as number;
    const note = (body: unknown, token = a.token) => ctx.api.call("POST", `agent/clients/${id}/notes`, { token, body });
    expect(messagesOf((await note({ body: "   " })).json.errors)).toEqual({ body: ["Write the note"] });
    expect(messagesOf((await note({ body: "x".repeat(2001) })).json.errors)).toEqual({
      body: ["A note has at most 2,000 characters"],
    });
    expect((await note({ body: "Asked about schools in Porto." }, other.token)).status).toBe(404);
    expect((await note({ body: "Asked about schools in Porto." })).status).toBe(201);
    expect((await note({ body: "Correction: Lisbon, not Porto." })).status).toBe(201);
    const lines = await timeline(a.token, id);
    expect(lines.filter((l) => l.kind === "note").map((l) => [l.summary, l.author])).toEqual([
      ["Correction: Lisbon, not Porto.", "Test Agent"],
      ["Asked about schools in Porto.", "Test Agent"],
    ]);
    expect((await ctx.api.call("POST", `agent/viewClient/${id}`, { token: other.token })).status).toBe(404);
  });
});

describe.each(testDatabases)("the clients list on $name", (target) => {
  const ctx = useSeededApi(target);
  it("counts the clients of a full page, a last page, a search and a page past the end alike", async () => {
    const a = await ctx.api.newAgent("list-count@example.com");
    for (let i = 1; i <= 7; i++) {
      await ctx.api.call("POST", "agent/addclient", {
        token: a.token,
        body: { first_name: `Kim${i}`, last_name: i <= 3 ? "Countwell" : "Other", email: `kim${i}@example.com` },
      });
    }
    const page = async (query: string) => {
      const d = (await ctx.api.call("GET", `api/clients/agent/${a.id}?${query}`, { token: a.token })).json.data;
      return { total: d.total, pages: d.pages, shown: d.items.length };
    };
    // A full page counts; a page that is not full (the last, or a search's only one) says the total by itself.
    expect(await page("per_page=3")).toEqual({ total: 7, pages: 3, shown: 3 });
    expect(await page("per_page=3&page=3")).toEqual({ total: 7, pages: 3, shown: 1 });
    expect(await page("per_page=5&page=2")).toEqual({ total: 7, pages: 2, shown: 2 });
    expect(await page("q=countwell")).toEqual({ total: 3, pages: 1, shown: 3 });
    expect(await page("q=countwell&per_page=3")).toEqual({ total: 3, pages: 1, shown: 3 });
    expect(await page("q=countwell&per_page=2&page=2")).toEqual({ total: 3, pages: 2, shown: 1 });
    expect(await page("q=nobody")).toEqual({ total: 0, pages: 1, shown: 0 });
    expect(await page("per_page=3&page=9")).toEqual({ total: 7, pages: 3, shown: 0 });
  });

  it("sorts by name, destination, status and last activity, and filters by status, destination and needing attention", async () => {
    const a = await ctx.api.newAgent("list-sort@example.com");
    const add = async (first: string, last: string, more: Record<string, string> = {}) =>
      (
        await ctx.api.call("POST", "agent/addclient", {
          token: a.token,
          body: { first_name: first, last_name: last, email: `${first}@example.com`, ...more },
        })
      ).json.data.id as number;
    const zoe = await add("zoe", "Adams", { destination_country: "PT", status: "active" });
    const bo = await add("bo", "Zimmer", { destination_country: "DE", status: "prospect" });
    const cy = await add("cy", "Miller", { status: "on_hold" });
    // Something happens for Bo last: the newest activity. Its time is set a minute on, so the order does not hang on
    // the wall clock moving between two requests (a fresh-clone run once saw Cy's creation as new as Bo's note).
    const called = await ctx.api.call("POST", `agent/clients/${bo}/notes`, { token: a.token, body: { body: "Called." } });
    expect(called.status).toBe(201);
    await ctx.database.db
      .updateTable("client_notes")
      .set({ created_at: new Date(Date.now() + 60_000).toISOString() })
      .where("client_id", "=", bo)
      .execute();
    const list = async (query: string) =>
      (
        (await ctx.api.call("GET", `api/clients/agent/${a.id}?${query}`, { token: a.token })).json.data.items as Array<{
          id: number;
        }>
      ).map((c) => c.id);
    expect(await list("sort=name")).toEqual([zoe, cy, bo]);
    expect(await list("sort=name&dir=desc")).toEqual([bo, cy, zoe]);
    expect(await list("sort=destination")).toEqual([bo, zoe, cy]); // no destination last
    expect(await list("sort=status")).toEqual([zoe, cy, bo]); // active, on_hold, prospect
    expect((await list("sort=activity"))[0]).toBe(bo);
    expect(await list("status=prospect")).toEqual([bo]);
    expect(await list("destination=pt")).toEqual([zoe]);
    // The filter offers every destination among the agent's clients, by name, whatever the page shows; another
    // agent's clients add none.
    const other = await ctx.api.newAgent("list-sort-other@example.com");
    await ctx.api.call("POST", "agent/addclient", {
      token: other.token,
      body: { first_name: "Ola", last_name: "Other", email: "ola@example.com", destination_country: "FR" },
    });
    const destinations = async (query: string) =>
      (await ctx.api.call("GET", `api/clients/agent/${a.id}?${query}`, { token: a.token })).json.data.destinations;
    expect(await destinations("")).toEqual([
      { code: "DE", name: "Germany" },
      { code: "PT", name: "Portugal" },
    ]);
    expect(await destinations("destination=pt&status=active")).toEqual(await destinations(""));
    expect(await list("attention=1")).toEqual([]);
    // A cart item waiting more than 7 days needs attention.
    await putInCart(ctx, a.token, cy, 1, 8);
    expect(await list("attention=1")).toEqual([cy]);
    const bad = await ctx.api.call("GET", `api/clients/agent/${a.id}?sort=age&status=gone&destination=Portugal`, {
      token: a.token,
    });
    expect(bad.status).toBe(400);
    expect(messagesOf(bad.json.errors)).toEqual({
      sort: ["Sort by name, destination, status or last activity"],
      status: ["Choose a status from the list"],
      destination: ["Choose a country from the list"],
    });
  });
  it("keeps each agent's destinations while none of its clients' changes, and offers the new ones after any change, whoever made it", async () => {
    const a = await ctx.api.newAgent("list-kept@example.com");
    const b = await ctx.api.newAgent("list-kept-other@example.com");
    const add = async (token: string, first: string, destination: string) =>
      (
        await ctx.api.call("POST", "agent/addclient", {
          token,
          body: { first_name: first, last_name: "Kept", email: `${first}@kept.example.com`, destination_country: destination },
        })
      ).json.data.id as number;
    const ana = await add(a.token, "ana", "PT");
    const ben = await add(b.token, "ben", "DE");
    const offered = async (agent: { id: number; token: string }) =>
      (
        (await ctx.api.call("GET", `api/clients/agent/${agent.id}`, { token: agent.token })).json.data.destinations as Array<{
          code: string;
        }>
      ).map((d) => d.code);
    expect(await offered(a)).toEqual(["PT"]);
    expect(await offered(b)).toEqual(["DE"]);
    // Kept: asked again with nothing changed, the same frozen copy (one small read of the agent's version).
    const kept = await keptRead(ctx.database.db, `destinations:${a.id}`, () => Promise.resolve("read again"));
    expect(kept).toEqual([{ code: "PT", name: "Portugal" }]);
    expect(Object.isFrozen(kept)).toBe(true);
    // Another agent's change leaves this one's kept.
    await add(b.token, "bea", "FR");
    expect(await keptRead(ctx.database.db, `destinations:${a.id}`, () => Promise.resolve("read again"))).toBe(kept);
    expect(await offered(b)).toEqual(["FR", "DE"]);
    // Plain SQL, as another server or a script would write: each change is in the very next page.
    const run = (statement: string, ...values: unknown[]) => plainSql(ctx.database, statement, ...values);
    await run("update clients set destination_country = ? where id = ?", "ES", ana);
    expect(await offered(a)).toEqual(["ES"]);
    await run("update clients set archived_at = ? where id = ?", new Date().toISOString(), ana);
    expect(await offered(a)).toEqual([]);
    await run("update clients set archived_at = null where id = ?", ana);
    expect(await offered(a)).toEqual(["ES"]);
    // Handed to the other agent: both lists change.
    await run("update clients set agent_id = ? where id = ?", a.id, ben);
    expect(await offered(a)).toEqual(["DE", "ES"]);
    expect(await offered(b)).toEqual(["FR"]);
    await run(
      "insert into clients (agent_id, first_name, last_name, email, destination_country, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
      a.id,
      "cai",
      "Kept",
      "cai@kept.example.com",
      "IT",
      new Date().toISOString(),
      new Date().toISOString(),
    );
    expect(await offered(a)).toEqual(["DE", "IT", "ES"]);
    await run("delete from clients where email = ?", "cai@kept.example.com");
    expect(await offered(a)).toEqual(["DE", "ES"]);
    // A change to what the filter does not offer (a name) keeps the copy.
    const before = await keptRead(ctx.database.db, `destinations:${a.id}`, () => Promise.resolve("read again"));
    await run("update clients set first_name = ? where id = ?", "Ana", ana);
    expect(await keptRead(ctx.database.db, `destinations:${a.id}`, () => Promise.resolve("read again"))).toBe(before);
  });

  it("lists what needs the agent, most urgent first, for all its clients or one, never another agent's", async () => {
    const a = await ctx.api.newAgent("attention@example.com");
    const other = await ctx.api.newAgent("attention-other@example.com");
    const add = async (token: string, first: string) =>
      (
        await ctx.api.call("POST", "agent/addclient", {
          token,
          body: { first_name: first, last_name: "Due", email: `${first}-due@example.com` },
        })
      ).json.data.id as number;
    const ana = await add(a.token, "ana");
    const ben = await add(a.token, "ben");
    const theirs = await add(other.token, "otto");
    const from = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const week = (
      await ctx.api.call("POST", "api/Mentorbooking", {
        token: a.token,
        body: { mentor_id: 3, time_zone: "UTC", week_start: from },
      })
    ).json.data;
    const book = (token: string, client: number, start: string) =>
      ctx.api.call("POST", "api/Mentorbooking/book", { token, body: { mentor_id: 3, client_id: client, start, topic: "Due" } });
    // Ana: a session paid, then moved (in the ctx.database) to start in five hours; Ben: a hold lapsing in 20 minutes.
    const paid = await book(a.token, ana, week.slots[0].start);
    const checkout = (await ctx.api.call("POST", "stripe/create-checkout-session", { token: a.token })).json.data;
    await ctx.api.call("POST", `stripe/demo/complete/${checkout.session_id}`, { token: a.token });
    const soon = new Date(Date.now() + 5 * 3_600_000);
    await ctx.database.db
      .updateTable("mentor_bookings")
      .set({ start_at: soon.toISOString(), end_at: new Date(soon.getTime() + 3_600_000).toISOString() })
      .where("id", "=", paid.json.data.id)
      .execute();
    const held = await book(a.token, ben, week.slots[1].start);
    await ctx.database.db
      .updateTable("mentor_bookings")
      .set({ held_until: new Date(Date.now() + 20 * 60_000).toISOString() })
      .where("id", "=", held.json.data.id)
      .execute();
    // Ben: a plan waiting in the cart for 9 days. The other agent: a hold lapsing too (never in this list).
    await putInCart(ctx, a.token, ben, 2, 9);
    await book(other.token, theirs, week.slots[2].start);

    const all = (await ctx.api.call("GET", "api/dashboard/attention", { token: a.token })).json.data as Array<{
      kind: string;
      client_id: number;
      to: string;
    }>;
    // Ana's paid session (Mentorship) asked for her CV, still missing.
    expect(all.map((i) => [i.kind, i.client_id])).toEqual([
      ["hold_lapsing", ben],
      ["session_soon", ana],
      ["document_missing", ana],
      ["cart_waiting", ben],
    ]);
    expect(all.map((i) => i.to)).toEqual([
      "/cart",
      "/bookings",
      expect.stringMatching(`^/clients/${ana}/documents/\\d+$`),
      "/cart",
    ]);
    const benOnly = (await ctx.api.call("POST", `agent/viewClient/${ben}`, { token: a.token })).json.data.attention as Array<{
      kind: string;
    }>;
    expect(benOnly.map((i) => i.kind)).toEqual(["hold_lapsing", "cart_waiting"]);
    // A refund due joins the list (the session cancelled in time would be; here, marked due by hand).
    await ctx.database.db
      .updateTable("order_items")
      .set({ refund_status: "due" })
      .where("order_id", "=", checkout.order_id)
      .execute();
    const after = (await ctx.api.call("GET", "api/dashboard/attention", { token: a.token })).json.data as Array<{
      kind: string;
      to: string;
    }>;
    expect(after.map((i) => i.kind)).toEqual(["hold_lapsing", "session_soon", "refund_due", "document_missing", "cart_waiting"]);
    expect(after[2]!.to).toBe(`/orders/${checkout.order_id}`);
    // The other agent sees its own hold (30 minutes: within the hour), and nothing of this agent's clients.
    const theirsList = (await ctx.api.call("GET", "api/dashboard/attention", { token: other.token })).json.data as Array<{
      client_id: number;
    }>;
    expect(theirsList.map((i) => i.client_id)).toEqual([theirs]);
  });
});
