/**
 * Issue 21, point 2, in the portal: every signed-in page, with the API's database refusing connections, answers 503
 * "Server busy" (a form that needs no data is still shown); neither process dies; and all pages serve again once the database is back. The portal (on its own
 * SQLite file, which keeps its sessions) talks over HTTP to an API server whose PostgreSQL sits behind a proxy the
 * test cuts, so each page's loader really runs and really meets the outage. Every route file is walked: a page
 * added later is walked too.
 */
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicPath } from "../../app/lib/paths.js";
import type { Database as SchemaDatabase } from "../../backend/db/schema.js";
import { demoAgent, demoMentor, demoStaff } from "../../backend/setup/demo-data.js";
import { startDbProxy } from "../support/db-proxy.js";
import { createSession } from "../support/fixtures.js";
import { startPortal, TEST_SESSION_SECRET, type Portal } from "../support/portal.js";
import { routeFiles } from "../support/route-files.js";

const pgUrl = process.env.TEST_DATABASE_URL;

/** What is served to anyone without the API: the crawlers' files, the catalogues, the language switch. */
const PUBLIC_FILES = new Set(["/robots.txt", "/sitemap.xml", "/locales/es", "/language/es"]);
/** Public pages made of what the API reads: without it they say "Server busy" (503) like any page that needs data. */
const LOGO = `/brand/logo/${"0".repeat(64)}.png`;
const PUBLIC_WITH_DATA = new Set(["/our-mentors", "/our-mentors/1", LOGO]);
/** Pages a visitor may see signed out (the portal's own list), and the not-found page. */
const isPublic = (path: string) => isPublicPath(path) || path === "/no-such-page" || PUBLIC_FILES.has(path);
/** Not pages: the benchmark's baseline, sign-out's post, the upload's script route, the factor reset's post, passkeys' options. */
const SKIP = new Set([
  "/bench/remix-baseline",
  "/logout",
  // A passkey's options: asked by the pages' script, answered in JSON.
  "/passkey-options",
  "/clients/1/documents/1/upload",
  "/my/documents/1/upload",
  // The office's reset of a second factor: a form's post, whose kind is agent, mentor or staff (not 1).
  "/office/accounts/1/1/reset-factors",
]);
/** Forms that need nothing of the API to be shown: served as they are (what they send is then said busy). */
const NEEDS_NOTHING = new Set(["/office/agents/new", "/office/plans/new"]);
/** The query a page needs to get as far as the API. */
const QUERY: Record<string, string> = {
  "/mentors/1/book": "?start=2030-01-07T09:00:00.000Z",
  "/payment/success": "?session_id=demo_cs_none",
  // Google's or Microsoft's way back, with what they send: the code is handed to the API.
  "/mentoring/calendars/oauth/1": "?code=planted&state=planted",
};

/** Each route file of app/routes as a path, its parameters filled with 1 (a flat route's name, read as Remix does). */
function pagePaths(): string[] {
  return [...routeFiles().keys()]
    .map((name) => {
      if (name === "$") return "/no-such-page";
      const segments = name
        .replace(/\[\.\]/g, "[dot]")
        .split(".")
        // The public pages' optional language (`($lang)`): walked at their English address.
        .filter((s) => s !== "_index" && s !== "($lang)")
        .map((s) => s.replace(/_$/, "").replace(/\[dot\]/g, "."))
        .map((s) =>
          s === "$sessionId"
            ? "demo_cs_none"
            : s === "$token"
              ? "x".repeat(43)
              : s === "$lang"
                ? "es"
                : s === "$file"
                  ? LOGO.split("/").pop()!
                  : s.startsWith("$")
                    ? "1"
                    : s,
        );
      return "/" + segments.join("/");
    })
    .filter((p) => !SKIP.has(p))
    .sort();
}

describe.runIf(pgUrl)("the API's database refusing connections, seen from the portal", () => {
  let proxy: Awaited<ReturnType<typeof startDbProxy>>;
  let api: Portal;
  let portal: Portal;
  let dbName = "";
  let agentCookie = "";
  let staffCookie = "";
  let mentorCookie = "";
  let clientCookie = "";

  beforeAll(async () => {
    dbName = `portal_outage_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    proxy = await startDbProxy(pgUrl!);
    const url = new URL(proxy.url);
    url.pathname = `/${dbName}`;
    api = await startPortal({ DATABASE_URL: url.toString() });
    portal = await startPortal({ API_BASE_URL: `${api.base}/backend/`, EMBEDDED_API: "off" });
    const call = async (path: string, body: unknown) =>
      (
        (await (
          await fetch(`${api.base}/backend/${path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          })
        ).json()) as { data: any }
      ).data;
    const agent = await call("agent/login", { email: demoAgent.email, password: demoAgent.password });
    const staff = await call("office/login", { email: demoStaff.email, password: demoStaff.password });
    const mentor = await call("mentor/login", { email: demoMentor.email, password: demoMentor.password });
    const sessions = new Kysely<SchemaDatabase>({ dialect: new SqliteDialect({ database: portal.db }) });
    const cookie = async (values: Record<string, unknown>) => {
      const { name, value } = await createSession(sessions, TEST_SESSION_SECRET, values);
      return `${name}=${value}`;
    };
    agentCookie = await cookie({ token: agent.token, agent: agent.agent });
    staffCookie = await cookie({ staffToken: staff.token, staff: staff.staff });
    mentorCookie = await cookie({ mentorToken: mentor.token, mentor: mentor.mentor });
    // A client of the demo agent's, signed in by the link their request e-mailed.
    const authed = async (path: string, body: unknown) =>
      (
        (await (
          await fetch(`${api.base}/backend/${path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${agent.token}` },
            body: JSON.stringify(body),
          })
        ).json()) as { data: any }
      ).data;
    const client = await authed("agent/addclient", { first_name: "Out", last_name: "Age", email: "outage-client@example.com" });
    const doc = await authed(`agent/clients/${client.id}/documents`, { title: "Payslip" });
    await authed(`agent/clients/${client.id}/document-requests`, { document_ids: [doc.id] });
    const [mail] = await api.mailTo("outage-client@example.com", /asks you for documents/);
    const link = /token=([A-Za-z0-9_-]{43})/.exec(mail!.parsed.text ?? "")![1];
    const opened = await call("my/link", { token: link });
    clientCookie = await cookie({ clientToken: opened.token, client: opened.client });
  });
  afterAll(async () => {
    await portal?.stop();
    await api?.stop();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it("answers every signed-in page with 503 'Server busy', lives, and serves again once the database is back", async () => {
    const paths = pagePaths();
    expect(paths).toContain("/dashboard");
    expect(paths).toContain("/office/orders");
    expect((await fetch(`${portal.base}/dashboard`, { headers: { Cookie: agentCookie } })).status).toBe(200);

    proxy.cut();
    const wrong: string[] = [];
    for (const path of paths) {
      const cookie = path.startsWith("/office")
        ? staffCookie
        : path.startsWith("/mentoring")
          ? mentorCookie
          : path.startsWith("/my")
            ? clientCookie
            : agentCookie;
      const res = await fetch(portal.base + path + (QUERY[path] ?? ""), { headers: { Cookie: cookie }, redirect: "manual" });
      const text = await res.text();
      if (isPublic(path) && !PUBLIC_WITH_DATA.has(path)) {
        // A public page may be served as it is (a signed-in visitor sent on from sign-in), never a 500.
        if (![200, 302, 404].includes(res.status)) wrong.push(`${path} → ${res.status}`);
      } else if (NEEDS_NOTHING.has(path)) {
        if (res.status !== 200) wrong.push(`${path} → ${res.status}`);
      } else if (res.status !== 503 || !text.includes("Server busy")) {
        wrong.push(`${path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Neither process died on the way.
    expect(api.alive() && portal.alive()).toBe(true);
    expect((await fetch(`${api.base}/readyz`)).status).toBe(503);

    proxy.restore();
    await expect.poll(async () => (await fetch(`${api.base}/readyz`)).status, { timeout: 10_000, interval: 200 }).toBe(200);
    await expect
      .poll(async () => (await fetch(`${portal.base}/dashboard`, { headers: { Cookie: agentCookie } })).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
    expect((await fetch(`${portal.base}/office`, { headers: { Cookie: staffCookie } })).status).toBe(200);
  }, 120_000);
});
