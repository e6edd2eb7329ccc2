import { describe, expect, it } from "vitest";
import { checkDatabase } from "../../scripts/check-db.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("the database check on $name", (target) => {
  const ctx = useSeededApi(target);

  it("finds a seeded database consistent, then names what breaks it", async () => {
    expect(await checkDatabase(ctx.database.db)).toEqual([]);
    const a = await ctx.api.newAgent("check-a@example.com");
    const b = await ctx.api.newAgent("check-b@example.com");
    const client = await ctx.api.call("POST", "agent/addclient", { token: b.token, body: { first_name: "B", last_name: "C", email: "bc@example.com" } });
    // What the API never does: a cart item of agent A for agent B's client, and a held booking with no cart item.
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto("cart_items")
      .values({ agent_id: a.id, client_id: client.json.data.id, item_type: "job", item_id: 1, description: "x", price_minor: 1, currency: "USD", created_at: now })
      .execute();
    await ctx.database.db
      .insertInto("mentor_bookings")
      .values({ agent_id: b.id, client_id: client.json.data.id, mentor_id: 1, start_at: "2031-01-06T08:00:00.000Z", end_at: "2031-01-06T09:00:00.000Z", topic: "t", status: "held", held_until: "2031-01-01T00:00:00.000Z", price_minor: 1, currency: "USD", order_id: null, refund_status: null, created_at: now, updated_at: now })
      .execute();
    expect(await checkDatabase(ctx.database.db)).toEqual([
      "1 cart items of one agent for another agent's client",
      "1 held bookings with no cart item",
    ]);
  });
});
