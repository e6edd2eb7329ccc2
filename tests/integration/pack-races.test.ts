/**
 * Issue 41's money under concurrency, on SQLite and PostgreSQL (where calls run side by side): twenty bookings at
 * once against three credits make three sessions; a booking racing the pack's refund never uses a refunded credit;
 * a paid webhook delivered five times at once accrues once; payouts racing a refund never pay out a reversed
 * commission. Each race is repeated; none may answer 5xx, and every ledger's chain is whole afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { packFixtures } from "../support/packs.js";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.js";

describe.each(testDatabases)("pack and commission races on $name", (target) => {
  const ROUNDS = target.name === "postgres" ? 8 : 2;
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let stripeApi: Harness;
  let stripe: StripeStandIn;
  let f: ReturnType<typeof packFixtures>;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    stripe = await startStripeStandIn();
    [api, stripeApi] = await Promise.all([startApi(database), startApi(database, { payments: stripe.settings })]);
    f = packFixtures(() => ({ database, api }));
  });
  afterAll(async () => {
    await Promise.all([api.close(), stripeApi.close(), stripe.close()]);
    await drop();
  });

  const noServerErrors = (...hs: Harness[]) => {
    for (const h of hs) expect(h.logged, JSON.stringify(h.logged)).toEqual([]);
  };
  /** A grant's rows: the chain whole (seq 1.., each balance the one before plus its amount, never below zero). */
  async function creditChain(creditId: number) {
    const rows = await database.db
      .selectFrom("credit_moves")
      .selectAll()
      .where("credit_id", "=", creditId)
      .orderBy("seq")
      .execute();
    let balance = 0;
    rows.forEach((r, i) => {
      expect(r.seq).toBe(i + 1);
      balance += r.amount;
      expect(r.balance).toBe(balance);
      expect(r.balance).toBeGreaterThanOrEqual(0);
    });
    return rows;
  }

  it(`twenty bookings at once against three credits make exactly three sessions (x${ROUNDS})`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, clientId, creditId } = await f.agentWithPack(`twenty-${round}`);
      const mentorId = (round % 3) + 1;
      const starts = await f.slots(agent, 20, mentorId);
      expect(starts).toHaveLength(20);
      const answers = await Promise.all(
        starts.map((start) =>
          api.call("POST", "api/Mentorbooking/book", {
            token: agent.token,
            body: { mentor_id: mentorId, client_id: clientId, start, topic: "Race", credit_id: creditId },
          }),
        ),
      );
      const made = answers.filter((a) => a.status === 201);
      expect(made).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === "credit.none_left")).toBe(true);
      expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
      const rows = await creditChain(creditId);
      expect(rows.map((r) => r.kind)).toEqual(["granted", "used", "used", "used"]);
      const sessions = await database.db.selectFrom("mentor_bookings").select("id").where("credit_id", "=", creditId).execute();
      expect(sessions).toHaveLength(3);
      // Their slots go back for the next round (the credits with them).
      for (const b of made)
        await api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id: b.json.data.id } });
    }
    noServerErrors(api);
  });

  it(`a booking racing the pack's refund never uses a refunded credit (x${ROUNDS})`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, clientId, creditId, orderId, lineId, staff } = await f.agentWithPack(`refund-race-${round}`, {
        percent: 1000,
      });
      const starts = await f.slots(agent, 3, (round % 3) + 1);
      const [refund, ...bookings] = await Promise.all([
        api.call("POST", `office/orders/${orderId}/refund`, { token: staff.token, body: { item_ids: [lineId], note: "race" } }),
        ...starts.map((start) =>
          api.call("POST", "api/Mentorbooking/book", {
            token: agent.token,
            body: { mentor_id: (round % 3) + 1, client_id: clientId, start, topic: "Race", credit_id: creditId },
          }),
        ),
      ]);
      const used = bookings.filter((b) => b.status === 201).length;
      expect(bookings.filter((b) => b.status !== 201 && !(b.status === 409 && b.json.code === "credit.none_left"))).toEqual([]);
      const rows = await creditChain(creditId);
      expect(rows.at(-1)!.balance).toBe(0);
      const refunded = rows.filter((r) => r.kind === "refunded");
      if (used === 3) {
        expect(refund.status).toBe(409);
        expect(refund.json.code).toBe("pack.no_unused_credits");
        expect(refunded).toEqual([]);
      } else {
        expect(refund.status, JSON.stringify(refund.json)).toBe(200);
        // Every credit used came before the refund's row; the refund gave back exactly what was left then.
        expect(refunded).toHaveLength(1);
        expect(rows.filter((r) => r.kind === "used").every((r) => r.seq < refunded[0]!.seq)).toBe(true);
        expect(refunded[0]!.amount).toBe(-(3 - used));
        const line = refund.json.data.items.find((i: { id: number }) => i.id === lineId);
        expect(line.refund_minor).toBe(Math.floor((30_000 * (3 - used)) / 3));
        const reversed = await database.db
          .selectFrom("commission_moves")
          .select("amount")
          .where("order_item_id", "=", lineId)
          .where("kind", "=", "reversed")
          .execute();
        expect(reversed.map((r) => r.amount)).toEqual([-Math.round((3000 * line.refund_minor) / 30_000)]);
      }
      const sessions = await database.db.selectFrom("mentor_bookings").select("id").where("credit_id", "=", creditId).execute();
      expect(sessions).toHaveLength(used);
    }
    noServerErrors(api);
  });

  it(`a paid webhook delivered five times at once grants and accrues once (x${ROUNDS})`, async () => {
    const staff = await api.newStaff(`webhook-race-${target.name}@office.test`);
    const pack = await api.call("POST", "office/session-packs", { token: staff.token, body: f.packBody("Webhook race") });
    await api.call("POST", `office/session-packs/${pack.json.data.id}/published`, {
      token: staff.token,
      body: { published: true },
    });
    await api.call("POST", "office/commissions/rules", {
      token: staff.token,
      body: { target: "pack", target_id: pack.json.data.id, rate: "percent", percent_bp: 1000, starts_on: "2020-01-01" },
    });
    const webhook = (d: { payload: string; signature: string }) =>
      stripeApi.call("POST", "stripe/webhook", { rawBody: d.payload, headers: { "Stripe-Signature": d.signature } });
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await stripeApi.newAgent(`webhook-race-${round}-${target.name}@example.com`);
      const clientId = await f.newClient(agent, `webhook-${round}`);
      const added = await stripeApi.call("POST", "agent/addcart", {
        token: agent.token,
        body: { client_id: clientId, item_type: "session_pack", item_id: pack.json.data.id },
      });
      expect(added.status).toBe(201);
      const checkout = await stripeApi.call("POST", "stripe/create-checkout-session", { token: agent.token });
      const session = stripe.pay(checkout.json.data.session_id);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => webhook(stripe.event("checkout.session.completed", session))),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const line = await database.db
        .selectFrom("order_items")
        .select("id")
        .where("client_id", "=", clientId)
        .executeTakeFirstOrThrow();
      const accrued = await database.db
        .selectFrom("commission_moves")
        .select("amount")
        .where("order_item_id", "=", line.id)
        .execute();
      expect(accrued.map((a) => a.amount)).toEqual([3000]);
      const grants = await database.db.selectFrom("client_credits").select("id").where("order_item_id", "=", line.id).execute();
      expect(grants).toHaveLength(1);
      await creditChain(grants[0]!.id);
    }
    noServerErrors(api, stripeApi);
  });

  it(`payouts racing a refund never pay out a reversed commission (x${ROUNDS})`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent, orderId, lineId, staff } = await f.agentWithPack(`payout-race-${round}`, { percent: 1000 });
      const day = new Date().toISOString().slice(0, 10);
      const [refund, ...payouts] = await Promise.all([
        api.call("POST", `office/orders/${orderId}/refund`, { token: staff.token, body: { item_ids: [lineId], note: "race" } }),
        ...Array.from({ length: 5 }, (_, i) =>
          api.call("POST", `office/commissions/${agent.id}/payouts`, {
            token: staff.token,
            body: { amount_minor: 1000, currency: "USD", paid_on: day, reference: `RACE-${round}-${i}` },
          }),
        ),
      ]);
      expect(refund.status).toBe(200);
      const paid = payouts.filter((p) => p.status === 201).length;
      expect(payouts.filter((p) => p.status !== 201 && !(p.status === 400 && p.json.errors?.amount_minor))).toEqual([]);
      expect(paid).toBeLessThanOrEqual(3);
      const rows = await database.db
        .selectFrom("commission_moves")
        .selectAll()
        .where("agent_id", "=", agent.id)
        .orderBy("seq")
        .execute();
      const reversal = rows.find((r) => r.kind === "reversed")!;
      expect(reversal.amount).toBe(-3000);
      // A payout after the reversal had nothing owed to pay; every payout's row left the balance at zero or more.
      for (const r of rows.filter((x) => x.kind === "paid_out")) {
        expect(r.seq).toBeLessThan(reversal.seq);
        expect(r.balance).toBeGreaterThanOrEqual(0);
      }
      expect(rows.at(-1)!.balance).toBe(paid ? -1000 * paid : 0);
    }
    noServerErrors(api);
  });
});
