/**
 * `npm run load`: LOAD_SECONDS (60) of mixed traffic at LOAD_CONNECTIONS (50) against the production build:
 * browse pages, add to and remove from carts, sign in. Passes with zero 5xx and zero network errors, and a
 * consistent database afterwards (the same checks as `npm run db:check`, plus cart counts that match the API's).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { openDatabase } from "../backend/db/connection.js";
import { startBuiltServer } from "./built-server.js";
import { checkDatabase } from "./check-db.js";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECRET = randomBytes(32).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-"));

// One machine plays every visitor here: the per-IP sign-in limit would stop the test, not protect anything.
const { child: server, base } = await startBuiltServer({
  dataDir,
  sessionSecret: SECRET,
  env: { DEMO_DATA: "on", LOG_LEVEL: "error", LOGIN_LIMIT_PER_IP: "1000000", LOGIN_LIMIT_PER_EMAIL: "1000000" },
});

const api = async (p: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${base}/backend/${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

// One agent per connection, each with three clients and a portal session.
const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "portal.sqlite") });
const { hashPassword } = await import("../backend/accounts/passwords.js");
const hash = await hashPassword("load-password");
const cookie = createCookie("__session", { secrets: [SECRET], path: "/" });
type Worker = { email: string; token: string; agentId: number; clients: number[]; cookie: string };
const workers: Worker[] = [];
for (let w = 0; w < CONNECTIONS; w++) {
  const email = `load${w}@example.com`;
  await db.db
    .insertInto("agents")
    .values({
      email,
      name: `Load ${w}`,
      password_hash: hash,
      phone: null,
      time_zone: "UTC",
      created_at: new Date().toISOString(),
    })
    .execute();
  const login = await api("agent/login", null, { email, password: "load-password" });
  const token = login.json.data.token as string;
  const clients: number[] = [];
  for (let c = 0; c < 3; c++) {
    clients.push(
      (await api("agent/addclient", token, { first_name: "Load", last_name: `C${c}`, email: `c${c}.${email}` })).json.data.id,
    );
  }
  const id = randomBytes(32).toString("base64url");
  await db.db
    .insertInto("portal_sessions")
    .values({
      id,
      data: JSON.stringify({ account: { kind: "agent", token, person: login.json.data.agent } }),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  workers.push({ email, token, agentId: login.json.data.agent.id, clients, cookie: (await cookie.serialize(id)).split(";")[0]! });
}

const statuses = new Map<string, number>();
let networkErrors = 0;
const note = (what: string, status: number) => statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
const pages = ["/", "/about", "/dashboard", "/clients", "/cart", "/joblist", "/relocation", "/mentors"];
const deadline = Date.now() + SECONDS * 1000;

async function run(w: Worker) {
  while (Date.now() < deadline) {
    const roll = Math.random();
    try {
      if (roll < 0.45) {
        const page = pages[Math.floor(Math.random() * pages.length)]!;
        const res = await fetch(base + page, { headers: { Cookie: w.cookie }, redirect: "manual" });
        await res.arrayBuffer();
        note(`GET ${page}`, res.status);
      } else if (roll < 0.7) {
        const client = w.clients[Math.floor(Math.random() * w.clients.length)]!;
        const res = await api("agent/addcart", w.token, {
          client_id: client,
          item_type: "service_plan",
          item_id: 1 + Math.floor(Math.random() * 9),
        });
        note("add to cart", res.status);
      } else if (roll < 0.9) {
        const cart = await api(`api/cart/list/${w.agentId}`, w.token);
        note("cart list", cart.status);
        const item = cart.json.data?.[Math.floor(Math.random() * (cart.json.data?.length || 1))];
        if (item) note("remove", (await api("agent/deletecart", w.token, { id: item.id })).status);
      } else {
        const res = await api("agent/login", null, { email: w.email, password: "load-password" });
        note("sign in", res.status);
      }
    } catch {
      networkErrors++;
    }
  }
}

const started = Date.now();
await Promise.all(workers.map(run));
const seconds = (Date.now() - started) / 1000;

// The database afterwards: consistent, and each agent's cart count as the API reports it.
const problems = await checkDatabase(db.db);
for (const w of workers.slice(0, 10)) {
  const apiCount = (await api("api/dashboard/counts", w.token)).json.data.cart_items;
  const sqlCount = (
    await db.db
      .selectFrom("cart_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("agent_id", "=", w.agentId)
      .executeTakeFirstOrThrow()
  ).n;
  if (Number(sqlCount) !== apiCount)
    problems.push(`agent ${w.agentId}: API counts ${apiCount} cart items, the table ${sqlCount}`);
}
await db.close();
server.kill("SIGTERM");
fs.rmSync(dataDir, { recursive: true, force: true });

const total = [...statuses.values()].reduce((a, b) => a + b, 0);
const fiveXX = [...statuses].filter(([k]) => / 5\d\d$/.test(k)).reduce((a, [, n]) => a + n, 0);
console.log(`${total} requests in ${seconds.toFixed(0)} s at ${CONNECTIONS} connections (${Math.round(total / seconds)} req/s)`);
for (const [k, n] of [...statuses].sort()) console.log(`  ${k}: ${n}`);
console.log(`5xx: ${fiveXX}, network errors: ${networkErrors}`);
console.log(problems.length ? `database: ${problems.join("; ")}` : "database: consistent");
const pass = fiveXX === 0 && networkErrors === 0 && problems.length === 0;
console.log(pass ? "load: PASS" : "load: FAIL");
process.exit(pass ? 0 : 1);
