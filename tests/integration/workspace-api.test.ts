import { describe, expect, it } from "vitest";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

const ada = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "Ada.Lovelace@Example.com",
  phone: "+44 20 7946 0018",
  nationality: "GB",
  current_country: "GB",
  destination_country: "DE",
  date_of_birth: "1990-12-10",
  passport_number: "ab 123 4567",
  status: "active",
  notes: "Wants Berlin.",
};

describe.each(testDatabases)("workspace API on $name", (target) => {
  const ctx = useSeededApi(target, { contactLimitPerHour: 3 });

  async function client(token: string, overrides: Record<string, unknown> = {}) {
    const res = await ctx.api.call("POST", "agent/addclient", { token, body: { ...ada, ...overrides } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data as { id: number };
  }
  async function cartOf(agent: { id: number; token: string }) {
    return (await ctx.api.call("GET", `api/cart/list/${agent.id}`, { token: agent.token })).json.data as Array<{
      id: number;
      client_id: number;
      price_minor: number;
      description: string;
    }>;
  }

  it("needs a token for every workspace call", async () => {
    const calls: Array<["GET" | "POST", string]> = [
      ["GET", "api/clients/agent/1"],
      ["POST", "agent/addclient"],
      ["POST", "agent/editClient"],
      ["POST", "agent/deleteClient/1"],
      ["POST", "agent/viewClient/1"],
      ["GET", "api/countrylist"],
      ["GET", "api/jobs"],
      ["GET", "api/jobs/1"],
      ["GET", "api/relocations"],
      ["GET", "api/relocations/1"],
      ["POST", "api/serviceplan"],
      ["POST", "job/services"],
      ["POST", "agent/addcart"],
      ["POST", "agent/deletecart"],
      ["GET", "api/dashboard/counts"],
    ];
    for (const [method, path] of calls) {
      const res = await ctx.api.call(method, path, method === "POST" ? { body: {} } : {});
      expect(res.status, path).toBe(401);
      expect(res.json.status, path).toBe(false);
    }
  });

  describe("clients", () => {
    it("adds a client, normalising what was typed", async () => {
      const me = await ctx.api.newAgent("clients-add@example.com");
      const res = await ctx.api.call("POST", "agent/addclient", { token: me.token, body: ada });
      expect(res.status).toBe(201);
      expect(res.json.data).toMatchObject({
        first_name: "Ada",
        email: "ada.lovelace@example.com",
        passport_number: "AB1234567",
        destination_country: "DE",
        status: "active",
      });
      // Optional fields may be empty.
      const bare = await ctx.api.call("POST", "agent/addclient", {
        token: me.token,
        body: { first_name: "Bo", last_name: "Bare", email: "bo@example.com", phone: "", status: "" },
      });
      expect(bare.status).toBe(201);
      expect(bare.json.data).toMatchObject({ phone: null, nationality: null, status: "active" });
    });

    it("answers bad input with a message per field and stores nothing", async () => {
      const me = await ctx.api.newAgent("clients-bad@example.com");
      const future = new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10);
      const res = await ctx.api.call("POST", "agent/addclient", {
        token: me.token,
        body: {
          first_name: " ",
          email: "nope",
          phone: "12",
          nationality: "Narnia",
          date_of_birth: future,
          passport_number: "!!",
          status: "vip",
        },
      });
      expect(res.status).toBe(400);
      expect(messagesOf(res.json.errors)).toMatchObject({
        first_name: ["First name is required"],
        last_name: ["Last name is required"],
        email: ["Enter a valid email address"],
        phone: ["A phone number has 7 to 15 digits"],
        nationality: ["Nationality must be a country from the list"],
        date_of_birth: ["Date of birth must be in the past"],
        passport_number: ["A passport number has 5 to 20 letters and digits"],
        status: ["Choose a status from the list"],
      });
      const unknown = await ctx.api.call("POST", "agent/addclient", { token: me.token, body: { ...ada, current_country: "ZZ" } });
      expect(unknown.status).toBe(400);
      expect(messagesOf(unknown.json.errors)).toEqual({ current_country: ["Choose a country from the list"] });
      const impossible = await ctx.api.call("POST", "agent/addclient", {
        token: me.token,
        body: { ...ada, date_of_birth: "1990-02-30" },
      });
      expect(messagesOf(impossible.json.errors).date_of_birth).toEqual(["Enter a real date"]);
      const list = await ctx.api.call("GET", `api/clients/agent/${me.id}`, { token: me.token });
      expect(list.json.data.total).toBe(0);
    });

    it("lists newest first, searches by name or email in any case, and pages", async () => {
      const me = await ctx.api.newAgent("clients-list@example.com");
      for (let i = 1; i <= 23; i++) {
        await client(me.token, { first_name: `Person${i}`, last_name: i === 7 ? "O'Hara" : "Smith", email: `p${i}@example.com` });
      }
      const first = await ctx.api.call("GET", `api/clients/agent/${me.id}`, { token: me.token });
      expect(first.json.data).toMatchObject({ page: 1, per_page: 20, total: 23, pages: 2 });
      expect(first.json.data.items[0].first_name).toBe("Person23");
      const second = await ctx.api.call("GET", `api/clients/agent/${me.id}?page=2`, { token: me.token });
      expect(second.json.data.items.map((c: { first_name: string }) => c.first_name)).toEqual(["Person3", "Person2", "Person1"]);
      const byName = await ctx.api.call("GET", `api/clients/agent/${me.id}?q=${encodeURIComponent("person7 o'h")}`, {
        token: me.token,
      });
      expect(byName.json.data.items.map((c: { email: string }) => c.email)).toEqual(["p7@example.com"]);
      const byEmail = await ctx.api.call("GET", `api/clients/agent/${me.id}?q=P12@EXAMPLE`, { token: me.token });
      expect(byEmail.json.data.total).toBe(1);
      // Wildcards in the search are taken literally.
      const wild = await ctx.api.call("GET", `api/clients/agent/${me.id}?q=%25`, { token: me.token });
      expect(wild.json.data.total).toBe(0);
      const bad = await ctx.api.call("GET", `api/clients/agent/${me.id}?page=0`, { token: me.token });
      expect(bad.status).toBe(400);
      expect(messagesOf(bad.json.errors).page).toBeDefined();
    });

    it("views, edits and deletes a client; deleting takes its cart items with it", async () => {
      const me = await ctx.api.newAgent("clients-crud@example.com");
      const c = await client(me.token);
      await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "service_plan", item_id: 1 },
      });
      await ctx.api.call("POST", "job/services", { token: me.token, body: { client_id: c.id, job_id: 1 } });

      const view = await ctx.api.call("POST", `agent/viewClient/${c.id}`, { token: me.token });
      expect(view.status).toBe(200);
      expect(view.json.data.client.id).toBe(c.id);
      expect(view.json.data.cart).toHaveLength(2);

      const edit = await ctx.api.call("POST", "agent/editClient", {
        token: me.token,
        body: { ...ada, id: c.id, last_name: "King", status: "on_hold" },
      });
      expect(edit.status).toBe(200);
      expect(edit.json.data).toMatchObject({ last_name: "King", status: "on_hold" });
      const badEdit = await ctx.api.call("POST", "agent/editClient", { token: me.token, body: { ...ada, id: c.id, email: "" } });
      expect(badEdit.status).toBe(400);
      expect((await ctx.api.call("POST", `agent/viewClient/${c.id}`, { token: me.token })).json.data.client.email).toBe(
        "ada.lovelace@example.com",
      );

      const del = await ctx.api.call("POST", `agent/deleteClient/${c.id}`, { token: me.token });
      expect(del.json).toEqual({ status: true, data: { deleted: true, archived: false, removed_cart_items: 2 } });
      expect(await cartOf(me)).toEqual([]);
      expect((await ctx.api.call("POST", `agent/viewClient/${c.id}`, { token: me.token })).status).toBe(404);
      const orphans = await ctx.database.db.selectFrom("cart_items").select("id").where("client_id", "=", c.id).execute();
      expect(orphans).toEqual([]);
    });

    it("never shows or changes another agent's clients", async () => {
      const owner = await ctx.api.newAgent("owner@example.com");
      const other = await ctx.api.newAgent("intruder@example.com");
      const c = await client(owner.token);
      await ctx.api.call("POST", "agent/addcart", {
        token: owner.token,
        body: { client_id: c.id, item_type: "service_plan", item_id: 1 },
      });

      expect((await ctx.api.call("GET", `api/clients/agent/${owner.id}`, { token: other.token })).status).toBe(403);
      expect((await ctx.api.call("POST", `agent/viewClient/${c.id}`, { token: other.token })).status).toBe(404);
      const edit = await ctx.api.call("POST", "agent/editClient", {
        token: other.token,
        body: { ...ada, id: c.id, first_name: "Hacked" },
      });
      expect(edit.status).toBe(404);
      expect((await ctx.api.call("POST", `agent/deleteClient/${c.id}`, { token: other.token })).status).toBe(404);
      expect((await ctx.api.call("POST", "api/serviceplan", { token: other.token, body: { client_id: c.id } })).status).toBe(404);
      const add = await ctx.api.call("POST", "agent/addcart", {
        token: other.token,
        body: { client_id: c.id, item_type: "job", item_id: 1 },
      });
      expect(add.status).toBe(404);
      const [item] = await cartOf(owner);
      expect((await ctx.api.call("POST", "agent/deletecart", { token: other.token, body: { id: item!.id } })).status).toBe(404);

      const view = await ctx.api.call("POST", `agent/viewClient/${c.id}`, { token: owner.token });
      expect(view.json.data.client.first_name).toBe("Ada");
      expect(view.json.data.cart).toHaveLength(1);
      expect(await cartOf(other)).toEqual([]);
    });
  });

  describe("catalogue", () => {
    it("lists countries from the maintained list", async () => {
      const me = await ctx.api.newAgent("countries@example.com");
      const res = await ctx.api.call("GET", "api/countrylist", { token: me.token });
      expect(res.json.data.length).toBeGreaterThanOrEqual(249);
      expect(res.json.data).toContainEqual({ code: "CA", name: "Canada" });
    });

    it("lists jobs with country and text filters, and one job by id", async () => {
      const me = await ctx.api.newAgent("jobs@example.com");
      const all = await ctx.api.call("GET", "api/jobs", { token: me.token });
      expect(all.json.data.length).toBeGreaterThanOrEqual(12);
      const nl = await ctx.api.call("GET", "api/jobs?country=nl", { token: me.token });
      expect(nl.json.data.length).toBeGreaterThan(0);
      expect(nl.json.data.every((j: { country_code: string }) => j.country_code === "NL")).toBe(true);
      const nurse = await ctx.api.call("GET", "api/jobs?q=NURSE", { token: me.token });
      expect(nurse.json.data.map((j: { title: string }) => j.title)).toContain("Registered Nurse (ICU)");
      const one = await ctx.api.call("GET", `api/jobs/${nl.json.data[0].id}`, { token: me.token });
      expect(one.json.data).toMatchObject({ id: nl.json.data[0].id, country_name: "Netherlands" });
      expect((await ctx.api.call("GET", "api/jobs/999999", { token: me.token })).status).toBe(404);
      expect((await ctx.api.call("GET", "api/jobs?country=Germany", { token: me.token })).status).toBe(400);
    });

    it("lists relocation packages, by country too", async () => {
      const me = await ctx.api.newAgent("relocations@example.com");
      const all = await ctx.api.call("GET", "api/relocations", { token: me.token });
      expect(all.json.data.length).toBeGreaterThanOrEqual(6);
      expect(Array.isArray(all.json.data[0].includes)).toBe(true);
      const de = await ctx.api.call("GET", "api/relocations?country=DE", { token: me.token });
      expect(de.json.data.map((r: { city: string }) => r.city)).toEqual(["Berlin"]);
    });

    it("offers relocation plans only to a client who is moving, and marks what is in the cart", async () => {
      const me = await ctx.api.newAgent("plans@example.com");
      const staying = await client(me.token, { destination_country: "" });
      const moving = await client(me.token, { email: "m@example.com" });
      const stayPlans = await ctx.api.call("POST", "api/serviceplan", { token: me.token, body: { client_id: staying.id } });
      expect(stayPlans.status).toBe(200);
      expect(stayPlans.json.data.some((p: { service_id: number }) => p.service_id === 2)).toBe(false);
      expect(stayPlans.json.data.some((p: { service_id: number }) => p.service_id === 1)).toBe(true);
      await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: moving.id, item_type: "service_plan", item_id: 4 },
      });
      const movePlans = await ctx.api.call("POST", "api/serviceplan", { token: me.token, body: { client_id: moving.id } });
      const plan4 = movePlans.json.data.find((p: { id: number }) => p.id === 4);
      expect(plan4).toMatchObject({ service_name: "Relocation", in_cart: true });
      expect(movePlans.json.data.filter((p: { in_cart: boolean }) => p.in_cart)).toHaveLength(1);
      const refused = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: staying.id, item_type: "service_plan", item_id: 4 },
      });
      expect(refused.status).toBe(400);
      expect((await ctx.api.call("POST", "api/serviceplan", { token: me.token, body: { client_id: "x" } })).status).toBe(400);
    });
  });

  describe("cart", () => {
    it("adds plans, jobs and packages at the database's price, once each", async () => {
      const me = await ctx.api.newAgent("cart-add@example.com");
      const c = await client(me.token);
      const plan = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "service_plan", item_id: 1, price_minor: 1, description: "free" },
      });
      expect(plan.status).toBe(201);
      expect(plan.json.data).toMatchObject({
        description: "Mentorship plan: Starter mentorship",
        price_minor: 29000,
        currency: "USD",
        client_name: "Ada Lovelace",
      });
      const job = await ctx.api.call("POST", "job/services", { token: me.token, body: { client_id: c.id, job_id: 2 } });
      expect(job.status).toBe(201);
      expect(job.json.data.description).toMatch(/^Job placement: /);
      const reloc = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "relocation", item_id: 1 },
      });
      expect(reloc.json.data).toMatchObject({
        description: "Relocation package: Berlin starter package",
        price_minor: 260000,
        currency: "USD",
      });

      const again = await ctx.api.call("POST", "job/services", { token: me.token, body: { client_id: c.id, job_id: 2 } });
      expect(again.status).toBe(409);
      expect(again.json.message).toMatch(/is already in the cart for Ada Lovelace\.$/);
      expect(await cartOf(me)).toHaveLength(3);
    });

    it("answers unknown items and malformed bodies with 400", async () => {
      const me = await ctx.api.newAgent("cart-bad@example.com");
      const c = await client(me.token);
      const unknown = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "job", item_id: 999999 },
      });
      expect(unknown.status).toBe(400);
      expect(messagesOf(unknown.json.errors).item_id).toEqual(["That job is not on offer"]);
      const type = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "spaceship", item_id: 1 },
      });
      expect(type.status).toBe(400);
      expect(messagesOf(type.json.errors).item_type).toBeDefined();
      const noClient = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: 999999, item_type: "job", item_id: 1 },
      });
      expect(noClient.status).toBe(404);
      expect((await ctx.api.call("POST", "agent/deletecart", { token: me.token, body: { id: "one" } })).status).toBe(400);
      expect(await cartOf(me)).toEqual([]);
    });

    it("removes an item", async () => {
      const me = await ctx.api.newAgent("cart-remove@example.com");
      const c = await client(me.token);
      const added = await ctx.api.call("POST", "agent/addcart", {
        token: me.token,
        body: { client_id: c.id, item_type: "service_plan", item_id: 2 },
      });
      const res = await ctx.api.call("POST", "agent/deletecart", { token: me.token, body: { id: added.json.data.id } });
      expect(res.json).toEqual({ status: true, data: { removed: true } });
      expect(await cartOf(me)).toEqual([]);
      expect((await ctx.api.call("POST", "agent/deletecart", { token: me.token, body: { id: added.json.data.id } })).status).toBe(
        404,
      );
    });
  });

  it("counts the agent's own clients and cart, and the catalogue", async () => {
    const me = await ctx.api.newAgent("counts@example.com");
    const c = await client(me.token);
    await client(me.token, { email: "second@example.com" });
    await ctx.api.call("POST", "job/services", { token: me.token, body: { client_id: c.id, job_id: 1 } });
    const res = await ctx.api.call("GET", "api/dashboard/counts", { token: me.token });
    expect(res.json.data).toMatchObject({ clients: 2, cart_items: 1, open_bookings: 0, paid_orders: 0 });
    expect(res.json.data.jobs).toBeGreaterThanOrEqual(12);
    expect(res.json.data.relocations).toBeGreaterThanOrEqual(6);
  });

  describe("api/ContactUs", () => {
    async function stored() {
      return ctx.database.db.selectFrom("contact_messages").selectAll().execute();
    }
    const message = {
      name: "Vera Visitor",
      email: "vera@example.com",
      subject: "Family move",
      message: "We are four and moving to Toronto in May.",
    };

    it("stores a message without a token, refuses bad input, ignores bots, and limits senders", async () => {
      const ip = ctx.api.fromIp("192.0.2.44");
      const ok = await ctx.api.call("POST", "api/ContactUs", { body: message, headers: ip });
      expect(ok.status).toBe(201);
      expect(ok.json).toEqual({ status: true, data: { received: true } });
      expect((await stored()).map((m) => m.subject)).toContain("Family move");

      const bad = await ctx.api.call("POST", "api/ContactUs", { body: { ...message, email: "x", message: "hi" }, headers: ip });
      expect(bad.status).toBe(400);
      expect(messagesOf(bad.json.errors)).toMatchObject({
        email: ["Enter a valid email address"],
        message: ["Tell us a little more (at least 10 characters)"],
      });

      const before = (await stored()).length;
      const bot = await ctx.api.call("POST", "api/ContactUs", {
        body: { ...message, website: "http://spam.example" },
        headers: ip,
      });
      expect(bot.status).toBe(201);
      expect((await stored()).length).toBe(before);

      const third = await ctx.api.call("POST", "api/ContactUs", { body: message, headers: ip });
      expect(third.status).toBe(201);
      const limited = await ctx.api.call("POST", "api/ContactUs", { body: message, headers: ip });
      expect(limited.status).toBe(429);
      expect(limited.json.message).toMatch(/^Too many messages\. Please try again in \d+ minutes\.$/);
    });
  });
});
