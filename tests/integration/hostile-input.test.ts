/**
 * Property tests (fast-check): random and hostile input (huge strings, wrong types, unicode, SQL and HTML
 * fragments) to every API call that takes input never gives a 5xx, and nothing invalid is stored.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { clientInput, contactBody, jobInput, mentorInput, relocationInput } from "../../lib/contract.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

/** A body schema's field names, through a refinement (a job's salaries in order) to the object it checks. */
const fieldsOf = (schema: z.ZodTypeAny): string[] =>
  schema instanceof z.ZodEffects ? fieldsOf(schema.innerType()) : Object.keys((schema as z.AnyZodObject).shape);

/** A query of hostile values: each parameter cut to its length from the two texts in turn. */
const hostileQuery = ([a, b]: [string, string], lengths: Record<string, number>) =>
  new URLSearchParams(Object.entries(lengths).map(([name, n], i) => [name, (i % 2 ? b : a).slice(0, n)]));

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE clients; --",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "%00",
    "\u0000",
    "../../etc/passwd",
    "🙂".repeat(50),
    "ä".repeat(300),
    "1e308",
    "-1",
    "0",
    "NaN",
    "2026-02-30",
    // Days PostgreSQL's date arithmetic cannot hold (a 500 there before issue 21).
    "0000-01-01",
    "9999-12-31",
    "-0001-01-01",
    "DE",
    "demo@example.com",
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
/** A value nested `depth` levels deep, of objects or arrays, around a hostile leaf. */
const deeplyNested = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean(), hostileText)
  .map(([depth, arrays, leaf]) =>
    JSON.parse((arrays ? "[" : '{"a":').repeat(depth) + JSON.stringify(leaf) + (arrays ? "]" : "}").repeat(depth)),
  );
const hostileValue = fc.oneof(
  deeplyNested,
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const bodyWith = (fields: string[]) => fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] });

const routes: Array<{ path: string; fields: string[]; token: boolean }> = [
  { path: "agent/login", fields: ["email", "password"], token: false },
  { path: "api/ContactUs", fields: ["name", "email", "phone", "subject", "message", "website"], token: false },
  { path: "agent/tokencheck", fields: ["token"], token: true },
  { path: "agent/addclient", fields: Object.keys(clientInput.shape), token: true },
  { path: "agent/editClient", fields: ["id", ...Object.keys(clientInput.shape)], token: true },
  { path: "api/serviceplan", fields: ["client_id"], token: true },
  { path: "agent/addcart", fields: ["client_id", "item_type", "item_id"], token: true },
  { path: "job/services", fields: ["client_id", "job_id"], token: true },
  { path: "agent/deletecart", fields: ["id"], token: true },
  { path: "api/Mentoruser/list", fields: ["mentor_id"], token: true },
  { path: "api/Mentorbooking", fields: ["mentor_id", "time_zone", "week_start"], token: true },
  { path: "api/Mentorbooking/book", fields: ["mentor_id", "client_id", "start", "topic"], token: true },
  { path: "api/Mentorbooking/cancel", fields: ["id"], token: true },
  { path: "agent/forgot-password", fields: ["email"], token: false },
  { path: "agent/clients/1/notes", fields: ["body"], token: true },
  { path: "agent/clients/1/documents", fields: ["title"], token: true },
  { path: "agent/clients/1/documents/1/expiry", fields: ["expires_on"], token: true },
  { path: "agent/clients/1/documents/1/accept", fields: ["file_id"], token: true },
  { path: "agent/account", fields: ["name", "phone", "time_zone"], token: true },
  { path: "agent/password", fields: ["current_password", "new_password"], token: true },
];
const pathRoutes = [
  "agent/deleteClient/",
  "agent/viewClient/",
  "api/jobs/",
  "api/relocations/",
  "api/orders/",
  "api/clients/agent/",
  "stripe/checkout-session/",
  "stripe/demo/complete/",
  "api/clients/1/documents/",
  "agent/clients/1/documents/1/file?name=",
];

describe.each(testDatabases)("hostile input on $name", (target) => {
  const ctx = useSeededApi(target, { contactLimitPerHour: 100_000, loginLimit: { perIp: 100_000, perEmail: 100_000 } });

  it("never answers a body with a 5xx, and always with the envelope", async () => {
    const me = await ctx.api.newAgent("hostile@example.com");
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(bodyWith(route.fields), async (body) => {
          const res = await ctx.api.call("POST", route.path, { token: route.token ? me.token : undefined, body });
          expect(res.status, `${route.path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
          expect(typeof res.json.status).toBe("boolean");
          if (!res.json.status) expect(typeof res.json.message).toBe("string");
        }),
        { numRuns: 40 },
      );
    }
  });

  it("never answers a staff body, path or query with a 5xx (the back office and the set-password links)", async () => {
    const login = await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    const token = login.json.data.token as string;
    const bodies: Array<{ path: string; fields: string[]; token?: string }> = [
      { path: "office/login", fields: ["email", "password"] },
      { path: "password/check", fields: ["token"] },
      { path: "password/set", fields: ["token", "password"] },
      { path: "office/agents", fields: ["name", "email", "phone", "time_zone"], token },
      { path: "office/agents/1/active", fields: ["active"], token },
      { path: "office/jobs", fields: fieldsOf(jobInput), token },
      { path: "office/jobs/1/published", fields: ["published"], token },
      { path: "office/relocations", fields: fieldsOf(relocationInput), token },
      { path: "office/plans/1", fields: ["service_id", "name", "description", "price_minor"], token },
      { path: "office/mentors", fields: fieldsOf(mentorInput), token },
      { path: "office/mentors/1/active", fields: ["active"], token },
      { path: "office/orders/1/review", fields: ["note"], token },
      { path: "office/orders/1/refund", fields: ["item_ids", "note"], token },
      { path: "office/account", fields: ["name", "phone", "time_zone"], token },
      { path: "office/password", fields: ["current_password", "new_password"], token },
      { path: "office/outbox/1/retry", fields: ["id"], token },
    ];
    for (const route of bodies) {
      await fc.assert(
        fc.asyncProperty(bodyWith(route.fields), async (body) => {
          const res = await ctx.api.call("POST", route.path, { token: route.token, body });
          expect(res.status, `${route.path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
          if (!res.json.status) expect(typeof res.json.message).toBe("string");
        }),
        { numRuns: 30 },
      );
    }
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (a, b) => {
        const qs = hostileQuery([a, b], {
          q: 300,
          page: 30,
          status: 10,
          kind: 60,
          refund: 20,
          holds: 20,
          from: 20,
          to: 20,
          days: 5,
        });
        for (const p of [
          "office/agents",
          "office/messages",
          "office/audit",
          "office/jobs",
          "office/orders",
          "office/bookings",
          "office/outbox",
        ]) {
          expect((await ctx.api.call("GET", `${p}?${qs}`, { token })).status, p).toBeLessThan(500);
        }
        const id = encodeURIComponent(a.slice(0, 100));
        expect((await ctx.api.call("POST", `office/messages/${id}/handled`, { token, body: {} })).status).toBeLessThan(500);
        expect((await ctx.api.call("GET", `office/agents/${id}`, { token })).status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it("stores an upload only when its bytes are a PDF, JPEG or PNG, whatever its name, and never answers with a 5xx", async () => {
    const me = await ctx.api.newAgent("hostile-upload@example.com");
    const client = (
      await ctx.api.call("POST", "agent/addclient", {
        token: me.token,
        body: { first_name: "Up", last_name: "Load", email: "up@example.com" },
      })
    ).json.data.id as number;
    const doc = (
      await ctx.api.call("POST", `agent/clients/${client}/documents`, { token: me.token, body: { title: "Anything" } })
    ).json.data.id as number;
    const magic = fc.constantFrom(
      Buffer.from("%PDF-1.7\n"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("GIF89a"),
      Buffer.from("PK\x03\x04"),
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
      Buffer.from("MZ"),
      Buffer.alloc(0),
    );
    const bytes = fc
      .tuple(magic, fc.uint8Array({ maxLength: 3000 }))
      .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)]));
    const files = () =>
      ctx.database.db
        .selectFrom("document_files")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        bytes,
        hostileText,
        fc.option(hostileText),
        fc.constantFrom("application/pdf", "image/png", "text/html", "application/octet-stream"),
        async (body, name, expiry, type) => {
          const before = Number((await files()).n);
          const qs = new URLSearchParams({
            name: name.slice(0, 400),
            ...(expiry === null ? {} : { expires_on: expiry.slice(0, 40) }),
          });
          const res = await ctx.api.call("POST", `agent/clients/${client}/documents/${doc}/file?${qs}`, {
            token: me.token,
            bytes: body,
            headers: { "Content-Type": type },
          });
          expect(res.status, `${name.slice(0, 80)} ${body.subarray(0, 8).toString("hex")}`).toBeLessThan(500);
          expect(typeof res.json.message === "string" || res.json.status === true).toBe(true);
          const after = Number((await files()).n);
          if (res.status === 201) {
            expect(["application/pdf", "image/jpeg", "image/png"]).toContain(res.json.data.file.content_type);
            // eslint-disable-next-line no-control-regex
            expect(res.json.data.file.file_name).not.toMatch(/[\\/\u0000-\u001f]/);
            expect(after).toBe(before + 1);
          } else {
            expect([400, 413]).toContain(res.status);
            expect(after).toBe(before);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("never answers a hostile path or query with a 5xx", async () => {
    const me = await ctx.api.newAgent("hostile-path@example.com");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pathRoutes), hostileText, async (prefix, raw) => {
        const method = prefix.startsWith("agent/") || prefix.startsWith("stripe/demo") ? "POST" : "GET";
        const res = await ctx.api.call(method, prefix + encodeURIComponent(raw.slice(0, 300)), {
          token: me.token,
          body: method === "POST" ? {} : undefined,
        });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (q, page) => {
        const qs = hostileQuery([q, page], {
          q: 500,
          page: 50,
          country: 5,
          sort: 20,
          dir: 10,
          status: 12,
          destination: 4,
          attention: 3,
        });
        for (const p of [`api/clients/agent/${me.id}`, "api/jobs", "api/relocations", "api/mentorlist"]) {
          const res = await ctx.api.call("GET", `${p}?${qs}`, { token: me.token });
          expect(res.status, p).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("refuses text with a NUL character in a body or a query, on every database alike", async () => {
    const me = await ctx.api.newAgent("hostile-nul@example.com");
    const body = await ctx.api.call("POST", "agent/addclient", {
      token: me.token,
      body: { first_name: "a\u0000b", last_name: "x", email: "nul@example.com" },
    });
    expect(body.status).toBe(400);
    expect(body.json.message).toBe("Text may not contain NUL characters.");
    const query = await ctx.api.call("GET", `api/clients/agent/${me.id}?q=%00`, { token: me.token });
    expect(query.status).toBe(400);
    const clients = await ctx.api.call("GET", `api/clients/agent/${me.id}`, { token: me.token });
    expect(clients.json.data.total).toBe(0);
  });

  it("refuses a body nested 20,000 levels deep with a 400, signed in or not, and logs no error", async () => {
    const me = await ctx.api.newAgent("hostile-deep@example.com");
    const loggedBefore = ctx.api.logged.length;
    // 40 kB of arrays is within the body limit: refused for its depth. 100 kB of objects is over it: 413.
    const cases = [
      {
        rawBody: "[".repeat(20_000) + "]".repeat(20_000),
        status: 400,
        code: "request.malformed",
        message: "The request body is nested too deeply.",
      },
      {
        rawBody: '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000),
        status: 413,
        code: "request.too_large",
        message: "The request body is too large.",
      },
    ];
    for (const c of cases) {
      for (const [path, token] of [
        ["agent/login", undefined],
        ["api/ContactUs", undefined],
        ["agent/addclient", me.token],
      ] as const) {
        const res = await ctx.api.call("POST", path, { token, rawBody: c.rawBody });
        expect(res.status, path).toBe(c.status);
        expect(res.json).toEqual({ status: false, code: c.code, message: c.message });
      }
    }
    // Within the body limit, and deeper than any call needs.
    const res = await ctx.api.call("POST", "agent/login", {
      rawBody: JSON.stringify({ email: JSON.parse("[".repeat(40) + "]".repeat(40)) }),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("The request body is nested too deeply.");
    expect(ctx.api.logged.length).toBe(loggedBefore);
  });

  it("answers a body that is too large, malformed or of another type with a 4xx", async () => {
    const me = await ctx.api.newAgent("hostile-raw@example.com");
    const raws = ["{", "null", "[]", '"text"', "1", '{"a":'.repeat(1000), JSON.stringify({ x: "y".repeat(200_000) })];
    for (const rawBody of raws) {
      const res = await ctx.api.call("POST", "agent/addclient", { token: me.token, rawBody });
      expect(res.status, rawBody.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(res.status, rawBody.slice(0, 30)).toBeLessThan(500);
    }
  });

  it("stored nothing invalid: every client and contact message still satisfies its schema", async () => {
    const clients = await ctx.database.db.selectFrom("clients").selectAll().execute();
    for (const c of clients) {
      const parsed = clientInput.safeParse({ ...c, email: c.email });
      expect(parsed.success, JSON.stringify(c).slice(0, 300)).toBe(true);
    }
    const messages = await ctx.database.db.selectFrom("contact_messages").selectAll().execute();
    for (const m of messages) expect(contactBody.safeParse(m).success).toBe(true);
    const cart = await ctx.database.db.selectFrom("cart_items").selectAll().execute();
    for (const i of cart) expect(i.price_minor).toBeGreaterThanOrEqual(0);
    expect(ctx.api.logged).toEqual([]);
  });
});
