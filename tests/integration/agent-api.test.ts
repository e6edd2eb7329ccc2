import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { demoAgent } from "../../backend/setup/demo-data.js";
import { startApi } from "../support/api-harness.js";
import { testDatabases, useSeeded, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("agent API on $name", (target) => {
  const ctx = useSeededApi(target);
  afterAll(async () => {
    expect(ctx.api.logged).toEqual([]);
  });

  async function expireTokensOf(agentId: number) {
    await ctx.database.db
      .updateTable("api_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("agent_id", "=", agentId)
      .execute();
  }

  describe("agent/login", () => {
    it("signs in the demo agent and returns a token, its expiry and the agent", async () => {
      const res = await ctx.api.call("POST", "agent/login", {
        body: { email: demoAgent.email, password: demoAgent.password },
      });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(true);
      expect(res.json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.json.data.agent).toMatchObject({ email: demoAgent.email, name: demoAgent.name });
      expect(res.json.data.agent.password_hash).toBeUndefined();
      const days = (Date.parse(res.json.data.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
    });

    it("takes the browser's zone at the first sign-in only; the agent's own choice then stays", async () => {
      const agent = await ctx.api.createAgent("zone-first@example.com");
      const login = (time_zone?: unknown) =>
        ctx.api.call("POST", "agent/login", { body: { email: agent.email, password: agent.password, time_zone } });
      // Without a zone (JavaScript off) nothing is guessed; a zone that is not one is ignored, never a refusal.
      expect((await login()).json.data.agent.time_zone).toBe("UTC");
      expect((await login("Mars/Olympus")).json.data.agent.time_zone).toBe("UTC");
      expect((await login(42)).status).toBe(200);
      expect((await login("Asia/Tokyo")).json.data.agent.time_zone).toBe("Asia/Tokyo");
      // A second browser elsewhere does not move it.
      const second = await login("America/New_York");
      expect(second.json.data.agent.time_zone).toBe("Asia/Tokyo");
      // The agent's own choice wins, and is what every later sign-in and token check sees.
      const saved = await ctx.api.call("POST", "agent/settings", {
        token: second.json.data.token,
        body: { time_zone: "Europe/Lisbon" },
      });
      expect(saved.status).toBe(200);
      expect(saved.json.data).toEqual({ id: agent.id, name: "Test Agent", email: agent.email, time_zone: "Europe/Lisbon" });
      expect((await login("Asia/Tokyo")).json.data.agent.time_zone).toBe("Europe/Lisbon");
      const check = await ctx.api.call("POST", "agent/tokencheck", { token: second.json.data.token });
      expect(check.json.data.agent.time_zone).toBe("Europe/Lisbon");
    });

    it("refuses a time zone that is not one, with a message beside the field", async () => {
      const a = await ctx.api.newAgent("zone-bad@example.com");
      for (const time_zone of ["Mars/Olympus", "", 7, "x".repeat(100), null]) {
        const res = await ctx.api.call("POST", "agent/settings", { token: a.token, body: { time_zone } });
        expect(res.status, String(time_zone)).toBe(400);
        expect(messagesOf(res.json.errors).time_zone!.length, String(time_zone)).toBe(1);
      }
      const missing = await ctx.api.call("POST", "agent/settings", { token: a.token, body: {} });
      expect(messagesOf(missing.json.errors).time_zone).toEqual(["Choose a time zone"]);
    });

    it("takes the email in any case and with spaces around it", async () => {
      const res = await ctx.api.call("POST", "agent/login", {
        body: { email: `  ${demoAgent.email.toUpperCase()} `, password: demoAgent.password },
      });
      expect(res.status).toBe(200);
    });

    it("stores only a hash of the token", async () => {
      const { token } = await ctx.api.login(demoAgent.email, demoAgent.password);
      const rows = await ctx.database.db.selectFrom("api_tokens").select("token_hash").execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it("refuses a wrong password and an unknown email with the same 401", async () => {
      const wrong = await ctx.api.call("POST", "agent/login", { body: { email: demoAgent.email, password: "nope" } });
      const unknown = await ctx.api.call("POST", "agent/login", {
        body: { email: "nobody@example.com", password: "nope" },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json).toEqual({ status: false, code: "auth.wrong_credentials", message: "Email or password is incorrect." });
      expect(unknown.json).toEqual(wrong.json);
    });

    it("answers missing fields with 400 and a message per field", async () => {
      const res = await ctx.api.call("POST", "agent/login", { body: {} });
      expect(res.status).toBe(400);
      expect(res.json.status).toBe(false);
      expect(messagesOf(res.json.errors).email).toEqual(["Email is required"]);
      expect(messagesOf(res.json.errors).password).toEqual(["Password is required"]);
    });

    it("answers a malformed email, wrong types and oversized input with 400", async () => {
      const bad = await ctx.api.call("POST", "agent/login", { body: { email: "not-an-email", password: "x" } });
      expect(bad.status).toBe(400);
      expect(messagesOf(bad.json.errors).email).toEqual(["Enter a valid email address"]);

      const types = await ctx.api.call("POST", "agent/login", { body: { email: 42, password: ["x"] } });
      expect(types.status).toBe(400);
      expect(messagesOf(types.json.errors).email).toEqual(["Email must be text"]);
      expect(messagesOf(types.json.errors).password).toEqual(["Password must be text"]);

      const huge = await ctx.api.call("POST", "agent/login", {
        body: { email: demoAgent.email, password: "x".repeat(5000) },
      });
      expect(huge.status).toBe(400);
      expect(messagesOf(huge.json.errors).password).toEqual(["Password is too long"]);
    });

    it("answers a body that is not JSON, or not an object, with 400", async () => {
      const malformed = await ctx.api.call("POST", "agent/login", { rawBody: "{email:" });
      expect(malformed.status).toBe(400);
      expect(malformed.json).toEqual({ status: false, code: "request.not_json", message: "The request body is not valid JSON." });

      const list = await ctx.api.call("POST", "agent/login", { rawBody: "[1,2]" });
      expect(list.status).toBe(400);
      expect(list.json.status).toBe(false);

      const form = await ctx.api.call("POST", "agent/login", {
        rawBody: "email=a%40b.c&password=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(400);
      expect(messagesOf(form.json.errors).email).toBeDefined();
    });
  });

  describe("agent/tokencheck", () => {
    it("answers 200 with the agent for a live token, as a bearer header or in the body", async () => {
      const { token } = await ctx.api.login(demoAgent.email, demoAgent.password);
      const viaHeader = await ctx.api.call("POST", "agent/tokencheck", { token });
      expect(viaHeader.status).toBe(200);
      expect(viaHeader.json.data.agent.email).toBe(demoAgent.email);
      const viaBody = await ctx.api.call("POST", "agent/tokencheck", { body: { token } });
      expect(viaBody.status).toBe(200);
      expect(viaBody.json.data.agent.email).toBe(demoAgent.email);
    });

    it("carries the cart's count, as the cart list has it", async () => {
      const { token, agent } = await ctx.api.login(demoAgent.email, demoAgent.password);
      const count = async () => (await ctx.api.call("POST", "agent/tokencheck", { token })).json.data.cart_count as number;
      const before = await count();
      const cart = await ctx.api.call("GET", `api/cart/list/${agent.id}`, { token });
      expect(before).toBe(cart.json.data.length);
      const client = (
        await ctx.api.call("POST", "agent/addclient", {
          token,
          body: { first_name: "Badge", last_name: "Count", email: `badge-${Date.now()}@example.com` },
        })
      ).json.data;
      await ctx.api.call("POST", "agent/addcart", { token, body: { client_id: client.id, item_type: "job", item_id: 1 } });
      expect(await count()).toBe(before + 1);
    });

    it("answers 401 without a token, with an unknown one and with an expired one", async () => {
      const none = await ctx.api.call("POST", "agent/tokencheck", { body: {} });
      expect(none.status).toBe(401);
      expect(none.json.status).toBe(false);
      expect(none.json.message).toMatch(/bearer token/);

      const unknown = await ctx.api.call("POST", "agent/tokencheck", { token: "x".repeat(43) });
      expect(unknown.status).toBe(401);

      const agent = await ctx.api.createAgent("expiring@example.com");
      const { token } = await ctx.api.login(agent.email, agent.password);
      await expireTokensOf(agent.id);
      const expired = await ctx.api.call("POST", "agent/tokencheck", { token });
      expect(expired.status).toBe(401);
      expect(expired.json.message).toBe("Your session has expired. Please sign in again.");
    });

    it("answers a wrongly typed token with 400", async () => {
      const res = await ctx.api.call("POST", "agent/tokencheck", { body: { token: 12 } });
      expect(res.status).toBe(400);
      expect(messagesOf(res.json.errors).token).toBeDefined();
    });
  });

  describe("agent/logout", () => {
    it("revokes the token: it no longer passes tokencheck", async () => {
      const { token } = await ctx.api.login(demoAgent.email, demoAgent.password);
      const out = await ctx.api.call("POST", "agent/logout", { token });
      expect(out.status).toBe(200);
      expect(out.json).toEqual({ status: true, data: { signed_out: true } });
      expect((await ctx.api.call("POST", "agent/tokencheck", { token })).status).toBe(401);
      expect((await ctx.api.call("POST", "agent/logout", { token })).status).toBe(401);
    });

    it("needs a token", async () => {
      const res = await ctx.api.call("POST", "agent/logout");
      expect(res.status).toBe(401);
    });
  });

  describe("api/cart/list/:agentId", () => {
    it("lists the caller's own cart, empty at first, then with its items", async () => {
      const agent = await ctx.api.createAgent("cart-owner@example.com");
      const { token } = await ctx.api.login(agent.email, agent.password);
      const empty = await ctx.api.call("GET", `api/cart/list/${agent.id}`, { token });
      expect(empty.status).toBe(200);
      expect(empty.json).toEqual({ status: true, data: [] });

      const now = new Date().toISOString();
      const client = await ctx.database.db
        .insertInto("clients")
        .values({
          agent_id: agent.id,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          phone: null,
          nationality: "GB",
          current_country: "GB",
          destination_country: "DE",
          date_of_birth: null,
          passport_number: null,
          status: "active",
          notes: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await ctx.database.db
        .insertInto("cart_items")
        .values([
          {
            agent_id: agent.id,
            client_id: client.id,
            item_type: "service_plan",
            item_id: 1,
            description: "Starter mentorship",
            price_minor: 29000,
            currency: "USD",
            created_at: now,
          },
          {
            agent_id: agent.id,
            client_id: client.id,
            item_type: "job",
            item_id: 2,
            description: "Placement: Data Analyst",
            price_minor: 95000,
            currency: "USD",
            created_at: now,
          },
        ])
        .execute();

      const full = await ctx.api.call("GET", `api/cart/list/${agent.id}`, { token });
      expect(full.status).toBe(200);
      expect(full.json.data).toHaveLength(2);
      expect(full.json.data[0]).toMatchObject({
        client_id: client.id,
        client_name: "Ada Lovelace",
        item_type: "service_plan",
        description: "Starter mentorship",
        price_minor: 29000,
        currency: "USD",
      });
    });

    it("refuses another agent's id with 403 and shows none of its data", async () => {
      const mine = await ctx.api.createAgent("snoop@example.com");
      const { token } = await ctx.api.login(mine.email, mine.password);
      const demo = await ctx.database.db
        .selectFrom("agents")
        .select("id")
        .where("email", "=", demoAgent.email)
        .executeTakeFirstOrThrow();
      const res = await ctx.api.call("GET", `api/cart/list/${demo.id}`, { token });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ status: false, code: "auth.not_yours", message: "You can only see your own records." });
    });

    it("answers an id that is not a number with 400, and no or an expired token with 401", async () => {
      const agent = await ctx.api.createAgent("cart-misc@example.com");
      const { token } = await ctx.api.login(agent.email, agent.password);
      const bad = await ctx.api.call("GET", "api/cart/list/abc", { token });
      expect(bad.status).toBe(400);
      expect(messagesOf(bad.json.errors).agentId).toBeDefined();
      const overflow = await ctx.api.call("GET", "api/cart/list/99999999999999999999", { token });
      expect(overflow.status).toBe(400);

      expect((await ctx.api.call("GET", `api/cart/list/${agent.id}`)).status).toBe(401);
      await expireTokensOf(agent.id);
      expect((await ctx.api.call("GET", `api/cart/list/${agent.id}`, { token })).status).toBe(401);
    });
  });

  it("answers an unknown call with a 404 in the envelope", async () => {
    const res = await ctx.api.call("GET", "api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: false, code: "api.not_found", message: "No such API call." });
  });
});

describe.each(testDatabases)("sign-in rate limits on $name", (target) => {
  const ctx = useSeeded(target);
  it("refuses an address that keeps failing for an email, but never locks the owner out from elsewhere", async () => {
    const api = await startApi(ctx.database, { loginLimit: { perEmail: 3, perIp: 100 } });
    try {
      const agent = await api.createAgent("locked@example.com", "right-password");
      const attacker = api.fromIp("203.0.113.66");
      for (let i = 0; i < 3; i++) {
        const r = await api.call("POST", "agent/login", { body: { email: agent.email, password: "wrong" }, headers: attacker });
        expect(r.status).toBe(401);
      }
      const blocked = await api.call("POST", "agent/login", {
        body: { email: agent.email, password: "right-password" },
        headers: attacker,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.json.status).toBe(false);
      expect(blocked.json.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

      // The owner, from an address that has not been failing, signs in at once.
      const owner = await api.call("POST", "agent/login", {
        body: { email: agent.email, password: "right-password" },
        headers: api.fromIp("198.51.100.20"),
      });
      expect(owner.status).toBe(200);
      // Other emails from the attacker's address are not locked by it.
      const other = await api.createAgent("fine@example.com", "pw-fine");
      expect(
        (await api.call("POST", "agent/login", { body: { email: other.email, password: "pw-fine" }, headers: attacker })).status,
      ).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("slows an address that has failed for an email under attack; a fresh address is not slowed", async () => {
    const { createLoginLimiter } = await import("../../backend/rate-limit.js");
    const limiter = await createLoginLimiter(ctx.database, { perEmail: 3, perIp: 1000, windowSeconds: 900, slowdownMs: 1500 });
    const email = `attacked-${Date.now()}@example.com`;
    // A spread-out attack: many addresses, one failure each, more than the pair limit in all.
    for (let i = 1; i <= 4; i++) {
      expect(await limiter.beforeAttempt(`192.0.2.${i}`, email)).toEqual({ delayMs: 0 });
      await limiter.failed(`192.0.2.${i}`, email);
    }
    // The same addresses coming back are slowed; the owner's address is not.
    expect(await limiter.beforeAttempt("192.0.2.1", email)).toEqual({ delayMs: 1500 });
    expect(await limiter.beforeAttempt("198.51.100.7", email)).toEqual({ delayMs: 0 });
    // Below the threshold nobody is slowed.
    const quiet = `quiet-${Date.now()}@example.com`;
    await limiter.failed("192.0.2.9", quiet);
    expect(await limiter.beforeAttempt("192.0.2.9", quiet)).toEqual({ delayMs: 0 });
  });

  it("a success clears the address's failed attempts for that email", async () => {
    const api = await startApi(ctx.database, { loginLimit: { perEmail: 2, perIp: 100 } });
    try {
      const agent = await api.createAgent("forgetful@example.com", "pw-right");
      await api.call("POST", "agent/login", { body: { email: agent.email, password: "wrong" } });
      expect((await api.call("POST", "agent/login", { body: { email: agent.email, password: "pw-right" } })).status).toBe(200);
      await api.call("POST", "agent/login", { body: { email: agent.email, password: "wrong" } });
      expect((await api.call("POST", "agent/login", { body: { email: agent.email, password: "pw-right" } })).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("believes no unsigned or forged address: rotating X-Forwarded-For or a bad signature does not escape the per-address limit", async () => {
    const api = await startApi(ctx.database, { loginLimit: { perEmail: 100, perIp: 3 } });
    // Earlier tests' attempts from this machine's own address are forgotten first.
    await sql`delete from rate_limits`.execute(ctx.database.db);
    try {
      const tries: Array<Record<string, string>> = [
        { "X-Forwarded-For": "203.0.113.1" },
        { "X-Forwarded-For": "203.0.113.2" },
        { "x-portal-client-ip": `203.0.113.3;${Date.now()};forged` },
      ];
      for (const headers of tries) {
        expect(
          (await api.call("POST", "agent/login", { body: { email: "nobody@example.com", password: "x" }, headers })).status,
        ).toBe(401);
      }
      const fourth = await api.call("POST", "agent/login", {
        body: { email: demoAgent.email, password: demoAgent.password },
        headers: {
          "X-Forwarded-For": "203.0.113.4",
          "x-portal-client-ip": api.fromIp("203.0.113.4")["x-portal-client-ip"]!.replace(/;[^;]+$/, ";AAAA"),
        },
      });
      expect(fourth.status).toBe(429);
    } finally {
      await api.close();
    }
  });

  it("limits attempts per IP address, whatever the email", async () => {
    const api = await startApi(ctx.database, { loginLimit: { perEmail: 100, perIp: 4 } });
    try {
      const ip = api.fromIp("203.0.113.7");
      for (let i = 0; i < 4; i++) {
        const r = await api.call("POST", "agent/login", { body: { email: `u${i}@example.com`, password: "x" }, headers: ip });
        expect(r.status).toBe(401);
      }
      const blocked = await api.call("POST", "agent/login", {
        body: { email: demoAgent.email, password: demoAgent.password },
        headers: ip,
      });
      expect(blocked.status).toBe(429);
      // Another address is not affected.
      const elsewhere = await api.call("POST", "agent/login", {
        body: { email: demoAgent.email, password: demoAgent.password },
        headers: api.fromIp("198.51.100.9"),
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
