/**
 * Issue 25, point 5, on each database: contact messages name the agent who sent them and are answered from the
 * office (the reply kept with the message, sent through the outbox with the staff inbox to answer to); orders are
 * found by a client's name; the outbox opens on everything.
 */
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("the office's lists on $name", (target) => {
  const ctx = useSeededApi(target, { mail: { staffInbox: "inbox@portal.test" } });
  const staffToken = async () =>
    (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })).json.data
      .token as string;

  it("names the agent who wrote, and sends the office's reply through the outbox, kept with the message", async () => {
    const agent = await ctx.api.newAgent("writer@example.com");
    const message = { name: "Wanda Writer", email: "writer@example.com", subject: "Invoices", message: "Monthly, please." };
    expect((await ctx.api.call("POST", "api/ContactUs", { token: agent.token, body: message })).status).toBe(201);
    expect(
      (await ctx.api.call("POST", "api/ContactUs", { body: { ...message, name: "A Visitor", email: "visitor@example.com" } }))
        .status,
    ).toBe(201);
    const token = await staffToken();
    const list = (await ctx.api.call("GET", "office/messages?status=all", { token })).json.data.items as Array<{
      id: number;
      email: string;
      agent: { id: number; name: string } | null;
      replies: unknown[];
    }>;
    const fromAgent = list.find((m) => m.email === "writer@example.com")!;
    expect(fromAgent.agent).toEqual({ id: agent.id, name: "Test Agent" });
    expect(list.find((m) => m.email === "visitor@example.com")!.agent).toBeNull();

    expect(
      messagesOf(
        (await ctx.api.call("POST", `office/messages/${fromAgent.id}/reply`, { token, body: { body: "  " } })).json.errors,
      ).body,
    ).toEqual(["Write the reply"]);
    expect((await ctx.api.call("POST", "office/messages/999999/reply", { token, body: { body: "Hello" } })).status).toBe(404);
    const replied = await ctx.api.call("POST", `office/messages/${fromAgent.id}/reply`, {
      token,
      body: { body: "Yes: from next month, on the first." },
    });
    expect(replied.status).toBe(201);
    expect(replied.json.data.replies).toMatchObject([
      { body: "Yes: from next month, on the first.", staff_name: demoStaff.name },
    ]);
    expect(replied.json.data.handled_at).not.toBeNull();
    await ctx.api.mailTick();
    const sent = ctx.api.mailbox.filter((m) => m.to === "writer@example.com" && m.subject === "Re: Invoices");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.replyTo).toBe("inbox@portal.test");
    expect(sent[0]!.text).toContain("Yes: from next month, on the first.");
    expect(sent[0]!.text).toContain("Monthly, please.");
    const audit = await ctx.database.db.selectFrom("audit_log").selectAll().where("kind", "=", "message.reply").execute();
    expect(audit.map((a) => a.subject)).toEqual([`message:${fromAgent.id}`]);
  });

  it("finds orders by a client's name, and opens the outbox on everything", async () => {
    const agent = await ctx.api.newAgent("orders-by-client@example.com");
    const add = async (first: string) =>
      (
        await ctx.api.call("POST", "agent/addclient", {
          token: agent.token,
          body: { first_name: first, last_name: "Ordered", email: `${first}@example.com` },
        })
      ).json.data.id;
    for (const first of ["Zelda", "Yannick"]) {
      const client = await add(first);
      await ctx.api.call("POST", "agent/addcart", {
        token: agent.token,
        body: { client_id: client, item_type: "service_plan", item_id: 1 },
      });
      const checkout = await ctx.api.call("POST", "stripe/create-checkout-session", { token: agent.token });
      await ctx.api.call("POST", `stripe/demo/complete/${checkout.json.data.session_id}`, { token: agent.token });
    }
    const token = await staffToken();
    const found = (await ctx.api.call("GET", "office/orders?client=zeLDA", { token })).json.data.items as Array<{
      items: Array<{ client_name: string }>;
    }>;
    expect(found.map((o) => o.items.map((i) => i.client_name))).toEqual([["Zelda Ordered"]]);
    expect((await ctx.api.call("GET", "office/orders?client=nobody-at-all", { token })).json.data.total).toBe(0);
    // The % of a search is a character, not a wildcard.
    expect((await ctx.api.call("GET", "office/orders?client=%25", { token })).json.data.total).toBe(0);
    await ctx.api.mailTick();
    const outbox = (await ctx.api.call("GET", "office/outbox", { token })).json.data.items as Array<{ status: string }>;
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.some((m) => m.status === "sent")).toBe(true);
  });
});
