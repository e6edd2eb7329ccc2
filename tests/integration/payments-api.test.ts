import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.js";

describe.each(testDatabases)("payments on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let stripe: StripeStandIn;
  let api: Harness;
  let demoApi: Harness;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    stripe = await startStripeStandIn();
    api = await startApi(database, { payments: stripe.settings });
    demoApi = await startApi(database);
  });
  afterAll(async () => {
    await api.close();
    await demoApi.close();
    await stripe.close();
    await drop();
  });

  /** A new agent with one client and two items in the cart ($290 plan + $1,200 placement). */
  async function agentWithCart(email: string) {
    const agent = await api.newAgent(email);
    const client = await api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Pia", last_name: "Payer", email: `client-${email}`, destination_country: "DE" },
    });
    const clientId = client.json.data.id as number;
    await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
    });
    await api.call("POST", "job/services", { token: agent.token, body: { client_id: clientId, job_id: 1 } });
    return { ...agent, clientId };
  }
  const cart = async (a: { id: number; token: string }) =>
    (await api.call("GET", `api/cart/list/${a.id}`, { token: a.token })).json.data as Array<{ id: number; description: string }>;
  const order = async (a: { token: string }, id: number) =>
    (await api.call("GET", `api/orders/${id}`, { token: a.token })).json.data;
  const webhook = (h: Harness, delivery: { payload: string; signature: string }) =>
    h.call("POST", "stripe/webhook", { rawBody: delivery.payload, headers: { "Stripe-Signature": delivery.signature } });
  async function checkout(a: { token: string }) {
    const res = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data as { order_id: number; session_id: string; url: string };
  }

  it("creates a pending order from the database's cart and a Checkout Session for it", async () => {
    const a = await agentWithCart("pay-create@example.com");
    const started = await checkout(a);
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(started.session_id)!;
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 149000,
      currency: "usd",
      client_reference_id: String(started.order_id),
      metadata: { order_id: String(started.order_id), agent_id: String(a.id) },
      success_url: "http://portal.test/payment/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://portal.test/cart",
    });
    expect(session.line_items.map((l) => [l.name, l.unit_amount, l.quantity])).toEqual([
      ["Mentorship plan: Starter mentorship", 29000, 1],
      [expect.stringMatching(/^Job placement: Senior Backend Engineer/), 120000, 1],
    ]);
    const minutes = (session.expires_at * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const create = stripe.requests.find(
      (r) =>
        r.method === "POST" && r.path === "/v1/checkout/sessions" && r.idempotencyKey === `order-${started.order_id}-checkout`,
    );
    expect(create?.apiVersion).toBe("2025-01-27.acacia");
    expect(await order(a, started.order_id)).toMatchObject({
      status: "pending",
      mode: "stripe",
      amount_minor: 149000,
      currency: "USD",
    });
    // Nothing is paid yet: the cart is untouched.
    expect(await cart(a)).toHaveLength(2);
  });

  it("refuses to check out an empty cart", async () => {
    const a = await api.newAgent("pay-empty@example.com");
    const res = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Your cart is empty: add something for a client first.");
    expect((await api.call("GET", `api/orders/agent/${a.id}`, { token: a.token })).json.data).toEqual([]);
  });

  it("reads a session for its owner only; a missing id is 'Missing session ID'", async () => {
    const a = await agentWithCart("pay-read@example.com");
    const other = await api.newAgent("pay-read-other@example.com");
    const started = await checkout(a);
    const missing = await api.call("GET", "stripe/checkout-session/", { token: a.token });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Missing session ID");
    expect((await api.call("GET", `stripe/checkout-session/${started.session_id}`, { token: other.token })).status).toBe(404);
    expect((await api.call("GET", "stripe/checkout-session/cs_test_nope", { token: a.token })).status).toBe(404);
    expect((await api.call("GET", `stripe/checkout-session/${started.session_id}`)).status).toBe(401);
    const unpaid = await api.call("GET", `stripe/checkout-session/${started.session_id}`, { token: a.token });
    expect(unpaid.json.data).toMatchObject({ payment: "unpaid", order: { status: "pending" } });
  });

  it("the success page's check fulfils a paid session once, even before the webhook", async () => {
    const a = await agentWithCart("pay-success@example.com");
    const started = await checkout(a);
    stripe.pay(started.session_id);
    const first = await api.call("GET", `stripe/checkout-session/${started.session_id}`, { token: a.token });
    expect(first.json.data).toMatchObject({ payment: "paid", order: { status: "paid", amount_minor: 149000 } });
    expect(await cart(a)).toEqual([]);
    // Something added afterwards is not touched by a second look, nor by the late webhook.
    await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: a.clientId, item_type: "service_plan", item_id: 2 },
    });
    await api.call("GET", `stripe/checkout-session/${started.session_id}`, { token: a.token });
    const late = await webhook(api, stripe.event("checkout.session.completed", stripe.sessions.get(started.session_id)!));
    expect(late.json.data.result).toBe("handled");
    expect((await cart(a)).map((i) => i.description)).toEqual(["Mentorship plan: Career switch mentorship"]);
    expect((await api.call("GET", "api/dashboard/counts", { token: a.token })).json.data.paid_orders).toBe(1);
  });

  it("webhook: a completed session is fulfilled, removing exactly the ordered items; a replay changes nothing", async () => {
    const a = await agentWithCart("pay-hook@example.com");
    await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: a.clientId, item_type: "relocation", item_id: 1 },
    });
    // Kept out of this order: the relocation package is removed before paying.
    const pkg = (await cart(a)).find((i) => i.description.startsWith("Relocation"))!;
    await api.call("POST", "agent/deletecart", { token: a.token, body: { id: pkg.id } });
    const started = await checkout(a);
    await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: a.clientId, item_type: "relocation", item_id: 1 },
    });
    const delivery = stripe.event("checkout.session.completed", stripe.pay(started.session_id), {
      id: "evt_replayed_" + target.name,
    });
    const res = await webhook(api, delivery);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ received: true, result: "handled" });
    expect(await order(a, started.order_id)).toMatchObject({ status: "paid", refund_due_minor: 0 });
    expect(await cart(a)).toEqual([]);
    // Once paid, the cart is open again.
    await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: a.clientId, item_type: "relocation", item_id: 1 },
    });

    const replay = await webhook(api, delivery);
    expect(replay.json.data.result).toBe("duplicate");
    expect((await cart(a)).map((i) => i.description)).toEqual(["Relocation package: Berlin starter package"]);
    const events = await database.db
      .selectFrom("stripe_events")
      .select("id")
      .where("id", "=", "evt_replayed_" + target.name)
      .execute();
    expect(events).toHaveLength(1);
  });

  it("webhook: a bad signature is refused and changes nothing", async () => {
    const a = await agentWithCart("pay-badsig@example.com");
    const started = await checkout(a);
    const forged = stripe.event("checkout.session.completed", stripe.pay(started.session_id), { secret: "whsec_wrong000000" });
    const res = await webhook(api, forged);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: false, code: "webhook.bad_signature", message: "Webhook signature verification failed." });
    const tampered = stripe.event("checkout.session.completed", stripe.sessions.get(started.session_id)!);
    const bad = await webhook(api, { payload: tampered.payload.replace("149000", "1"), signature: tampered.signature });
    expect(bad.status).toBe(400);
    const unsigned = await api.call("POST", "stripe/webhook", { rawBody: tampered.payload });
    expect(unsigned.status).toBe(400);
    expect(await order(a, started.order_id)).toMatchObject({ status: "pending" });
    expect(await cart(a)).toHaveLength(2);
  });

  it("webhook: events out of order never undo a payment", async () => {
    const a = await agentWithCart("pay-order@example.com");
    const started = await checkout(a);
    // Delayed payment method: completed but unpaid, then the money arrives, then a stray expiry.
    const session = stripe.pay(started.session_id, "unpaid");
    expect((await webhook(api, stripe.event("checkout.session.completed", session))).json.data.result).toBe("handled");
    expect(await order(a, started.order_id)).toMatchObject({ status: "pending" });
    const state = await api.call("GET", `stripe/checkout-session/${started.session_id}`, { token: a.token });
    expect(state.json.data.payment).toBe("processing");
    session.payment_status = "paid";
    await webhook(api, stripe.event("checkout.session.async_payment_succeeded", session));
    await webhook(api, stripe.event("checkout.session.expired", session));
    await webhook(api, stripe.event("checkout.session.async_payment_failed", session));
    expect(await order(a, started.order_id)).toMatchObject({ status: "paid" });
    expect(await cart(a)).toEqual([]);
  });

  it("webhook: a failed or expired checkout ends the order and keeps the cart", async () => {
    const a = await agentWithCart("pay-fail@example.com");
    const started = await checkout(a);
    await webhook(api, stripe.event("checkout.session.async_payment_failed", stripe.pay(started.session_id, "unpaid")));
    expect(await order(a, started.order_id)).toMatchObject({ status: "failed" });
    const again = await checkout(a);
    await webhook(api, stripe.event("checkout.session.expired", stripe.sessions.get(again.session_id)!));
    expect(await order(a, again.order_id)).toMatchObject({ status: "expired" });
    expect(await cart(a)).toHaveLength(2);
  });

  it("webhook: a paid amount that does not match flags the order instead of fulfilling it", async () => {
    const a = await agentWithCart("pay-mismatch@example.com");
    const started = await checkout(a);
    const session = { ...stripe.pay(started.session_id), amount_total: 100 };
    const warnedBefore = api.warned.length;
    await webhook(api, stripe.event("checkout.session.completed", session));
    expect(await order(a, started.order_id)).toMatchObject({ status: "flagged" });
    expect(await cart(a)).toHaveLength(2);
    expect(api.warned.length).toBe(warnedBefore + 1);
    const row = await database.db
      .selectFrom("orders")
      .select("flag_reason")
      .where("id", "=", started.order_id)
      .executeTakeFirstOrThrow();
    expect(row.flag_reason).toBe("paid 100 USD, order is 149000 USD");
  });

  it("a second start resumes the open checkout: one cart, one checkout session", async () => {
    const a = await agentWithCart("pay-twice@example.com");
    const first = await checkout(a);
    const sessionsBefore = stripe.sessions.size;
    const again = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ ...first, resumed: true });
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect(stripe.sessions.get(first.session_id)!.status).toBe("open");
  });

  it("maps Stripe's errors to clear answers without details or keys", async () => {
    const a = await agentWithCart("pay-errors@example.com");
    stripe.failNext(401, "invalid_request_error", "Invalid API Key provided: sk_test_****");
    const auth = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(auth.status).toBe(502);
    expect(auth.json.message).toBe("Payments are not available right now. Please try again later.");
    expect(JSON.stringify(auth.json)).not.toContain("sk_");

    stripe.failNext(402, "card_error", "Your card was declined.");
    const card = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(card.status).toBe(402);
    expect(card.json.message).toBe("Your card was declined.");

    stripe.failNext(400, "invalid_request_error", "Amount must be at least 50 cents");
    const invalid = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    expect(invalid.status).toBe(502);
    const orders = (await api.call("GET", `api/orders/agent/${a.id}`, { token: a.token })).json.data as Array<{ status: string }>;
    expect(orders.every((o) => o.status === "failed")).toBe(true);
    expect(await cart(a)).toHaveLength(2);
    expect(api.logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(api.logged)).not.toContain(stripe.settings.secretKey);
  });

  it("retries Stripe's passing failures, then answers busy or unreachable", async () => {
    // Each case with an agent of its own, so no earlier open checkout is expired first.
    const a = await agentWithCart("pay-retry-a@example.com");
    stripe.failNext(500, "api_error", "boom", 1);
    expect((await api.call("POST", "stripe/create-checkout-session", { token: a.token })).status).toBe(201);

    const b = await agentWithCart("pay-retry-b@example.com");
    stripe.failNext(429, "rate_limit_error", "Too many requests", 3);
    const limited = await api.call("POST", "stripe/create-checkout-session", { token: b.token });
    expect(limited.status).toBe(503);
    expect(limited.json.message).toBe("The payment provider is busy. Please try again in a minute.");

    const c = await agentWithCart("pay-retry-c@example.com");
    stripe.failNext(500, "api_error", "Internal error with secrets sk_test_xyz", 3);
    const down = await api.call("POST", "stripe/create-checkout-session", { token: c.token });
    expect(down.status).toBe(502);
    expect(down.json.message).toBe("We could not reach the payment provider. Please try again.");
    expect(JSON.stringify(down.json)).not.toContain("sk_");
    expect(await cart(c)).toHaveLength(2);
  });

  it("lists and shows the agent's own orders only", async () => {
    const a = await agentWithCart("pay-orders@example.com");
    const other = await api.newAgent("pay-orders-other@example.com");
    const started = await checkout(a);
    const list = await api.call("GET", `api/orders/agent/${a.id}`, { token: a.token });
    expect(list.json.data[0]).toMatchObject({ id: started.order_id, status: "pending", amount_minor: 149000 });
    expect(list.json.data[0].items).toHaveLength(2);
    expect((await api.call("GET", `api/orders/agent/${a.id}`, { token: other.token })).status).toBe(403);
    expect((await api.call("GET", `api/orders/${started.order_id}`, { token: other.token })).status).toBe(404);
  });

  describe("demo payment mode", () => {
    it("pays through the same order and fulfilment, or cancels keeping the cart", async () => {
      const a = await agentWithCart("demo-pay@example.com");
      const started = await demoApi.call("POST", "stripe/create-checkout-session", { token: a.token });
      expect(started.status).toBe(201);
      expect(started.json.data.url).toBe(`http://portal.test/payment/demo/${started.json.data.session_id}`);
      const other = await api.newAgent("demo-other@example.com");
      expect(
        (await demoApi.call("POST", `stripe/demo/complete/${started.json.data.session_id}`, { token: other.token })).status,
      ).toBe(404);

      const paid = await demoApi.call("POST", `stripe/demo/complete/${started.json.data.session_id}`, { token: a.token });
      expect(paid.json.data).toMatchObject({ payment: "paid", order: { status: "paid", mode: "demo" } });
      expect(await cart(a)).toEqual([]);
      const twice = await demoApi.call("POST", `stripe/demo/complete/${started.json.data.session_id}`, { token: a.token });
      expect(twice.json.data.payment).toBe("paid");

      const b = await agentWithCart("demo-cancel@example.com");
      const s2 = await demoApi.call("POST", "stripe/create-checkout-session", { token: b.token });
      const cancel = await demoApi.call("POST", `stripe/demo/cancel/${s2.json.data.session_id}`, { token: b.token });
      expect(cancel.json.data).toEqual({ canceled: true });
      expect(await cart(b)).toHaveLength(2);
      const late = await demoApi.call("POST", `stripe/demo/complete/${s2.json.data.session_id}`, { token: b.token });
      expect(late.status).toBe(409);
    });

    it("has no webhook, and the demo calls are off when Stripe is on", async () => {
      const res = await demoApi.call("POST", "stripe/webhook", { rawBody: "{}", headers: { "Stripe-Signature": "t=1,v1=x" } });
      expect(res.status).toBe(404);
      const a = await agentWithCart("demo-off@example.com");
      const started = await checkout(a);
      expect((await api.call("POST", `stripe/demo/complete/${started.session_id}`, { token: a.token })).status).toBe(404);
    });
  });
});
