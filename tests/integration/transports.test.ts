/**
 * The in-process transport answers exactly as HTTP does: the same status and the same envelope for every kind
 * of call, good and bad, because both run each endpoint's one walk (backend/serve.ts). If they ever drift, this
 * fails. In process, the call never enters the Express router (issue 68), and the reading calls of one portal
 * request share one check of their token.
 */
import { describe, expect, it } from "vitest";
import { inProcessTransport } from "../../backend/in-process.js";
import { signClientIp } from "../../lib/client-ip.js";
import { httpTransport } from "../../lib/http-transport.js";
import { spoolBytes } from "../../lib/spool.js";
import type { ApiCall } from "../../lib/transport.js";
import { CLIENT_IP_SECRET } from "../support/api-harness.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { pdfBytes } from "../support/files.js";

describe.each(testDatabases)("in process and over HTTP on $name", (target) => {
  const ctx = useSeededApi(target);

  /** Ids, times, tokens and emails differ between two agents' worlds; everything else must be equal. */
  function normalise(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(normalise);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          /(^id$|_id$|_at$|^at$|^token$|^url$|email)/.test(k) && v !== null ? `<${k}>` : normalise(v),
        ]),
      );
    }
    return value;
  }

  /** The same calls for a new agent of its own: reads, mistakes, a change and its repeat, someone else's records. */
  async function world(label: string) {
    const me = await ctx.api.newAgent(`transports-${label}@example.com`);
    const auth = { Authorization: `Bearer ${me.token}` };
    const client = await ctx.api.call("POST", "agent/addclient", {
      token: me.token,
      body: { first_name: "Tia", last_name: "Ports", email: "tia@example.com" },
    });
    const clientId = client.json.data.id as number;
    const calls: ApiCall[] = [
      { method: "POST", path: "agent/tokencheck", headers: auth, body: {} },
      { method: "GET", path: `api/clients/agent/${me.id}?q=tia`, headers: auth },
      { method: "GET", path: "api/clients/agent/1", headers: auth }, // another agent's id: 403
      { method: "POST", path: `agent/viewClient/${clientId}`, headers: auth, body: {} },
      { method: "POST", path: "agent/viewClient/999999", headers: auth, body: {} }, // 404
      { method: "POST", path: "agent/addclient", headers: auth, body: { first_name: "", email: "nope" } }, // 400 with fields
      {
        method: "POST",
        path: "agent/addclient",
        headers: auth,
        body: { first_name: "a\u0000b", last_name: "x", email: "n@example.com" },
      },
      {
        method: "POST",
        path: "agent/addcart",
        headers: auth,
        body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
      }, // 201
      {
        method: "POST",
        path: "agent/addcart",
        headers: auth,
        body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
      }, // 409
      { method: "POST", path: "stripe/create-checkout-session", headers: auth }, // 201
      { method: "POST", path: "agent/deletecart", headers: auth, body: { id: 1 } }, // locked: 409
      { method: "GET", path: "api/jobs?q=engineer", headers: auth },
      { method: "GET", path: "api/dashboard/counts", headers: { Authorization: "Bearer nonsense" } }, // 401
      { method: "GET", path: "api/dashboard/counts", headers: {} }, // 401, no token
      { method: "GET", path: "api/no-such-call", headers: auth }, // 404
      { method: "GET", path: "API/Jobs/?q=engineer", headers: auth }, // any case, a trailing slash: Express's match
      { method: "POST", path: "agent/viewClient/%E0%A4%A", headers: auth, body: {} }, // a malformed escape: 400
      { method: "GET", path: `agent/viewClient/${clientId}`, headers: auth }, // a POST's path asked with GET: 404
      {
        method: "POST",
        path: "agent/login",
        headers: { "x-portal-client-ip": signClientIp(CLIENT_IP_SECRET, "198.51.100.3") },
        body: { email: "x@example.com", password: "wrong" },
      },
      { method: "POST", path: "agent/login", headers: {}, body: JSON.parse("[".repeat(100) + "]".repeat(100)) }, // too deep
    ];
    return calls;
  }

  it("gives the same status and envelope for good and bad calls alike", async () => {
    const direct = inProcessTransport(ctx.api.router);
    const overHttp = await world("http");
    const inProcess = await world("direct");
    for (let i = 0; i < overHttp.length; i++) {
      const a = overHttp[i]!;
      const http = await ctx.api.call(a.method, a.path, { headers: a.headers, body: a.body });
      const b = inProcess[i]!;
      const answer = await direct(b);
      expect(normalise(answer), `${a.method} ${a.path}`).toEqual(normalise({ status: http.status, payload: http.json }));
    }
  });

  it("carries a document's bytes both ways, and its refusals, alike in process and over HTTP", async () => {
    const transports = [
      { name: "http", send: httpTransport(ctx.api.base, 10_000) },
      { name: "in process", send: inProcessTransport(ctx.api.router) },
    ];
    const answers = [];
    for (const t of transports) {
      const me = await ctx.api.newAgent(`transports-files-${t.name.replace(" ", "-")}@example.com`);
      const headers = { Authorization: `Bearer ${me.token}` };
      const clientId = (
        await ctx.api.call("POST", "agent/addclient", {
          token: me.token,
          body: { first_name: "F", last_name: "Iles", email: "f@example.com" },
        })
      ).json.data.id;
      const docId = (
        await ctx.api.call("POST", `agent/clients/${clientId}/documents`, { token: me.token, body: { title: "Deed" } })
      ).json.data.id;
      const at = `agent/clients/${clientId}/documents/${docId}/file?name=deed.pdf`;
      const pdf = pdfBytes("the deed");
      const stored = await t.send({ method: "POST", path: at, headers, upload: { bytes: pdf, type: "application/pdf" } });
      // As the portal sends one: spooled to a file (streamed from it over HTTP, handed over by path in process).
      const spooled = await spoolBytes(pdfBytes("the deed, spooled"));
      const fromFile = await t.send({ method: "POST", path: at, headers, upload: { file: spooled, type: "application/pdf" } });
      await spooled.dispose();
      const wrong = await t.send({
        method: "POST",
        path: at,
        headers,
        upload: { bytes: Buffer.from("plain text"), type: "application/pdf" },
      });
      const huge = await t.send({
        method: "POST",
        path: at,
        headers,
        upload: { bytes: pdfBytes("big", 10 * 1024 * 1024 + 1), type: "application/pdf" },
      });
      const fileId = (stored.payload as { data: { file: { id: number } } }).data.file.id;
      const down = await t.send({ method: "GET", path: `api/clients/${clientId}/documents/${docId}/files/${fileId}`, headers });
      expect(Buffer.from(down.file!.bytes).equals(pdf), t.name).toBe(true);
      expect([down.file!.name, down.file!.type], t.name).toEqual(["deed.pdf", "application/pdf"]);
      const missing = await t.send({ method: "GET", path: `api/clients/${clientId}/documents/${docId}/files/999999`, headers });
      const spooledId = (fromFile.payload as { data: { file: { id: number } } }).data.file.id;
      const spooledDown = await t.send({
        method: "GET",
        path: `api/clients/${clientId}/documents/${docId}/files/${spooledId}`,
        headers,
      });
      expect(Buffer.from(spooledDown.file!.bytes).equals(pdfBytes("the deed, spooled")), t.name).toBe(true);
      answers.push(normalise([stored.status, stored.payload, wrong, huge, down.status, missing, fromFile.status]));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject([
      201,
      { status: true },
      { status: 400 },
      { status: 413, payload: { message: "The file is larger than 10 MB." } },
      200,
      { status: 404 },
      201,
    ]);
  });

  it("goes straight to the endpoint in process: the Express router is never entered", async () => {
    const me = await ctx.api.newAgent("transports-walk@example.com");
    const router = ctx.api.router as unknown as { handle: (...args: unknown[]) => unknown };
    const handle = router.handle;
    let entered = 0;
    router.handle = (...args: unknown[]) => {
      entered += 1;
      return handle.apply(router, args);
    };
    try {
      const direct = inProcessTransport(ctx.api.router);
      const headers = { Authorization: `Bearer ${me.token}` };
      const counts = await direct({ method: "GET", path: "api/dashboard/counts", headers });
      const added = await direct({
        method: "POST",
        path: "agent/addclient",
        headers,
        body: { first_name: "W", last_name: "Alk", email: "w@example.com" },
      });
      const lost = await direct({ method: "GET", path: "api/no-such-call", headers });
      expect([counts.status, added.status, lost.status]).toEqual([200, 201, 404]);
      expect(entered).toBe(0);
      // Over HTTP the router is the way in.
      await ctx.api.call("GET", "api/dashboard/counts", { token: me.token });
      expect(entered).toBe(1);
    } finally {
      router.handle = handle;
    }
  });

  it("checks a token once for the reading calls of one request, and afresh for a change and for another request", async () => {
    const me = await ctx.api.newAgent("transports-scope@example.com");
    const direct = inProcessTransport(ctx.api.router);
    const headers = { Authorization: `Bearer ${me.token}` };
    const page = {};
    const read = (scope: object) => direct({ method: "GET", path: "api/dashboard/counts", headers, scope });
    expect((await read(page)).status).toBe(200);
    // Signed out meanwhile (another tab): the request under way keeps its reading; any other request is refused.
    expect((await ctx.api.call("POST", "agent/logout", { token: me.token })).status).toBe(200);
    expect((await read(page)).status).toBe(200);
    expect((await read({})).status).toBe(401);
    expect((await direct({ method: "GET", path: "api/dashboard/counts", headers })).status).toBe(401);
    // A change checks the token itself, and the reads after it in that request check again.
    const change = await direct({
      method: "POST",
      path: "agent/addclient",
      headers,
      scope: page,
      body: { first_name: "S", last_name: "Cope", email: "s@example.com" },
    });
    expect(change.status).toBe(401);
    expect((await read(page)).status).toBe(401);
  });
});
