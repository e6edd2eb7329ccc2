/**
 * Issue 41 through the API, on SQLite and PostgreSQL: a session pack written and published by staff, bought for a
 * client, its credits used, returned, kept by a late cancellation, refunded pro rata and expired, each movement a
 * ledger row; commissions accrued on payment by the rule that applies, reversed by a refund, paid out (by hand and
 * through Stripe Connect); and who may see what.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireCredits } from "../../backend/bookings/credits.js";
import type { Db } from "../../backend/db/connection.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { clientToken } from "../support/client-area.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { packFixtures } from "../support/packs.js";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.js";

describe.each(testDatabases)("session packs and commissions on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let lateApi: Harness;
  let stripe: StripeStandIn;
  let connectApi: Harness;
  let f: ReturnType<typeof packFixtures>;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    stripe = await startStripeStandIn();
    [api, lateApi, connectApi] = await Promise.all([
      startApi(database),
      startApi(database, { bookings: { cancelCutoffHours: 24 * 365 } }),
      startApi(database, { payments: { ...stripe.settings, connect: true } }),
    ]);
    f = packFixtures(() => ({ database, api }));
  });
  afterAll(async () => {
    await Promise.all([api.close(), lateApi.close(), connectApi.close(), stripe.close()]);
    await drop();
  });

  it("staff write a pack (refused with field codes when wrong), publish it, and the Mentorship page shows it", async () => {
    const staff = await api.newStaff(`packs-${target.name}@office.test`);
    const bad = await api.call("POST", "office/session-packs", {
      token: staff.token,
      body: {
        name: "",
        description: "x",
        sessions: 0,
        session_minutes: 50,
        all_mentors: false,
        mentor_ids: [],
        price_minor: 0,
        valid_days: 0,
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["name", "price_minor", "session_minutes", "sessions", "valid_days"]);
    const noMentors = await api.call("POST", "office/session-packs", {
      token: staff.token,
      body: { ...f.packBody("Few"), all_mentors: false, mentor_ids: [] },
    });
    expect(noMentors.status).toBe(400);
    expect(noMentors.json.errors.mentor_ids[0].code).toBe("pack.no_mentors");

    const made = await api.call("POST", "office/session-packs", {
      token: staff.token,
      body: { ...f.packBody("Three to start"), texts: { es: { name: "Tres para empezar" } } },
    });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ published: false, sessions: 3, session_minutes: 60, mentors: null });
    const shown = () => api.call("GET", "packs?lang=es");
    expect((await shown()).json.data.some((p: { id: number }) => p.id === made.json.data.id)).toBe(false);
    const published = await api.call("POST", `office/session-packs/${made.json.data.id}/published`, {
      token: staff.token,
      body: { published: true },
    });
    expect(published.json.data.published).toBe(true);
    const es = (await shown()).json.data.find((p: { id: number }) => p.id === made.json.data.id);
    expect(es).toMatchObject({ name: "Tres para empezar", english: ["description"] });
    const audit = await database.db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", `pack:${made.json.data.id}`)
      .execute();
    expect(audit.map((a) => a.kind).sort()).toEqual(["pack.create", "pack.publish"]);
  });

  it("a paid pack gives 3 credits; a credit books at once, comes back before the cut-off, is kept after it", async () => {
    const { agent, clientId, packId, creditId } = await f.agentWithPack("flow", { percent: 1000 });
    const credits = await api.call("GET", `api/clients/${clientId}/credits`, { token: agent.token });
    expect(credits.json.data[0]).toMatchObject({ id: creditId, pack_id: packId, sessions: 3, left: 3, expired: false });

    const [first, second] = await f.slots(agent, 2);
    const booked = await api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: clientId, start: first, topic: "CV review", credit_id: creditId },
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    expect(booked.json.data).toMatchObject({ status: "confirmed", credit_id: creditId, order_id: null });
    expect(Date.parse(booked.json.data.end_at) - Date.parse(booked.json.data.start_at)).toBe(60 * 60_000);
    // No cart, no checkout; the confirmation with its invite goes to the agent (and the mentor, the client).
    expect((await api.call("GET", `api/cart/list/${agent.id}`, { token: agent.token })).json.data).toEqual([]);
    const confirmed = await database.db
      .selectFrom("outbox")
      .select("dedupe_key")
      .where("dedupe_key", "like", `booking.confirmed:${booked.json.data.id}:%`)
      .execute();
    expect(confirmed.length).toBeGreaterThanOrEqual(1);
    expect(await f.left(creditId)).toBe(2);

    // The client sees it on their own page.
    const mine = await api.call("GET", "my/credits", { token: await clientToken({ database, api }, clientId) });
    expect(mine.json.data[0]).toMatchObject({ left: 2, sessions: 3 });

    const cancelled = await api.call("POST", "api/Mentorbooking/cancel", {
      token: agent.token,
      body: { id: booked.json.data.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await f.left(creditId)).toBe(3);

    const again = await lateApi.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: clientId, start: second, topic: "Interview", credit_id: creditId },
    });
    expect(again.status).toBe(201);
    // A year's cut-off: every cancellation is late, and the credit stays used.
    expect(
      (await lateApi.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: again.json.data.id } })).status,
    ).toBe(200);
    expect(await f.left(creditId)).toBe(2);
    const moves = (await api.call("GET", `api/clients/${clientId}/credits`, { token: agent.token })).json.data[0].moves;
    expect(moves.map((m: { kind: string; balance: number }) => `${m.kind}:${m.balance}`)).toEqual([
      "granted:3",
      "used:2",
      "returned:3",
      "used:2",
    ]);
  });

  it("a credit is refused beside its field for another client, a mentor not in the pack, or a time after its end", async () => {
    const { agent, clientId, creditId } = await f.agentWithPack("refusals", { mentors: [2], validDays: 8 });
    const other = await f.newClient(agent, "other");
    const [slot] = await f.slots(agent, 1);
    const book = (body: Record<string, unknown>) =>
      api.call("POST", "api/Mentorbooking/book", {
        token: agent.token,
        body: { mentor_id: 1, client_id: clientId, start: slot, topic: "Hello", credit_id: creditId, ...body },
      });
    const wrongClient = await book({ client_id: other });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.json.errors.credit_id[0].code).toBe("credit.not_found");
    const wrongMentor = await book({});
    expect(wrongMentor.json.errors.credit_id[0].code).toBe("credit.mentor");
    const [late] = await f.slots(agent, 1, 2, 14);
    const afterEnd = await book({ mentor_id: 2, start: late });
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.json.errors.start[0].code).toBe("credit.after_end");
    // Another agent's client's credits are not this agent's to read.
    const stranger = await api.newAgent(`stranger-${target.name}@example.com`);
    expect((await api.call("GET", `api/clients/${clientId}/credits`, { token: stranger.token })).status).toBe(404);
    expect(await f.left(creditId)).toBe(3);
  });

  it("staff refund a pack pro rata: its unused credits leave, the commission is reversed by the same share", async () => {
    const { agent, clientId, creditId, orderId, lineId, staff } = await f.agentWithPack("refund", { percent: 1000 });
    const [slot] = await f.slots(agent, 1);
    expect(
      (
        await api.call("POST", "api/Mentorbooking/book", {
          token: agent.token,
          body: { mentor_id: 1, client_id: clientId, start: slot, topic: "One used", credit_id: creditId },
        })
      ).status,
    ).toBe(201);
    const refunded = await api.call("POST", `office/orders/${orderId}/refund`, {
      token: staff.token,
      body: { item_ids: [lineId], note: "Client moved abroad" },
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    const line = refunded.json.data.items.find((i: { id: number }) => i.id === lineId);
    // $300 for 3: two unused give back $200 (demo mode: marked refunded at once).
    expect(line).toMatchObject({ refund_status: "refunded", refund_minor: 20_000 });
    expect(refunded.json.data.refunded_minor).toBe(20_000);
    expect(await f.left(creditId)).toBe(0);
    const mine = await api.call("GET", "api/commissions", { token: agent.token });
    const kinds = mine.json.data.moves.map((m: { kind: string; amount_minor: number }) => `${m.kind}:${m.amount_minor}`);
    expect(kinds.sort()).toEqual(["accrued:3000", "reversed:-2000"]);
    expect(mine.json.data.owed).toEqual([{ currency: "USD", owed_minor: 1000 }]);
    // Nothing left to refund, and nothing left to book with.
    const twice = await api.call("POST", `office/orders/${orderId}/refund`, {
      token: staff.token,
      body: { item_ids: [lineId], note: "again" },
    });
    expect(twice.status).toBe(409);
    const [next] = await f.slots(agent, 1, 1, 3);
    const none = await api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: clientId, start: next, topic: "None left", credit_id: creditId },
    });
    expect(none.status, JSON.stringify(none.json)).toBe(409);
    expect(none.json.code).toBe("credit.none_left");
  });

  it("paid at Stripe, a pack's refund asks Stripe for its unused credits' share only, once", async () => {
    const staff = await api.newStaff(`stripe-pack-${target.name}@office.test`);
    const pack = await api.call("POST", "office/session-packs", { token: staff.token, body: f.packBody("Stripe pack") });
    await api.call("POST", `office/session-packs/${pack.json.data.id}/published`, {
      token: staff.token,
      body: { published: true },
    });
    const agent = await connectApi.newAgent(`stripe-pack-${target.name}@example.com`);
    const clientId = await f.newClient(agent, "stripe-pack");
    await connectApi.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: clientId, item_type: "session_pack", item_id: pack.json.data.id },
    });
    const checkout = await connectApi.call("POST", "stripe/create-checkout-session", { token: agent.token });
    const session = stripe.pay(checkout.json.data.session_id);
    const event = stripe.event("checkout.session.completed", session);
    const hook = await connectApi.call("POST", "stripe/webhook", {
      rawBody: event.payload,
      headers: { "Stripe-Signature": event.signature },
    });
    expect(hook.status).toBe(200);
    const line = await f.paidLine(clientId);
    const [slot] = await f.slots(agent, 1, 2);
    const booked = await connectApi.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 2, client_id: clientId, start: slot, topic: "Used", credit_id: line.credit_id },
    });
    expect(booked.status).toBe(201);
    const refunded = await connectApi.call("POST", `office/orders/${line.order_id}/refund`, {
      token: staff.token,
      body: { item_ids: [line.id], note: "Pro rata" },
    });
    expect(refunded.status).toBe(200);
    const sent = stripe.refunds.filter((r) => r.idempotencyKey === `order-item-${line.id}-refund`);
    expect(sent.map((r) => r.amount)).toEqual([20_000]);
    expect(refunded.json.data.items[0]).toMatchObject({ refund_status: "refunded", refund_minor: 20_000 });
  });

  it("credits past their end expire, one ledger row for what was left", async () => {
    const { creditId } = await f.agentWithPack("expiry", { validDays: 30 });
    await expireCredits(database.db, new Date(Date.now() + 29 * 86_400_000));
    expect(await f.left(creditId)).toBe(3);
    expect(await expireCredits(database.db, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await f.left(creditId)).toBe(0);
    const rows = await database.db
      .selectFrom("credit_moves")
      .select(["kind", "amount"])
      .where("credit_id", "=", creditId)
      .orderBy("seq")
      .execute();
    expect(rows.map((r) => `${r.kind}:${r.amount}`)).toEqual(["granted:3", "expired:-3"]);
  });

  it("a week before the credits end, the agent and the client (in their language) are told once", async () => {
    const { creditId, clientId } = await f.agentWithPack("reminder", { validDays: 10 });
    await database.db.updateTable("clients").set({ language: "es" }).where("id", "=", clientId).execute();
    const client = await database.db.selectFrom("clients").select("email").where("id", "=", clientId).executeTakeFirstOrThrow();
    await api.mailTick({ now: new Date(Date.now() + 2 * 86_400_000) });
    expect(
      await database.db.selectFrom("outbox").select("id").where("dedupe_key", "like", `credits.expiring:${creditId}:%`).execute(),
    ).toEqual([]);
    const later = new Date(Date.now() + 4 * 86_400_000);
    await api.mailTick({ now: later, worker: "a" });
    await api.mailTick({ now: later, worker: "b" });
    const rows = await database.db
      .selectFrom("outbox")
      .select("dedupe_key")
      .where("dedupe_key", "like", `credits.expiring:${creditId}:%`)
      .execute();
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual([
      `credits.expiring:${creditId}:agent`,
      `credits.expiring:${creditId}:client`,
    ]);
    const toClient = api.mailbox.filter((m) => m.to === client.email && /terminan el/.test(m.subject));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]!.text).toMatch(/Sesiones disponibles de .*: 3 de 3/);
  });

  it("the rule that applies: the agent's own before every agent's, the item before its service, the latest start", async () => {
    const staff = await api.newStaff(`rules-${target.name}@office.test`);
    const agent = await api.newAgent(`rules-agent-${target.name}@example.com`);
    const rule = (body: Record<string, unknown>) => api.call("POST", "office/commissions/rules", { token: staff.token, body });
    const today = new Date().toISOString().slice(0, 10);
    const bad = await rule({ target: "service", rate: "percent", starts_on: today });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["percent_bp", "target_id"]);
    // Relocation plans: 5 % for everyone; plan 4 (a Relocation plan) 7 %; this agent 12 % on the whole service.
    const planId = (
      await database.db.selectFrom("service_plans").select("id").where("service_id", "=", 2).executeTakeFirstOrThrow()
    ).id;
    expect(
      (await rule({ target: "service", target_id: 2, rate: "percent", percent_bp: 500, starts_on: "2020-01-01" })).status,
    ).toBe(201);
    expect(
      (await rule({ target: "plan", target_id: planId, rate: "percent", percent_bp: 700, starts_on: "2020-01-01" })).status,
    ).toBe(201);
    const theirs = await rule({
      target: "service",
      target_id: 2,
      agent_id: agent.id,
      rate: "fixed",
      amount_minor: 12_345,
      starts_on: "2020-01-01",
    });
    expect(theirs.status).toBe(201);
    const later = await rule({ target: "service", target_id: 2, rate: "percent", percent_bp: 900, starts_on: "2099-01-01" });
    expect(later.json.data.removable).toBe(true);
    const { ruleFor } = await import("../../backend/commissions/ledger.js");
    const line = { id: 0, item_type: "service_plan", item_id: planId, price_minor: 100_000, currency: "USD" };
    expect((await ruleFor(database.db, agent.id, line, today))?.id).toBe(theirs.json.data.id);
    const someone = await api.newAgent(`rules-other-${target.name}@example.com`);
    expect((await ruleFor(database.db, someone.id, line, today))?.percent_bp).toBe(700);
    // A started rule stays; one still to come can go.
    const started = await api.call("POST", `office/commissions/rules/${theirs.json.data.id}/remove`, { token: staff.token });
    expect(started.status).toBe(409);
    expect(started.json.code).toBe("commission.rule_started");
    expect((await api.call("POST", `office/commissions/rules/${later.json.data.id}/remove`, { token: staff.token })).status).toBe(
      200,
    );
  });

  it("payouts: at most what is owed, each reference once; mentors and clients never see commissions", async () => {
    const { agent, staff, clientId } = await f.agentWithPack("payout", { percent: 1000 });
    const pay = (body: Record<string, unknown>) =>
      api.call("POST", `office/commissions/${agent.id}/payouts`, {
        token: staff.token,
        body: { currency: "USD", paid_on: new Date().toISOString().slice(0, 10), reference: "BANK-1", ...body },
      });
    // Other staff read the statement but neither pay out nor set the account (issue 66).
    const member = await api.newStaff(`payout-member-${target.name}@office.test`);
    const notOwner = await api.call("POST", `office/commissions/${agent.id}/payouts`, {
      token: member.token,
      body: { amount_minor: 100, currency: "USD", paid_on: new Date().toISOString().slice(0, 10), reference: "BANK-0" },
    });
    expect(notOwner.status).toBe(403);
    expect(notOwner.json.code).toBe("auth.owners_only");
    const connectRefused = await api.call("POST", `office/commissions/${agent.id}/connect`, {
      token: member.token,
      body: { account_id: "acct_1Member00000" },
    });
    expect(connectRefused.json.code).toBe("auth.owners_only");
    expect((await api.call("GET", `office/commissions/${agent.id}`, { token: member.token })).status).toBe(200);
    const tooMuch = await pay({ amount_minor: 3001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.errors.amount_minor[0]).toMatchObject({ code: "payout.more_than_owed", params: { owed: "$30.00" } });
    const paid = await pay({ amount_minor: 3000 });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data.owed).toEqual([{ currency: "USD", owed_minor: 0 }]);
    expect(paid.json.data.payouts[0]).toMatchObject({ method: "manual", status: "recorded", reference: "BANK-1" });
    const balances = await api.call("GET", "office/commissions", { token: staff.token });
    expect(balances.json.data.find((b: { agent_id: number }) => b.agent_id === agent.id)).toMatchObject({
      earned_minor: 3000,
      paid_out_minor: 3000,
      owed_minor: 0,
    });
    expect((await pay({ amount_minor: 1 })).status).toBe(400);
    const mentor = await api.newMentor(3, `mentor-commissions-${target.name}@example.com`);
    expect((await api.call("GET", "api/commissions", { token: mentor.token })).status).toBe(403);
    expect((await api.call("GET", "office/commissions", { token: mentor.token })).status).toBe(403);
    const client = await clientToken({ database, api }, clientId);
    expect((await api.call("GET", "api/commissions", { token: client })).status).toBe(403);
    expect((await api.call("GET", "office/commissions", { token: agent.token })).status).toBe(403);
  });

  it("with Stripe Connect on, a payout is a transfer sent once; a refused one is owed again", async () => {
    const { agent, staff } = await f.agentWithPack("connect", { percent: 1000 });
    const set = (account_id: string) =>
      connectApi.call("POST", `office/commissions/${agent.id}/connect`, { token: staff.token, body: { account_id } });
    expect((await set("not-an-account")).status).toBe(400);
    expect((await set("acct_1Agent000000")).json.data).toMatchObject({ connect_account_id: "acct_1Agent000000", connect: true });
    const pay = (reference: string, amount_minor: number) =>
      connectApi.call("POST", `office/commissions/${agent.id}/payouts`, {
        token: staff.token,
        body: { amount_minor, currency: "USD", paid_on: new Date().toISOString().slice(0, 10), reference },
      });
    stripe.failNext(400, "invalid_request_error", "Insufficient funds in the platform's balance");
    const refused = await pay("TR-1", 1000);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("payout.transfer_failed");
    const sent = await pay("TR-2", 1000);
    expect(sent.status).toBe(201);
    expect(sent.json.data.payouts.map((p: { reference: string; status: string }) => `${p.reference}:${p.status}`)).toEqual([
      "TR-2:sent",
      "TR-1:failed",
    ]);
    expect(sent.json.data.owed).toEqual([{ currency: "USD", owed_minor: 2000 }]);
    const transfer = stripe.transfers.find((t) => t.metadata.payout_id === String(sent.json.data.payouts[0].id))!;
    expect(transfer).toMatchObject({ amount: 1000, currency: "usd", destination: "acct_1Agent000000" });
    expect(transfer.idempotencyKey).toBe(`commission-payout-${sent.json.data.payouts[0].id}`);
    expect(sent.json.data.payouts[0].transfer_id).toBe(transfer.id);
  });

  it("db:check finds all of it consistent, then names a session booked with a credit it never used", async () => {
    expect(await checkDatabase(database.db)).toEqual([]);
    const booking = await database.db
      .selectFrom("mentor_bookings")
      .select("id")
      .where("credit_id", "is not", null)
      .executeTakeFirstOrThrow();
    // What the API never does: the credit's use undone by hand.
    await database.db.updateTable("credit_moves").set({ booking_id: null }).where("booking_id", "=", booking.id).execute();
    expect((await checkDatabase(database.db)).join("\n")).toMatch(/sessions booked with a credit and no credit used for them/);
  });
});
