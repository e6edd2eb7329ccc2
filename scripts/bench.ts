/**
 * `npm run bench`: the production build on a seeded database of a realistic size, loaded with autocannon
 * from this (second) process. Prints a table and writes docs/perf-results.md. A benchmark, not a test.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";
import { openDatabase } from "../backend/db/connection.js";
import { migrateToLatest } from "../backend/db/migrate.js";
import { seedDemoData, seedReferenceData } from "../backend/db/seed.js";
import { hashPassword } from "../backend/services/passwords.js";
import { startBuiltServer } from "./built-server.js";

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = [1, 10, 50];
const SECRET = randomBytes(32).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const dbFile = path.join(dataDir, "portal.sqlite");

/** 50 agents (three of them with 100, 1,000 and 10,000 clients), 2,000 jobs, 200 mentors, bookings and orders. */
async function seed() {
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const raw = (database.raw as { client: import("better-sqlite3").Database }).client;
  const hash = await hashPassword("bench-password");
  const now = new Date().toISOString();
  const countries = (raw.prepare("select code from countries").all() as Array<{ code: string }>).map((c) => c.code);
  const sizes = new Map([
    [1, 100],
    [2, 1000],
    [3, 10000],
  ]);
  raw.transaction(() => {
    const agent = raw.prepare(
      "insert into agents (email, name, password_hash, phone, time_zone, created_at) values (?, ?, ?, null, 'Europe/London', ?)",
    );
    const client = raw.prepare(
      "insert into clients (agent_id, first_name, last_name, email, phone, nationality, current_country, destination_country, status, created_at, updated_at) values (?, ?, ?, ?, '+44 20 7946 0000', ?, ?, ?, 'active', ?, ?)",
    );
    for (let a = 1; a <= 50; a++) {
      const id = Number(agent.run(`agent${a}@bench.test`, `Bench Agent ${a}`, hash, now).lastInsertRowid);
      const n = sizes.get(a) ?? 20;
      for (let c = 0; c < n; c++) {
        const at = new Date(Date.now() - c * 60_000).toISOString();
        client.run(
          id,
          `Given${c}`,
          `Family${a}x${c}`,
          `c${c}.a${a}@bench.test`,
          countries[c % countries.length],
          countries[(c + 1) % countries.length],
          countries[(c + 2) % countries.length],
          at,
          at,
        );
      }
    }
    const job = raw.prepare(
      "insert into jobs (title, company, country_code, city, employment_type, description, salary_min_minor, salary_max_minor, salary_currency, placement_fee_minor, currency, posted_at) values (?, ?, ?, 'City', 'Full-time', 'A role.', 5000000, 7000000, 'EUR', 90000, 'USD', ?)",
    );
    for (let j = 0; j < 2000; j++) job.run(`Engineer ${j}`, `Company ${j % 97}`, countries[j % countries.length], now);
    const mentor = raw.prepare(
      "insert into mentors (name, title, bio, expertise, languages, country_code, time_zone, rate_minor, currency, photo_url) values (?, 'Mentor', 'Bio.', '[\"Interviews\"]', '[\"English\"]', 'GB', 'Europe/London', 9000, 'USD', null)",
    );
    const hours = raw.prepare(
      "insert into mentor_availability (mentor_id, weekday, start_minute, end_minute) values (?, ?, 540, 1020)",
    );
    for (let m = 0; m < 200; m++) {
      const id = Number(mentor.run(`Mentor ${m}`).lastInsertRowid);
      for (let d = 1; d <= 5; d++) hours.run(id, d);
    }
    // Each agent: a few cart items, a paid order, and a booking.
    const cart = raw.prepare(
      "insert into cart_items (agent_id, client_id, item_type, item_id, description, price_minor, currency, created_at) values (?, ?, 'service_plan', ?, 'Plan', 29000, 'USD', ?)",
    );
    const order = raw.prepare(
      "insert into orders (agent_id, status, mode, amount_minor, currency, created_at, updated_at, paid_at) values (?, 'paid', 'demo', 29000, 'USD', ?, ?, ?)",
    );
    const agents = raw
      .prepare("select a.id, min(c.id) as client from agents a join clients c on c.agent_id = a.id group by a.id")
      .all() as Array<{ id: number; client: number }>;
    agents.forEach((a, i) => {
      for (let p = 1; p <= 3; p++) cart.run(a.id, a.client, p, now);
      order.run(a.id, now, now, now);
      const start = new Date(Date.UTC(2030, 0, 7 + (i % 5), 9 + (i % 8))).toISOString();
      raw
        .prepare(
          "insert into mentor_bookings (agent_id, client_id, mentor_id, start_at, end_at, topic, status, held_until, price_minor, currency, order_id, refund_status, created_at, updated_at) values (?, ?, ?, ?, ?, 'Bench', 'confirmed', null, 9000, 'USD', null, null, ?, ?)",
        )
        .run(a.id, a.client, 1 + i, start, new Date(Date.parse(start) + 3600_000).toISOString(), now, now);
    });
  })();
  const ids = raw
    .prepare(
      "select id, email from agents where email like 'agent_@bench.test' or email in ('agent1@bench.test','agent2@bench.test','agent3@bench.test')",
    )
    .all() as Array<{ id: number; email: string }>;
  await database.close();
  return ids;
}

/** A signed-in portal session for an agent, made as the portal makes one. */
async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/backend/agent/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password" }),
  });
  const { data } = (await res.json()) as { data: { token: string; agent: { id: number } } };
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  const id = randomBytes(32).toString("base64url");
  await database.db
    .insertInto("portal_sessions")
    .values({
      id,
      data: JSON.stringify({ token: data.token, agent: data.agent }),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  await database.close();
  const cookie = (await createCookie("__session", { secrets: [SECRET], path: "/" }).serialize(id)).split(";")[0]!;
  return { cookie, token: data.token, agentId: data.agent.id };
}

function peakRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

type Row = {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests per second as a share of the minimal Remix page's, measured side by side (see `sideBySide`). */
  pairedRatio?: number;
};

/** One figure: `connections` clients for DURATION seconds; a POST (the token check) sends an empty JSON body. */
async function load(
  name: string,
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  method: "GET" | "POST" = "GET",
): Promise<Row> {
  const r = await autocannon({
    url,
    connections,
    duration: DURATION,
    method,
    headers: method === "POST" ? { ...headers, "content-type": "application/json" } : headers,
    ...(method === "POST" ? { body: "{}" } : {}),
  });
  return {
    name,
    connections,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * A page's speed as a share of the minimal Remix page's, measured side by side: four slices of half the usual
 * length in the order baseline, page, page, baseline, so a change in the machine's speed during the run (here it
 * varies by up to a factor of two from one minute to the next) weighs on both alike.
 */
async function sideBySide(baselineUrl: string, url: string, connections: number, headers: Record<string, string>) {
  const slice = (target: string, h: Record<string, string>) =>
    autocannon({ url: target, connections, duration: DURATION / 2, headers: h }).then((r) => r.requests.total);
  let baseline = await slice(baselineUrl, {});
  let page = await slice(url, headers);
  page += await slice(url, headers);
  baseline += await slice(baselineUrl, {});
  return page / baseline;
}

function bundleSizes() {
  const manifestFile = fs.readdirSync("public/build").find((f) => /^manifest-.*\.js$/.test(f))!;
  const text = fs.readFileSync(path.join("public/build", manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join("public", file))).length;
  const css = fs
    .readdirSync("public/build/_assets")
    .filter((f) => f.endsWith(".css"))
    .reduce((sum, f) => sum + gz(`build/_assets/${f}`), 0);
  const base = [
    manifest.entry.module,
    ...manifest.entry.imports,
    manifest.routes.root.module,
    ...(manifest.routes.root.imports ?? []),
  ];
  const rows: Array<{ route: string; js: number; css: number }> = [];
  for (const [id, route] of Object.entries<any>(manifest.routes)) {
    if (id === "root" || id.startsWith("routes/bench")) continue;
    const files = new Set<string>([...base, route.module, ...(route.imports ?? [])]);
    rows.push({ route: id.replace(/^routes\//, ""), js: [...files].reduce((s, f) => s + gz(f), 0), css });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}

async function main() {
  if (!fs.existsSync("server-build/index.js")) throw new Error("Run `npm run build` first (npm run bench does).");
  const started = Date.now();
  console.log(`seeding ${dbFile} …`);
  await seed();
  const { child, base, readyMs } = await startBuiltServer({
    dataDir,
    sessionSecret: SECRET,
    env: { DEMO_DATA: "off", LOG_LEVEL: "silent", BENCH_BASELINES: "on", LOGIN_LIMIT_PER_IP: "100000" },
  });
  try {
    const main = await signIn(base, "agent2@bench.test"); // 1,000 clients
    const auth = { cookie: main.cookie };
    const bearer = { authorization: `Bearer ${main.token}` };
    const targets: Array<[string, string, Record<string, string>]> = [
      ["baseline: bare Express, home bytes", "/bench/express-baseline", {}],
      ["baseline: minimal Remix page", "/bench/remix-baseline", {}],
      ["home (public)", "/", {}],
      ["/dashboard", "/dashboard", auth],
      ["/clients page 1", "/clients", auth],
      ["/clients search", "/clients?q=given42", auth],
      ["/cart", "/cart", auth],
      ["/mentors/1", "/mentors/1", auth],
      ["/mentors (200, next free each)", "/mentors", auth],
      ["API agent/tokencheck", "/backend/agent/tokencheck", bearer],
      ["API api/clients/agent/:id", `/backend/api/clients/agent/${main.agentId}`, bearer],
    ];
    // Warm up each target once.
    for (const [, p, h] of targets) await fetch(base + p, { headers: h, method: p.includes("tokencheck") ? "POST" : "GET" });
    const rows: Row[] = [];
    for (const [name, p, headers] of targets) {
      for (const c of CONNECTIONS) {
        const url = base + p;
        const row = await load(name, url, c, headers, p.includes("tokencheck") ? "POST" : "GET");
        if (!p.startsWith("/bench") && !p.startsWith("/backend")) {
          row.pairedRatio = await sideBySide(base + "/bench/remix-baseline", url, c, headers);
        }
        rows.push(row);
        process.stdout.write(
          `  ${name} @${c}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
            (row.pairedRatio ? `, ${row.pairedRatio.toFixed(2)} × Remix side by side` : "") +
            "\n",
        );
      }
    }
    const growth: Row[] = [];
    for (const [email, n] of [
      ["agent1@bench.test", 100],
      ["agent2@bench.test", 1000],
      ["agent3@bench.test", 10000],
    ] as const) {
      const s = await signIn(base, email);
      growth.push(await load(`/clients, ${n} clients`, `${base}/clients`, 10, { cookie: s.cookie }));
    }
    // 50 sign-ins at once: Argon2 holds 19 MiB per hash, so the peak shows whether hashing is bounded.
    await Promise.all(Array.from({ length: 50 }, () => signIn(base, "agent1@bench.test")));
    const peak = peakRss(child.pid!);
    const bundles = bundleSizes();

    // The price of a remote API: the same signed-in pages with the portal calling its own API over HTTP
    // (API_BASE_URL pointing at itself), side by side with the in-process figures above, at 10 connections.
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    const remote = await startBuiltServer({
      dataDir,
      sessionSecret: SECRET,
      env: { DEMO_DATA: "off", LOG_LEVEL: "silent", BENCH_BASELINES: "on", LOGIN_LIMIT_PER_IP: "100000" },
      transport: "http",
    });
    const overHttp: Array<{ name: string; inProcess: Row; http: Row }> = [];
    try {
      const s = await signIn(remote.base, "agent2@bench.test");
      for (const [name, p] of [
        ["/dashboard", "/dashboard"],
        ["/clients page 1", "/clients"],
        ["/cart", "/cart"],
        ["/mentors/1", "/mentors/1"],
      ] as const) {
        const row = await load(name, remote.base + p, 10, { cookie: s.cookie });
        overHttp.push({ name, inProcess: rows.find((r) => r.name === name && r.connections === 10)!, http: row });
        process.stdout.write(`  ${name} over HTTP @10: ${row.rps} req/s, p99 ${row.p99} ms\n`);
      }
    } finally {
      remote.child.kill("SIGTERM");
      await new Promise((r) => remote.child.once("exit", r));
    }
    const byName = (n: string, c: number) => rows.find((r) => r.name === n && r.connections === c)!;
    const lines: string[] = [];
    lines.push(
      `Run ${new Date().toISOString()} on ${os.cpus().length} cores, ${DURATION} s per figure, Node ${process.version}.`,
      "",
    );
    lines.push(
      "| page or call | conns | req/s | p50 ms | p99 ms | errors | non-2xx | × Remix baseline (side by side) | × Remix baseline (req/s) | × Express baseline (req/s) |",
    );
    lines.push("|---|---|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      const remix = byName("baseline: minimal Remix page", r.connections).rps;
      const express = byName("baseline: bare Express, home bytes", r.connections).rps;
      lines.push(
        `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.pairedRatio?.toFixed(2) ?? ""} | ${(r.rps / remix).toFixed(2)} | ${(r.rps / express).toFixed(2)} |`,
      );
    }
    lines.push(
      "",
      "`/clients` as the agent's client count grows (10 connections):",
      "",
      "| clients | req/s | p50 ms | p99 ms |",
      "|---|---|---|---|",
    );
    for (const g of growth) lines.push(`| ${g.name.replace(/\D+/g, "")} | ${g.rps} | ${g.p50} | ${g.p99} |`);
    lines.push(
      "",
      "The same pages with the portal calling its API over HTTP (`API_BASE_URL` set to itself), 10 connections:",
      "",
    );
    lines.push("| page | in process req/s | over HTTP req/s | in process p99 ms | over HTTP p99 ms |", "|---|---|---|---|---|");
    for (const o of overHttp)
      lines.push(`| ${o.name} | ${o.inProcess.rps} | ${o.http.rps} | ${o.inProcess.p99} | ${o.http.p99} |`);
    lines.push("", `Peak server memory (VmHWM): ${peak.toFixed(0)} MiB.`, "");
    lines.push(`Start-up after the build (spawn to the first ready /readyz, on the seeded database): ${readyMs} ms.`, "");
    lines.push("Gzipped JavaScript each route ships (entry, root and the route's own chunks), and the CSS every page loads:", "");
    lines.push("| route | JS (kB, gzip) | CSS (kB, gzip) |", "|---|---|---|");
    for (const b of bundles) lines.push(`| ${b.route} | ${(b.js / 1024).toFixed(1)} | ${(b.css / 1024).toFixed(1)} |`);
    lines.push("", `Whole run: ${Math.round((Date.now() - started) / 1000)} s.`);
    const report = lines.join("\n");
    console.log("\n" + report);
    fs.writeFileSync(
      "docs/perf-results.md",
      `# Latest benchmark run\n\nWritten by \`npm run bench\`; see docs/perf.md for how to read it.\n\n${report}\n`,
    );
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
