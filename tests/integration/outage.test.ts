/**
 * Issue 21, point 2: a database that refuses connections is an outage, said as one. With PostgreSQL behind a proxy
 * the test cuts, every call the API serves answers 503 with a message (never a 404 or 400 that would tell the caller
 * its record is gone or its input wrong, never a 500), no rejection goes unhandled (vitest fails a run that has
 * one), and all serves again once the database is back.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { book, defaultBookingRules } from "../../backend/bookings/bookings.js";
import { dashboardCounts } from "../../backend/dashboard/counts.js";
import { openDatabase, type Db } from "../../backend/db/connection.js";
import { isDatabaseUnavailable } from "../../backend/db/errors.js";
import { addToCart } from "../../backend/payments/cart.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { prepareDatabase } from "../../backend/setup/prepare.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { routesOf } from "../support/api-routes.js";
import { startDbProxy } from "../support/db-proxy.js";

const pgUrl = process.env.TEST_DATABASE_URL;

/** A body each public call would accept, so that it goes as far as the database. */
const PUBLIC_BODY = {
  email: "someone@example.com",
  password: "a-long-enough-password-1",
  name: "Some One",
  subject: "A question",
  message: "Hello, a question about relocation.",
  phone: "",
  token: "t".repeat(43),
};

describe.runIf(pgUrl)("the database refusing connections", () => {
  let proxy: Awaited<ReturnType<typeof startDbProxy>>;
  let database: Db;
  let api: Harness;
  let schema: string;
  let agentToken = "";
  let staffToken = "";

  beforeAll(async () => {
    schema = `outage_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    proxy = await startDbProxy(pgUrl!);
    // Deadlines shortened from 15 and 20 s, for a test of a database that stops answering.
    database = openDatabase({
      kind: "postgres",
      url: proxy.url,
      schema,
      poolSize: 4,
      statementTimeoutMs: 1500,
      queryTimeoutMs: 2000,
    });
    await prepareDatabase(database, { demo: true });
    api = await startApi(database);
    agentToken = (await api.newAgent("outage@example.com")).token;
    staffToken = (await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })).json
      .data.token;
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it("answers every API call with 503 and a message, and serves again once the database is back", async () => {
    const routes = routesOf(api.router);
    expect(routes.length).toBeGreaterThan(60);
    proxy.cut();
    const answers: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as ["GET" | "POST", string];
      // The Stripe webhook is off in the demo payment mode (404 with or without a database).
      if (pattern === "/stripe/webhook") continue;
      // So are Twilio's callbacks without a Twilio account (issue 42).
      if (pattern.startsWith("/twilio/")) continue;
      // What every page shows of the business is served as last read, so that public pages still draw.
      if (pattern === "/site") continue;
      const path = pattern
        .replace(/^\//, "")
        .replace(/:[a-zA-Z]+/g, (p) =>
          p === ":token"
            ? "x".repeat(43)
            : p === ":hash"
              ? "0".repeat(64)
              : p === ":sessionId" || (p === ":id" && pattern.includes("checkout"))
                ? "demo_cs_x"
                : "1",
        );
      const token = pattern.startsWith("/office/") ? staffToken : agentToken;
      // A call whose query names what it reads gets a good one (else it is refused before the database is asked).
      const query = pattern === "/site/plans" ? "?service_id=1" : "";
      const res = await api.call(method, path + query, { token, body: method === "POST" ? PUBLIC_BODY : undefined });
      answers.push(`${route} → ${res.status} ${res.json?.message ?? ""}`);
    }
    const wrong = answers.filter((a) => !/→ 503 Server busy/.test(a));
    expect(wrong).toEqual([]);

    proxy.restore();
    await expect
      .poll(async () => (await api.call("POST", "agent/tokencheck", { token: agentToken })).status, { timeout: 10_000 })
      .toBe(200);
    expect((await api.call("GET", "api/jobs", { token: agentToken })).status).toBe(200);
  }, 120_000);

  it("answers 503 within the query deadline when the database stops answering with connections open", async () => {
    expect((await api.call("GET", "api/jobs", { token: agentToken })).status).toBe(200);
    proxy.freeze();
    try {
      const started = Date.now();
      const res = await api.call("GET", "api/jobs", { token: agentToken });
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(/Server busy/);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      proxy.restore();
    }
    await expect
      .poll(async () => (await api.call("GET", "api/jobs", { token: agentToken })).status, { timeout: 10_000 })
      .toBe(200);
  });

  it("tells an outage from a record that is not there, in the services themselves", async () => {
    proxy.cut();
    const outage = (error: unknown) => isDatabaseUnavailable(error);
    try {
      // It started a query before an await that throws: the query's rejection went unhandled and ended the process.
      await expect(dashboardCounts(database.db, 1)).rejects.toSatisfy(outage);
      // These read "no such client" and "not on offer" for any failure, an outage included.
      await expect(addToCart(database.db, 1, { client_id: 1, item_type: "job", item_id: 1 })).rejects.toSatisfy(outage);
      await expect(
        book(database.db, 1, { mentor_id: 1, client_id: 1, start: new Date().toISOString(), topic: "x" }, defaultBookingRules),
      ).rejects.toSatisfy(outage);
    } finally {
      proxy.restore();
    }
  });
});
