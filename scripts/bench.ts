/**
 * `npm run bench`: the production build on a seeded database of a realistic size, loaded with autocannon
 * from this (second) process. Prints a table and writes docs/perf-results.md. A benchmark, not a test.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../backend/db/connection.js";
import { startAnchors, stopAnchors, type Anchor } from "./bench-anchors.js";
import { scriptsPerPage } from "./bench-browser.js";
import { calendarsSideBySide, CONNECTED_MENTORS } from "./bench-calendars.js";
import { seedBenchDatabase } from "./bench-data.js";
import { readBrowserManifest } from "./browser-manifest.js";
import { startBuiltServer } from "./built-server.js";
import { agentBrowserCookie, apiSignIn, clientSignIn, portalSessionCookie } from "./sign-ins.js";

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "1,10,50").split(",").map(Number);
/** `BENCH_ONLY=/dashboard,/clients`: only these targets (by path), for a quick look at a change; the report says so. */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const SECRET = randomBytes(32).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const dbFile = path.join(dataDir, "portal.sqlite");

/** A signed-in portal session for an agent, made as the portal makes one, with the CSRF cookie a browser holds. */
async function signIn(base: string, email: string) {
  return agentBrowserCookie(base, dbFile, SECRET, email);
}

/** The client signed in to their own area, as by an e-mailed link: their session cookie. */
async function clientCookie(base: string, clientId: number) {
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  const cookie = await portalSessionCookie(database.db, SECRET, { account: await clientSignIn(database.db, base, clientId) });
  await database.close();
  return cookie;
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
  /** The same against each outside anchor (scripts/bench-anchors.ts), side by side, at 10 connections. */
  anchorRatios?: number[];
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

/**
 * A page's speed as a share of an outside anchor's, where the targets are set: six pairs of one-second slices, page
 * and anchor in turn (the first of a pair alternating), after half a second of each to open the connections; the
 * median of the six pairs' ratios. Four slices summed (as `sideBySide`) moved a page by up to a third from one run
 * to the next on a machine whose speed swings within seconds; one slow second now spoils one pair, not the figure.
 */
async function pairedMedian(anchorUrl: string, url: string, headers: Record<string, string>) {
  const slice = (target: string, h: Record<string, string>, seconds = 1) =>
    autocannon({ url: target, connections: 10, duration: seconds, headers: h }).then((r) => r.requests.total);
  await slice(anchorUrl, {}, 0.5);
  await slice(url, headers, 0.5);
  const ratios: number[] = [];
  for (let i = 0; i < 6; i++) {
    let page: number, anchor: number;
    if (i % 2 === 0) {
      page = await slice(url, headers);
      anchor = await slice(anchorUrl, {});
    } else {
      anchor = await slice(anchorUrl, {});
      page = await slice(url, headers);
    }
    ratios.push(page / anchor);
  }
  ratios.sort((x, y) => x - y);
  return (ratios[2]! + ratios[3]!) / 2;
}

/** The portal's route modules (the root and the benchmark's own baselines aside), as the build's manifest lists them. */
function routeModuleCount(): number {
  return Object.keys(readBrowserManifest().routes).filter((id) => id !== "root" && !id.startsWith("routes/_resources+/bench"))
    .length;
}

function bundleSizes() {
  const manifest = readBrowserManifest();
  // The build's gzip copy, as the server sends it to a browser without Brotli (scripts/precompress.js).
  const gz = (file: string) => fs.statSync(path.join("public", `${file}.gz`)).size;
  const css = fs
    .readdirSync("public/build/_assets")
    .filter((f) => f.endsWith(".css"))
    .reduce((sum, f) => sum + gz(`build/_assets/${f}`), 0);
  const rows: Array<{ route: string; js: number; css: number }> = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id === "root" || id.startsWith("routes/_resources+/bench")) continue;
    // The entry's, and those of the route and every route above it (the root, a layout such as the office's).
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const f of r.imports ?? []) files.add(f);
    }
    rows.push({ route: id.replace(/^routes\//, ""), js: [...files].reduce((s, f) => s + gz(f), 0), css });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}

async function main() {
  if (!fs.existsSync("server-build/index.js")) throw new Error("Run `npm run build` first (npm run bench does).");
  const started = Date.now();
  console.log(`seeding ${dbFile} …`);
  await seedBenchDatabase(dbFile);
  const { child, base, readyMs } = await startBuiltServer({
    dataDir,
    sessionSecret: SECRET,
    env: { DEMO_DATA: "off", LOG_LEVEL: "silent", BENCH_BASELINES: "on", LOGIN_LIMIT_PER_IP: "100000" },
  });
  let anchors: Anchor[] = [];
  try {
    anchors = await startAnchors(routeModuleCount());
    const main = await signIn(base, "agent2@bench.test"); // 1,000 clients
    const auth = { cookie: main.cookie };
    const bearer = { authorization: `Bearer ${main.token}` };
    const targets: Array<[string, string, Record<string, string>]> = [
      ["baseline: bare Express, home bytes", "/bench/express-baseline", {}],
      ["baseline: minimal Remix page", "/bench/remix-baseline", {}],
      ["home (public)", "/", {}],
      ["/about (public)", "/about", {}],
      ["/dashboard", "/dashboard", auth],
      ["/clients page 1", "/clients", auth],
      ["/clients search", "/clients?q=given42", auth],
      ["/cart", "/cart", auth],
      ["/mentors/1", "/mentors/1", auth],
      ["/bookings", "/bookings", auth],
      ["/mentors (200, next free each)", "/mentors", auth],
      ["API agent/tokencheck", "/backend/agent/tokencheck", bearer],
      ["API api/clients/agent/:id", `/backend/api/clients/agent/${main.agentId}`, bearer],
      // What `/mentors` asks the API: the page's share of the portal's time, measured apart.
      ["API api/mentors (the directory)", "/backend/api/mentors", bearer],
    ];
    if (ONLY) targets.splice(0, targets.length, ...targets.filter(([, p]) => ONLY.includes(p)));
    // Warm up each target once, and keep each page's HTML size as sent (before compression).
    const htmlBytes = new Map<string, number>();
    for (const [name, p, h] of targets) {
      const res = await fetch(base + p, {
        headers: { ...h, "accept-encoding": "identity" },
        method: p.includes("tokencheck") ? "POST" : "GET",
      });
      htmlBytes.set(name, (await res.arrayBuffer()).byteLength);
    }
    const rows: Row[] = [];
    for (const [name, p, headers] of targets) {
      for (const c of CONNECTIONS) {
        const url = base + p;
        const row = await load(name, url, c, headers, p.includes("tokencheck") ? "POST" : "GET");
        if (!p.startsWith("/bench") && !p.startsWith("/backend")) {
          row.pairedRatio = await sideBySide(base + "/bench/remix-baseline", url, c, headers);
          if (c === 10) {
            row.anchorRatios = [];
            for (const a of anchors) row.anchorRatios.push(await pairedMedian(a.url, url, headers));
          }
        }
        rows.push(row);
        process.stdout.write(
          `  ${name} @${c}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
            (row.pairedRatio ? `, ${row.pairedRatio.toFixed(2)} × Remix side by side` : "") +
            // Three places: the targets are at 0.2 and 1, where two places cannot say which side a page is on.
            (row.anchorRatios ?? []).map((r, i) => `, ${r.toFixed(3)} × ${anchors[i]!.name}`).join("") +
            `, peak RSS so far ${peakRss(child.pid!).toFixed(0)} MiB\n`,
        );
      }
    }
    // Each anchor's own speed here, at 10 connections, for the record beside the ratios.
    const anchorRows: Row[] = [];
    for (const a of anchors) {
      const row = await load(a.name, a.url, 10);
      anchorRows.push(row);
      process.stdout.write(`  ${a.name} @10: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms\n`);
    }
    await stopAnchors(anchors);
    // Issue 69: the directory and a mentor's page with 50 mentors' calendars connected, against none.
    const calendars: Array<{ name: string; ratio: number }> = [];
    if (!ONLY || ONLY.includes("calendars")) {
      for (const [name, p] of [
        ["/mentors (the directory)", "/mentors"],
        ["/mentors/1", "/mentors/1"],
      ] as const) {
        const ratio = await calendarsSideBySide(dbFile, base + p, auth);
        calendars.push({ name, ratio });
        process.stdout.write(`  ${name}: ${ratio.toFixed(3)} × with ${CONNECTED_MENTORS} calendars connected as without\n`);
      }
    }
    if (ONLY || process.env.BENCH_CONNECTIONS) return; // a quick look: the figures above are all it was for
    // Which part of the run set the peak: the pages and calls, the list at three sizes, or the sign-ins.
    const peakAfterPages = peakRss(child.pid!);
    const growth: Row[] = [];
    for (const [email, n] of [
      ["agent1@bench.test", 100],
      ["agent2@bench.test", 1000],
      ["agent3@bench.test", 10000],
    ] as const) {
      const s = await signIn(base, email);
      growth.push(await load(`/clients, ${n} clients`, `${base}/clients`, 10, { cookie: s.cookie }));
    }
    const peakAfterGrowth = peakRss(child.pid!);
    // 50 sign-ins at once: Argon2 holds 12 MiB per hash, so the peak shows whether hashing is bounded.
    // Fifty agents, one sign-in each: fifty at once for one email are, rightly, mostly refused (the sign-in limits
    // check a handful of one email's passwords at a time).
    // The API's sign-ins alone: no portal session nor page load, which would put 50 dashboards in the peak too.
    await Promise.all(Array.from({ length: 50 }, (_, i) => apiSignIn(base, `agent${i + 1}@bench.test`)));
    const peak = peakRss(child.pid!);
    const bundles = bundleSizes();
    // What a visitor's and the agent's browser fetch of JavaScript, page by page, on a cold load.
    // And the two heaviest routes by the table below: a client's page (its cart, documents, notes and timeline), and
    // that client's own home, signed in as the client.
    const database = openDatabase({ kind: "sqlite", file: dbFile });
    const someClient = await database.db
      .selectFrom("clients")
      .select("id")
      .where("agent_id", "=", main.agentId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await database.close();
    const loads = await scriptsPerPage(base, [
      ...targets
        .filter(([, p]) => !p.startsWith("/bench") && !p.startsWith("/backend"))
        .map(([name, p, h]) => [name, p, h.cookie] as [string, string, string | undefined]),
      ["/clients/:id (a client's page)", `/clients/${someClient.id}`, main.cookie],
      ["/my (the client's home)", "/my", await clientCookie(base, someClient.id)],
    ]);

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
      `Mentors' own calendars (issue 69): with ${CONNECTED_MENTORS} mentors' calendars connected (two calendars and three busy spans a weekday each, the directory's first page among them) as a share of none, side by side (10 connections, the median of six pairs of one-second slices):`,
      "",
      "| page | × without |",
      "|---|---|",
      ...calendars.map((c) => `| ${c.name} | ${c.ratio.toFixed(3)} |`),
    );
    lines.push(
      "",
      "The same pages with the portal calling its API over HTTP (`API_BASE_URL` set to itself), 10 connections:",
      "",
    );
    lines.push("| page | in process req/s | over HTTP req/s | in process p99 ms | over HTTP p99 ms |", "|---|---|---|---|---|");
    for (const o of overHttp)
      lines.push(`| ${o.name} | ${o.inProcess.rps} | ${o.http.rps} | ${o.inProcess.p99} | ${o.http.p99} |`);
    if (anchors.length) {
      lines.push(
        "",
        "Against the outside anchors (scripts/bench-anchors.ts: `../shared/bench/minimal-remix` built as it is and with as",
        "many route modules as the portal, served by `@remix-run/express`), 10 connections: the median of six pairs of",
        "one-second slices, page and anchor in turn. The anchors'",
        `own speed: ${anchorRows.map((r) => `${r.name} ${r.rps} req/s`).join(", ")}. Page HTML as sent, before compression:`,
        "",
        `| page | HTML (KiB) | ${anchors.map((a) => `× ${a.name}`).join(" | ")} |`,
        `|---|---|${anchors.map(() => "---").join("|")}|`,
      );
      for (const r of rows.filter((row) => row.anchorRatios)) {
        lines.push(
          `| ${r.name} | ${((htmlBytes.get(r.name) ?? 0) / 1024).toFixed(1)} | ${r.anchorRatios!.map((x) => x.toFixed(3)).join(" | ")} |`,
        );
      }
    } else {
      lines.push("", "The outside anchors were not found (BENCH_ANCHOR_DIR): no ratios against them in this run.");
    }
    lines.push(
      "",
      "JavaScript each page makes Chromium fetch on a cold load (a fresh context, until the network is idle; scripts/bench-browser.ts):",
      "as sent when Chromium asks as it does (Brotli), as sent when it asks for gzip alone, and unpacked:",
      "",
      "| page | files | sent, Brotli (KiB) | sent, gzip (KiB) | unpacked (KiB) |",
      "|---|---|---|---|---|",
    );
    for (const l of loads) lines.push(`| ${l.page} | ${l.files} | ${l.sentKb} | ${l.gzipKb} | ${l.rawKb} |`);
    lines.push(
      "",
      `Peak server memory (VmHWM): ${peak.toFixed(0)} MiB (after the pages and calls above: ${peakAfterPages.toFixed(0)} MiB;` +
        ` after /clients at three sizes: ${peakAfterGrowth.toFixed(0)} MiB; then 50 sign-ins at once).`,
      "",
    );
    lines.push(`Start-up after the build (spawn to the first ready /readyz, on the seeded database): ${readyMs} ms.`, "");
    lines.push(
      "JavaScript each route ships (the entry's, the root's, and the route's and its parents' chunks) and the CSS every",
      "page loads, as the build's gzip copies the server sends a browser without Brotli:",
      "",
    );
    lines.push("| route | JS (KiB, gzip) | CSS (KiB, gzip) |", "|---|---|---|");
    for (const b of bundles) lines.push(`| ${b.route} | ${(b.js / 1024).toFixed(1)} | ${(b.css / 1024).toFixed(1)} |`);
    lines.push("", `Whole run: ${Math.round((Date.now() - started) / 1000)} s.`);
    const report = lines.join("\n");
    console.log("\n" + report);
    // A partial run (BENCH_ONLY or BENCH_CONNECTIONS) prints its figures and leaves the last full report as it is.
    if (!ONLY && !process.env.BENCH_CONNECTIONS)
      fs.writeFileSync(
        "docs/perf-results.md",
        `# Latest benchmark run\n\nWritten by \`npm run bench\`; see docs/perf.md for how to read it.\n\n${report}\n`,
      );
  } finally {
    await stopAnchors(anchors);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
