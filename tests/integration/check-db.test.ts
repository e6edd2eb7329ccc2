import { describe, expect, it } from "vitest";
import { httpTransport } from "../../lib/http-transport.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("the database check on $name", (target) => {
  const ctx = useSeededApi(target);

  it("finds a seeded database consistent, then names what breaks it", async () => {
    expect(await checkDatabase(ctx.database.db)).toEqual([]);
    const a = await ctx.api.newAgent("check-a@example.com");
    const b = await ctx.api.newAgent("check-b@example.com");
    const client = await ctx.api.call("POST", "agent/addclient", {
      token: b.token,
      body: { first_name: "B", last_name: "C", email: "bc@example.com" },
    });
    // What the API never does: a cart item of agent A for agent B's client, and a held booking with no cart item.
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto("cart_items")
      .values({
        agent_id: a.id,
        client_id: client.json.data.id,
        item_type: "job",
        item_id: 1,
        description: "x",
        price_minor: 1,
        currency: "USD",
        created_at: now,
      })
      .execute();
    await ctx.database.db
      .insertInto("mentor_bookings")
      .values({
        agent_id: b.id,
        client_id: client.json.data.id,
        mentor_id: 1,
        start_at: "2031-01-06T08:00:00.000Z",
        end_at: "2031-01-06T09:00:00.000Z",
        topic: "t",
        status: "held",
        held_until: "2031-01-01T00:00:00.000Z",
        price_minor: 1,
        currency: "USD",
        order_id: null,
        refund_status: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A paid order whose session was never confirmed, and whose items do not add up to what was paid.
    const order = await ctx.database.db
      .insertInto("orders")
      .values({
        agent_id: b.id,
        status: "paid",
        mode: "demo",
        amount_minor: 5,
        currency: "USD",
        checkout_session_id: null,
        checkout_url: null,
        flag_reason: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
        expires_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        position: 0,
        cart_item_id: 999,
        client_id: client.json.data.id,
        client_name: "B C",
        item_type: "mentor_booking",
        item_id: 999_999,
        description: "x",
        price_minor: 1,
        currency: "USD",
      })
      .execute();
    // An answer to a question its questionnaire's version does not have.
    const form = (await ctx.database.db.selectFrom("questionnaires").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const copy = await ctx.api.call("POST", `agent/clients/${client.json.data.id}/questionnaires`, {
      token: b.token,
      body: { questionnaire_id: form },
    });
    await ctx.database.db
      .insertInto("questionnaire_answers")
      .values({
        client_questionnaire_id: copy.json.data.id,
        question_key: "q999",
        value: '"x"',
        returned_note: null,
        updated_at: now,
      })
      .execute();
    // A mentor written to in a language the portal does not have (only a hand edit could make one).
    const mentor = await ctx.database.db.selectFrom("mentors").select("id").orderBy("id").executeTakeFirstOrThrow();
    await ctx.database.db.updateTable("mentors").set({ language: "de" }).where("id", "=", mentor.id).execute();
    expect(await checkDatabase(ctx.database.db)).toEqual([
      "1 cart items of one agent for another agent's client",
      "1 questionnaire answers whose question is not in the version answered",
      "1 held bookings with no cart item",
      "1 paid orders whose items do not add up to the amount",
      "1 paid mentor sessions neither confirmed for their order nor due a refund",
      "1 mentors with a language that is not the portal's",
    ]);
  });

  it("finds ordinary cancellations consistent: one inside the cut-off (not refunded) and one before it (refund due)", async () => {
    // What the test above broke on purpose stays named; the cancellations add nothing to it.
    const before = await checkDatabase(ctx.database.db);
    const agent = await ctx.api.newAgent("check-cancel@example.com");
    const make = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    const client = await make.client();
    const late = await make.paidSession(client.id);
    const early = await make.paidSession(client.id);
    // The first now starts in two hours, well inside the 24-hour cut-off (the clock cannot be waited on).
    const soon = new Date(Date.now() + 2 * 3_600_000);
    soon.setUTCMinutes(7, 0, 0);
    await ctx.database.db
      .updateTable("mentor_bookings")
      .set({ start_at: soon.toISOString(), end_at: new Date(soon.getTime() + 3_600_000).toISOString() })
      .where("id", "=", late.booking.id)
      .execute();
    for (const id of [late.booking.id, early.booking.id]) {
      const res = await ctx.api.call("POST", "api/Mentorbooking/cancel", { token: agent.token, body: { id } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const lines = await ctx.database.db
      .selectFrom("order_items")
      .select(["item_id", "refund_status"])
      .where("item_type", "=", "mentor_booking")
      .where("item_id", "in", [late.booking.id, early.booking.id])
      .orderBy("item_id")
      .execute();
    expect(lines.map((l) => l.refund_status)).toEqual([null, "due"]);
    expect(await checkDatabase(ctx.database.db)).toEqual(before);
  });
});
