/**
 * Property tests (fast-check) on the portal's form actions: random and hostile fields, posted with a valid CSRF
 * token by a signed-in agent, never give a 5xx; HTML typed into a form is escaped when shown.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFieldNames } from "../../lib/client-fields.js";
import { hostileRedirects } from "../support/hostile-redirects.js";
import { startPortal, type Portal } from "../support/portal.js";

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\u0000",
    "🙂".repeat(40),
    "-1",
    "0",
    "9".repeat(30),
    "2026-02-30",
    "remove",
    "checkout",
    "pay",
    "cancel",
    "cancel-payment",
    "/a\r\nSet-Cookie: x=1",
  ),
  fc.constantFrom(...hostileRedirects),
  fc.string({ minLength: 3000, maxLength: 12000 }),
);

describe("hostile form posts to the portal", () => {
  let portal: Portal;
  let cookies = "";
  let csrf = "";
  let token = "";
  let clientId = 0;
  /** A client the delete form may really delete */
  let spareId = 0;
  /** A paid session the move form may really move */
  let bookingId = 0;

  beforeAll(async () => {
    portal = await startPortal({
      CONTACT_LIMIT_PER_HOUR: "100000",
      LOGIN_LIMIT_PER_EMAIL: "100000",
      LOGIN_LIMIT_PER_IP: "100000",
    });
    const agent = await portal.createAgent("forms@example.com");
    const session = await portal.sessionCookie(agent.email, agent.password);
    token = session.token;
    const page = await fetch(`${portal.base}/contact`, { headers: { Cookie: `${session.name}=${session.value}` } });
    const html = await page.text();
    csrf = /name="csrf"[^>]*value="([^"]*)"/.exec(html)![1]!;
    const csrfCookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith("csrf="))!
      .split(";")[0];
    cookies = `${session.name}=${session.value}; ${csrfCookie}`;
    const res = await fetch(`${portal.base}/backend/agent/addclient`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ first_name: '<script>alert("x")</script>', last_name: "<b>Bold</b>", email: "xss@example.com" }),
    });
    clientId = ((await res.json()) as { data: { id: number } }).data.id;
    const spare = await fetch(`${portal.base}/backend/agent/addclient`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ first_name: "Spare", last_name: "Client", email: "spare@example.com" }),
    });
    spareId = ((await spare.json()) as { data: { id: number } }).data.id;
    bookingId = (await portal.fixtures(token).paidSession(clientId, { topic: "Hostile" })).booking.id;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const post = (path: string, fields: Record<string, string>) =>
    fetch(portal.base + path, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookies, Origin: portal.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, ...fields }),
    });

  it("never answers with a 5xx", async () => {
    const forms: Array<[string, string[]]> = [
      ["/clients/new", [...clientFieldNames]],
      [`/clients/${clientId}/edit`, ["first_name", "last_name", "email", "phone", "nationality", "date_of_birth", "status"]],
      [`/clients/${clientId}/plans`, ["plan_id"]],
      ["/joblist/1", ["client_id"]],
      ["/relocation/1", ["client_id"]],
      ["/cart", ["intent", "id"]],
      ["/contact", ["name", "email", "phone", "subject", "message"]],
      ["/mentors/1/book", ["client_id", "topic", "start"]],
      ["/bookings", ["intent", "id"]],
      [`/bookings/${bookingId}/move`, ["start"]],
      ["/account", ["intent", "had", "name", "time_zone"]],
      ["/payment/demo/demo_cs_nothing", ["intent"]],
      ["/authentication", ["email", "password", "redirectTo"]],
      [`/clients/${spareId}/delete`, ["intent"]],
    ];
    for (const [path, names] of forms) {
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(names.map((n) => [n, hostileText]))), async (fields) => {
          const res = await post(path, fields as Record<string, string>);
          expect(res.status, `${path} ${JSON.stringify(fields).slice(0, 160)}`).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    }
    await fc.assert(
      fc.asyncProperty(hostileText, async (raw) => {
        const id = encodeURIComponent(raw.slice(0, 200));
        for (const p of [
          `/clients/${id}`,
          `/clients/${id}/edit`,
          `/joblist/${id}`,
          `/mentors/${id}`,
          `/orders/${id}`,
          `/payment/success?session_id=${id}`,
        ]) {
          const res = await fetch(portal.base + p, { headers: { Cookie: cookies }, redirect: "manual" });
          expect(res.status, p).toBeLessThan(500);
        }
      }),
      { numRuns: 25 },
    );
    expect(portal.output()).not.toMatch(/"level":50/);
  });

  it("answers any method, origin and body shape with a 4xx, never a 5xx", async () => {
    const paths = [
      "/",
      "/about",
      "/authentication",
      "/logout",
      "/cart",
      "/contact",
      `/clients/${spareId}/delete`,
      "/mentors/1/book",
      "/bookings",
    ];
    const request = fc.record({
      path: fc.constantFrom(...paths),
      method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
      origin: fc.constantFrom(portal.base, "https://evil.example", "null", "::::", ""),
      type: fc.constantFrom("application/x-www-form-urlencoded", "application/json", "multipart/form-data", "text/plain", ""),
      body: fc.oneof(
        fc.constant(""),
        fc.string({ maxLength: 200 }),
        fc.constant("[".repeat(5000) + "]".repeat(5000)),
        fc.constant("--x\r\nbroken"),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = { Cookie: cookies };
        if (r.origin) headers.Origin = r.origin;
        if (r.type) headers["Content-Type"] = r.type;
        const res = await fetch(portal.base + r.path, { method: r.method, headers, body: r.body, redirect: "manual" });
        expect(res.status, JSON.stringify({ ...r, body: r.body.slice(0, 40) })).toBeLessThan(500);
        if (r.method !== "POST") expect(res.status).toBe(405);
        else if (r.origin && r.origin !== portal.base) expect(res.status).toBe(403);
      }),
      { numRuns: 60 },
    );
    expect(portal.output()).not.toMatch(/"level":50/);
  });

  it("shows HTML typed into a form as text, never as markup", async () => {
    const res = await fetch(`${portal.base}/clients/${clientId}`, { headers: { Cookie: cookies } });
    const html = await res.text();
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).not.toContain("<b>Bold</b>");
  });
});
