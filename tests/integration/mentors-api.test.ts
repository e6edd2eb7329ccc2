import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeMentors } from "../../backend/bookings/directory-read.js";
import type { Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, plainSql, testDatabases } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.js";

/** A Monday some weeks ahead, so every slot of that week is in the future. */
function futureMonday(weeksAhead: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeksAhead + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

describe.each(testDatabases)("mentors and bookings on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness; // demo payments
  let strict: Harness; // a cut-off no booking can meet
  let stripe: StripeStandIn;
  let stripeApi: Harness;
  let amiraId: number;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    stripe = await startStripeStandIn();
    [api, strict, stripeApi] = await Promise.all([
      // Weeks up to 12 ahead are booked here: the booking window is widened past its 90-day default.
      startApi(database, { bookings: { holdMinutes: 30, cancelCutoffHours: 24, maxDaysAhead: 365 } }),
      startApi(database, { bookings: { holdMinutes: 30, cancelCutoffHours: 24 * 365, maxDaysAhead: 365 } }),
      startApi(database, { payments: stripe.settings, bookings: { maxDaysAhead: 365 } }),
    ]);
    amiraId = (await database.db.selectFrom("mentors").select("id").where("name", "=", "Amira Haddad").executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await Promise.all([api.close(), strict.close(), stripeApi.close(), stripe.close()]);
    await drop();
  });

  async function agentWithClient(email: string, h: Harness = api) {
    const agent = await h.newAgent(email);
    const c = await h.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Mo", last_name: email.split("@")[0], email: `client-${email}` },
    });
    return { ...agent, clientId: c.json.data.id as number };
  }
  async function week(token: string, weeksAhead: number, timeZone = "UTC", mentorId = amiraId) {
    const res = await api.call("POST", "api/Mentorbooking", {
      token,
      body: { mentor_id: mentorId, week_start: futureMonday(weeksAhead), time_zone: timeZone },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data as {
      slots: Array<{ start: string }>;
      mentor_time_zone: string;
      week_start: string;
      mentor: { name: string; availability: unknown[] };
    };
  }
  const bookSlot = (h: Harness, a: { token: string; clientId: number }, start: string) =>
    h.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: amiraId, client_id: a.clientId, start, topic: "Interview practice" },
    });
  const bookings = async (h: Harness, a: { id: number; token: string }) =>
    (await h.call("GET", `api/Mentordetails/list/${a.id}`, { token: a.token })).json.data as Array<{
      id: number;
      status: string;
      refund_status: string | null;
      start_at: string;
    }>;
  const cartOf = async (a: { id: number; token: string }) =>
    (await api.call("GET", `api/cart/list/${a.id}`, { token: a.token })).json.data as Array<{
      id: number;
      item_type: string;
      item_id: number;
    }>;

  it("opens on the seven days from today, never on a past day, and names each mentor's next free session", async () => {
    const a = await agentWithClient("mentor-rolling@example.com");
    const ask = async (week_start?: string) =>
      (
        await api.call("POST", "api/Mentorbooking", {
          token: a.token,
          body: { mentor_id: amiraId, time_zone: "UTC", week_start },
        })
      ).json.data as {
        week_start: string;
        previous_week: string | null;
        next_week: string;
        slots: Array<{ start: string }>;
        next_free: string | null;
      };
    const today = new Date().toISOString().slice(0, 10);
    const first = await ask();
    expect(first.week_start).toBe(today);
    expect(first.previous_week).toBeNull();
    const inSevenDays = Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000;
    expect(first.slots.every((s) => Date.parse(s.start) > Date.now() && Date.parse(s.start) < inSevenDays)).toBe(true);
    // Amira works three days a week: the next seven days always hold a free slot, and it is the next free one.
    expect(first.slots.length).toBeGreaterThan(0);
    expect(first.next_free).toBe(first.slots[0]!.start);
    // A past week is today's; "previous" from the next window is today, never before.
    expect((await ask("2020-01-06")).week_start).toBe(today);
    const second = await ask(first.next_week);
    expect(second.previous_week).toBe(today);
    expect(second.next_free).toBe(first.next_free);

    const listed = async () =>
      (
        (await api.call("GET", "api/mentorlist", { token: a.token })).json.data as Array<{ id: number; next_free: string | null }>
      ).find((m) => m.id === amiraId)!.next_free;
    expect(await listed()).toBe(first.next_free);
    // Once held, that slot is no longer the next free one, in the list or on the page.
    expect((await bookSlot(api, a, first.next_free!)).status).toBe(201);
    const after = await ask();
    expect(after.next_free).not.toBe(first.next_free);
    expect(Date.parse(after.next_free!)).toBeGreaterThan(Date.parse(first.next_free!));
    expect(await listed()).toBe(after.next_free);
  });

  it("lists mentors, filtered by expertise and language", async () => {
    const a = await api.newAgent("mentor-list@example.com");
    const all = await api.call("GET", "api/mentorlist", { token: a.token });
    expect(all.json.data.length).toBeGreaterThanOrEqual(6);
    expect(all.json.data[0]).toMatchObject({ expertise: expect.any(Array), languages: expect.any(Array), currency: "USD" });
    const german = await api.call("GET", "api/mentorlist?language=german", { token: a.token });
    expect(german.json.data.map((m: { name: string }) => m.name)).toEqual(["Amira Haddad"]);
    const interviews = await api.call("GET", "api/mentorlist?expertise=Interviews&language=English", { token: a.token });
    expect(interviews.json.data.length).toBeGreaterThanOrEqual(3);
    expect(interviews.json.data.every((m: { expertise: string[] }) => m.expertise.includes("Interviews"))).toBe(true);
    const one = await api.call("POST", "api/Mentoruser/list", { token: a.token, body: { mentor_id: amiraId } });
    expect(one.json.data).toMatchObject({ name: "Amira Haddad", time_zone: "Europe/Berlin" });
    expect(one.json.data.availability.length).toBe(3);
    expect((await api.call("POST", "api/Mentoruser/list", { token: a.token, body: { mentor_id: 99999 } })).status).toBe(404);
    expect((await api.call("POST", "api/Mentoruser/list", { token: a.token, body: {} })).status).toBe(400);
  });

  it("pages the directory, with every mentor's expertise and languages to filter by, and the same next free slots", async () => {
    const a = await api.newAgent("mentor-directory@example.com");
    const list = (await api.call("GET", "api/mentorlist", { token: a.token })).json.data as Array<{
      id: number;
      next_free: string | null;
      expertise: string[];
      languages: string[];
    }>;
    type Directory = {
      items: typeof list;
      page: number;
      pages: number;
      total: number;
      per_page: number;
      expertise: string[];
      languages: string[];
    };
    const directory = async (query: string) =>
      (await api.call("GET", `api/mentors?${query}`, { token: a.token })).json.data as Directory;
    const first = await directory("per_page=2");
    expect(first).toMatchObject({ page: 1, per_page: 2, total: list.length, pages: Math.ceil(list.length / 2) });
    // Page by page, the same mentors in the same order, each with the slot the whole list gives it.
    const paged: typeof list = [];
    for (let page = 1; page <= first.pages; page++) paged.push(...(await directory(`per_page=2&page=${page}`)).items);
    expect(paged).toEqual(list);
    expect(first.expertise).toEqual([...new Set(list.flatMap((m) => m.expertise))].sort());
    expect(first.languages).toEqual([...new Set(list.flatMap((m) => m.languages))].sort());
    // A filter narrows the list, never the filters' choices; a page past the end is empty, not an error.
    const german = await directory("language=german");
    expect([german.total, german.items.map((m) => m.id)]).toEqual([1, [amiraId]]);
    expect(german.languages).toEqual(first.languages);
    expect((await directory("per_page=2&page=99")).items).toEqual([]);
    expect((await api.call("GET", "api/mentors?per_page=500", { token: a.token })).status).toBe(400);
  });

  it("keeps the directory's read of every mentor while none changes, and reads it again after any change, whoever made it", async () => {
    const a = await api.newAgent("mentor-directory-kept@example.com");
    const directory = async (query = "") =>
      (await api.call("GET", `api/mentors?per_page=100${query}`, { token: a.token })).json.data as {
        total: number;
        items: Array<{ id: number; name: string }>;
        expertise: string[];
        languages: string[];
      };
    const before = await directory();
    // Kept: asked again with nothing changed, the same copy (one small read of the version instead of every mentor).
    const kept = await activeMentors(database.db);
    expect(await activeMentors(database.db)).toBe(kept);
    expect(kept.entries.map((m) => m.id)).toEqual(before.items.map((m) => m.id));
    expect(Object.isFrozen(kept.entries)).toBe(true);
    // Plain SQL, as another server or a script would write: each change is in the very next page.
    const run = (statement: string, ...values: unknown[]) => plainSql(database, statement, ...values);
    await run("update mentors set expertise = ? where id = ?", JSON.stringify(["Glaciology"]), amiraId);
    const changed = await directory();
    expect(changed.expertise).toContain("Glaciology");
    expect((await directory("&expertise=glaciology")).items.map((m) => m.id)).toEqual([amiraId]);
    expect(await activeMentors(database.db)).not.toBe(kept);
    await run("update mentors set active = 0 where id = ?", amiraId);
    expect((await directory()).items.map((m) => m.id)).not.toContain(amiraId);
    expect((await directory()).expertise).not.toContain("Glaciology");
    await run("update mentors set active = 1, name = ? where id = ?", "Aaron Amira Haddad", amiraId);
    const renamed = await directory();
    // Renamed to the front of the name order.
    expect(renamed.items[0]).toMatchObject({ id: amiraId, name: "Aaron Amira Haddad" });
    await run(
      "insert into mentors (name, title, bio, expertise, languages, country_code, time_zone, rate_minor, currency) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      "Zed Newcomer",
      "Tutor",
      "New here.",
      JSON.stringify(["Volcanology"]),
      JSON.stringify(["Icelandic"]),
      "DE",
      "Europe/Berlin",
      5000,
      "EUR",
    );
    const added = await directory();
    expect(added.total).toBe(before.total + 1);
    expect(added.languages).toContain("Icelandic");
    await run("delete from mentors where name = ?", "Zed Newcomer");
    expect((await directory()).languages).not.toContain("Icelandic");
    // Put back as it was, for the other tests.
    await run(
      "update mentors set name = ?, expertise = ? where id = ?",
      "Amira Haddad",
      JSON.stringify(kept.entries.find((m) => m.id === amiraId)!.expertise),
      amiraId,
    );
    const after = await directory();
    const shown = (d: typeof before) => ({ ...d, items: d.items.map((m) => [m.id, m.name]) });
    expect(shown(after)).toEqual(shown(before));
  });

  it("checks a week's schedule in the viewer's zone, with the mentor's zone beside it", async () => {
    const a = await api.newAgent("mentor-week@example.com");
    const utc = await week(a.token, 3);
    // Amira: Mon 09–12, Wed 14–18, Fri 09–13 Berlin: 3 + 4 + 4 slots.
    expect(utc.slots).toHaveLength(11);
    expect(utc.mentor_time_zone).toBe("Europe/Berlin");
    // The mentor comes with the week, as api/Mentoruser/list gives it: a mentor's page makes one call.
    const profile = await api.call("POST", "api/Mentoruser/list", { token: a.token, body: { mentor_id: 1 } });
    expect(utc.mentor).toEqual(profile.json.data);
    const tokyo = await week(a.token, 3, "Asia/Tokyo");
    expect(tokyo.week_start).toBe(futureMonday(3));
    expect(tokyo.slots.length).toBeGreaterThan(0);
    const bad = await api.call("POST", "api/Mentorbooking", {
      token: a.token,
      body: { mentor_id: amiraId, time_zone: "Mars/Olympus" },
    });
    expect(bad.status).toBe(400);
    expect(messagesOf(bad.json.errors).time_zone).toEqual(["Choose a time zone from the list"]);
    // Without a zone: the agent's own setting (UTC for this agent).
    const own = await api.call("POST", "api/Mentorbooking", { token: a.token, body: { mentor_id: amiraId } });
    expect(own.json.data.time_zone).toBe("UTC");
  });

  it("holds a slot for a client and puts it in the cart; the slot leaves the week", async () => {
    const a = await agentWithClient("mentor-book@example.com");
    const { slots } = await week(a.token, 4);
    const res = await bookSlot(api, a, slots[0]!.start);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      status: "held",
      mentor_name: "Amira Haddad",
      start_at: slots[0]!.start,
      price_minor: 9500,
    });
    const cart = await cartOf(a);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ item_type: "mentor_booking", item_id: res.json.data.id });
    const after = await week(a.token, 4);
    expect(after.slots.map((s) => s.start)).not.toContain(slots[0]!.start);
    const counts = await api.call("GET", "api/dashboard/counts", { token: a.token });
    expect(counts.json.data.open_bookings).toBe(1);
  });

  it("counts a hold past its time as open only while a checkout has it, and counting releases nothing", async () => {
    const a = await agentWithClient("mentor-count-lapsed@example.com");
    const { slots } = await week(a.token, 6);
    const held = await bookSlot(api, a, slots[0]!.start);
    expect(held.status).toBe(201);
    const past = new Date(Date.now() - 60_000).toISOString();
    await database.db.updateTable("mentor_bookings").set({ held_until: past }).where("id", "=", held.json.data.id).execute();
    const open = async () => (await api.call("GET", "api/dashboard/counts", { token: a.token })).json.data.open_bookings;
    expect(await open()).toBe(0);
    // A checkout still open has it: it stands, past its time or not.
    const order = await database.db
      .insertInto("orders")
      .values({
        agent_id: a.id,
        status: "pending",
        mode: "demo",
        amount_minor: 9500,
        currency: "USD",
        checkout_session_id: null,
        checkout_url: null,
        flag_reason: null,
        created_at: past,
        updated_at: past,
        paid_at: null,
        expires_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.updateTable("mentor_bookings").set({ order_id: order.id }).where("id", "=", held.json.data.id).execute();
    expect(await open()).toBe(1);
    await database.db.updateTable("orders").set({ status: "expired" }).where("id", "=", order.id).execute();
    expect(await open()).toBe(0);
    // Counting wrote nothing: the sweep releases the hold, not the dashboard.
    const row = await database.db
      .selectFrom("mentor_bookings")
      .select("status")
      .where("id", "=", held.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("held");
  });

  it("refuses a time that is not a slot, a past one, another agent's client, and a taken slot", async () => {
    const a = await agentWithClient("mentor-refuse@example.com");
    const b = await agentWithClient("mentor-refuse-b@example.com");
    const { slots } = await week(a.token, 5);
    const offGrid = new Date(Date.parse(slots[0]!.start) + 30 * 60_000).toISOString();
    const notSlot = await bookSlot(api, a, offGrid);
    expect(notSlot.status).toBe(400);
    expect(messagesOf(notSlot.json.errors).start).toEqual(["Choose a time from the mentor's week"]);
    const lastWeek = new Date(Date.parse(slots[0]!.start) - 6 * 7 * 86_400_000).toISOString();
    const past = await bookSlot(api, a, lastWeek);
    expect(past.status).toBe(400);
    const theirs = await bookSlot(api, { token: a.token, clientId: b.clientId }, slots[1]!.start);
    expect(theirs.status).toBe(404);
    const bad = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: amiraId, client_id: "", start: "soon" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(messagesOf(bad.json.errors)).sort()).toEqual(["client_id", "start", "topic"]);

    expect((await bookSlot(api, a, slots[2]!.start)).status).toBe(201);
    const taken = await bookSlot(api, b, slots[2]!.start);
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("That slot has just been booked by someone else. Please choose another time.");
    expect(await cartOf(b)).toEqual([]);
  });

  it("lets exactly one of 20 simultaneous bookings of one slot win", async () => {
    const agents = await Promise.all(Array.from({ length: 20 }, (_, i) => agentWithClient(`racer${i}@example.com`)));
    const { slots } = await week(agents[0]!.token, 6);
    const start = slots[3]!.start;
    const results = await Promise.all(agents.map((a) => bookSlot(api, a, start)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.json.message).toBe("That slot has just been booked by someone else. Please choose another time.");
    }
    const live = await database.db
      .selectFrom("mentor_bookings")
      .select("id")
      .where("mentor_id", "=", amiraId)
      .where("start_at", "=", start)
      .where("status", "in", ["held", "confirmed"])
      .execute();
    expect(live).toHaveLength(1);
    const carts = await database.db
      .selectFrom("cart_items")
      .select("id")
      .where("item_type", "=", "mentor_booking")
      .where("item_id", "=", live[0]!.id)
      .execute();
    expect(carts).toHaveLength(1);
  });

  it("releases a hold that is not paid in time: the cart item stays, marked released, and the slot is free again", async () => {
    const a = await agentWithClient("mentor-expire@example.com");
    const { slots } = await week(a.token, 7);
    const held = await bookSlot(api, a, slots[0]!.start);
    await database.db
      .updateTable("mentor_bookings")
      .set({ held_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", held.json.data.id)
      .execute();
    // Never a silent disappearance: the item stays until the agent removes it, and it cannot be paid for.
    const [lapsed] = await cartOf(a);
    expect(lapsed).toMatchObject({ item_type: "mentor_booking", session: { status: "released", held_until: null } });
    expect((await bookings(api, a))[0]).toMatchObject({ status: "released" });
    const pay = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(pay.status).toBe(409);
    expect(pay.json.message).toBe(
      "A held mentor session in your cart has just been released. Remove it and book again, then pay.",
    );
    expect((await api.call("POST", "agent/deletecart", { token: a.token, body: { id: lapsed!.id } })).status).toBe(200);
    expect(await cartOf(a)).toEqual([]);
    expect((await week(a.token, 7)).slots.map((s) => s.start)).toContain(slots[0]!.start);
    const b = await agentWithClient("mentor-expire-b@example.com");
    expect((await bookSlot(api, b, slots[0]!.start)).status).toBe(201);
  });

  it("removing the session from the cart gives the slot back", async () => {
    const a = await agentWithClient("mentor-uncart@example.com");
    const { slots } = await week(a.token, 8);
    await bookSlot(api, a, slots[0]!.start);
    const [item] = await cartOf(a);
    await api.call("POST", "agent/deletecart", { token: a.token, body: { id: item!.id } });
    expect((await bookings(api, a))[0]).toMatchObject({ status: "released" });
    expect((await week(a.token, 8)).slots.map((s) => s.start)).toContain(slots[0]!.start);
  });

  it("paying the cart confirms the booking; cancelling before the cut-off marks a refund, inside it cancels without one (Terms §4)", async () => {
    const a = await agentWithClient("mentor-pay@example.com");
    const { slots } = await week(a.token, 9);
    const held = await bookSlot(api, a, slots[0]!.start);
    const late = await bookSlot(api, a, slots[1]!.start);
    const started = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    await api.call("POST", `stripe/demo/complete/${started.json.data.session_id}`, { token: a.token });
    expect(await bookings(api, a)).toMatchObject([
      { id: held.json.data.id, status: "confirmed" },
      { id: late.json.data.id, status: "confirmed" },
    ]);
    expect(await cartOf(a)).toEqual([]);

    // Inside the cut-off (a year, in this harness): cancelled, not refunded, and the order says why.
    const lateCancel = await strict.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: late.json.data.id } });
    expect(lateCancel.status).toBe(200);
    expect(lateCancel.json.data).toMatchObject({ status: "canceled", refund_status: null });
    const order = (await api.call("GET", `api/orders/${started.json.data.order_id}`, { token: a.token })).json.data;
    const lateLine = order.items.find((i: { item_id: number }) => i.item_id === late.json.data.id);
    expect(lateLine).toMatchObject({
      refund_status: null,
      refund_reason: "Cancelled less than 8760 hours before the start: not refunded (Terms §4).",
      session: { status: "canceled" },
    });
    expect(order.refund_due_minor).toBe(0);

    const del = await api.call("POST", `agent/deleteClient/${a.clientId}`, { token: a.token });
    expect(del.status).toBe(409);

    const ok = await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ status: "canceled", refund_status: "due" });
    expect((await week(a.token, 9)).slots.map((s) => s.start)).toContain(slots[0]!.start);
    const again = await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    expect(again.status).toBe(409);
  });

  it("with Stripe configured, cancelling a paid booking refunds it through the SDK", async () => {
    const a = await agentWithClient("mentor-refund@example.com", stripeApi);
    const { slots } = await week(a.token, 10);
    const held = await bookSlot(stripeApi, a, slots[0]!.start);
    const started = await stripeApi.call("POST", "stripe/create-checkout-session", { token: a.token });
    const session = stripe.pay(started.json.data.session_id);
    await stripeApi.call("GET", `stripe/checkout-session/${session.id}`, { token: a.token });
    expect((await bookings(stripeApi, a))[0]).toMatchObject({ status: "confirmed" });
    const res = await stripeApi.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    expect(res.json.data).toMatchObject({ status: "canceled", refund_status: "refunded" });
    expect(stripe.refunds.at(-1)).toMatchObject({
      payment_intent: session.payment_intent,
      amount: 9500,
      idempotencyKey: expect.stringMatching(/^order-item-\d+-refund$/),
    });
    // The order says so: its session line is refunded.
    const order = (await stripeApi.call("GET", `api/orders/${started.json.data.order_id}`, { token: a.token })).json.data;
    expect(order).toMatchObject({ status: "paid", refunded_minor: 9500, refund_due_minor: 0 });
    expect(order.items[0]).toMatchObject({
      item_type: "mentor_booking",
      refund_status: "refunded",
      refund_reason: "The mentor session was cancelled.",
    });
  });

  it("an expired checkout releases its holds, which stay in the cart marked released", async () => {
    const a = await agentWithClient("mentor-checkout-expired@example.com", stripeApi);
    const { slots } = await week(a.token, 11);
    await bookSlot(stripeApi, a, slots[0]!.start);
    const started = await stripeApi.call("POST", "stripe/create-checkout-session", { token: a.token });
    const s = stripe.sessions.get(started.json.data.session_id)!;
    s.status = "expired";
    const delivery = stripe.event("checkout.session.expired", s);
    await stripeApi.call("POST", "stripe/webhook", {
      rawBody: delivery.payload,
      headers: { "Stripe-Signature": delivery.signature },
    });
    expect((await bookings(stripeApi, a))[0]).toMatchObject({ status: "released" });
    expect(await cartOf(a)).toMatchObject([{ session: { status: "released" } }]);
  });

  it("shows an agent only its own bookings", async () => {
    const a = await agentWithClient("mentor-own@example.com");
    const b = await api.newAgent("mentor-own-b@example.com");
    const { slots } = await week(a.token, 12);
    const held = await bookSlot(api, a, slots[0]!.start);
    expect((await api.call("GET", `api/Mentordetails/list/${a.id}`, { token: b.token })).status).toBe(403);
    expect(await bookings(api, b)).toEqual([]);
    const cancel = await api.call("POST", "api/Mentorbooking/cancel", { token: b.token, body: { id: held.json.data.id } });
    expect(cancel.status).toBe(404);
    expect((await bookings(api, a))[0]).toMatchObject({ status: "held" });
  });
});
