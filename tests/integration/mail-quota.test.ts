/**
 * Reset links (and a client's sign-in links) are capped per address, ten an hour from everywhere, so a stranger
 * cannot bomb an inbox; past the cap one more goes in each trickle window (ten minutes; one second here), so
 * strangers who use the cap up from four addresses cannot keep a fresh link from its owner for an hour.
 */
import { describe, expect, it } from "vitest";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("the cap on link mails on $name", (target) => {
  const ctx = useSeededApi(target, { mailTrickleSeconds: 1 });

  async function mailsTo(address: string) {
    await ctx.api.mailTick();
    return ctx.api.mailbox.filter((m) => m.to === address).length;
  }

  it("strangers asking twelve times from four addresses leave the owner a fresh link within the trickle's window", async () => {
    const address = "quota-owner@example.com";
    await ctx.api.newAgent(address);
    const ask = (ip: string) =>
      ctx.api.call("POST", "agent/forgot-password", { body: { email: address }, headers: ctx.api.fromIp(ip) });
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) {
      for (let i = 0; i < 3; i++) expect((await ask(ip)).status).toBe(200);
    }
    // Ten under the cap, and the trickle's one past it: the inbox is not bombed, and it holds a fresh link.
    expect(await mailsTo(address)).toBe(11);
    // The owner, asking at once, is answered alike; the trickle's next one goes a window later.
    expect((await ask("198.51.100.7")).status).toBe(200);
    expect(await mailsTo(address)).toBe(11);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await ask("198.51.100.7")).status).toBe(200);
    expect(await mailsTo(address)).toBe(12);
  });

  it("a stranger's asks never end the link the owner holds; using one link ends the others (issue 66)", async () => {
    const address = "quota-kept@example.com";
    await ctx.api.newAgent(address);
    const ask = (ip: string) =>
      ctx.api.call("POST", "agent/forgot-password", { body: { email: address }, headers: ctx.api.fromIp(ip) });
    const links = async () => {
      await ctx.api.mailTick();
      return ctx.api.mailbox
        .filter((m) => m.to === address)
        .map((m) => new URL(/(https?:\/\/\S+set-password\?token=\S+)/.exec(m.text)![1]!).searchParams.get("token")!);
    };
    expect((await ask("198.51.100.20")).status).toBe(200);
    const [owners] = await links();
    // A stranger asks again and again from elsewhere: more mails, and the owner's link still works.
    for (let i = 0; i < 3; i++) expect((await ask("203.0.113.40")).status).toBe(200);
    const all = await links();
    expect(all.length).toBe(4);
    const check = (token: string) => ctx.api.call("POST", "password/check", { body: { token } });
    expect((await check(owners!)).status).toBe(200);
    const set = await ctx.api.call("POST", "password/set", { body: { token: owners, password: "a-new-long-password-1" } });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    // The others, the stranger's asks, died with that use.
    for (const other of all.slice(1)) expect((await check(other)).status).toBe(404);
  });

  it("a client's sign-in link is capped and trickles the same way", async () => {
    const agent = await ctx.api.newAgent("quota-agent@example.com");
    const client = await ctx.api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Quinn", last_name: "Quota", email: "quota-client@example.com" },
    });
    expect(client.status).toBe(201);
    const doc = await ctx.api.call("POST", `agent/clients/${client.json.data.id}/documents`, {
      token: agent.token,
      body: { title: "Passport" },
    });
    // Their access starts with a request of the agent's (the sign-in page sends links to clients with one).
    await ctx.api.call("POST", `agent/clients/${client.json.data.id}/document-requests`, {
      token: agent.token,
      body: { document_ids: [doc.json.data.id] },
    });
    const before = await mailsTo("quota-client@example.com");
    const ask = (ip: string) =>
      ctx.api.call("POST", "my/sign-in", { body: { email: "quota-client@example.com" }, headers: ctx.api.fromIp(ip) });
    for (const ip of ["203.0.113.11", "203.0.113.12", "203.0.113.13", "203.0.113.14"]) {
      for (let i = 0; i < 3; i++) expect((await ask(ip)).status).toBe(200);
    }
    expect((await mailsTo("quota-client@example.com")) - before).toBe(11);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await ask("198.51.100.8")).status).toBe(200);
    expect((await mailsTo("quota-client@example.com")) - before).toBe(12);
  });
});
