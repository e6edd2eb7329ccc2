/**
 * `npm run bench:pair -- OTHER_CHECKOUT [/dashboard,/clients,…]`: the same pages served by this checkout's production
 * build and by another checkout's (a framework patch reversed in its node_modules, an older commit), side by side on
 * this machine, whose speed swings within seconds: each server on its own copy of the benchmark's database
 * (scripts/bench-data.ts), signed in as the agent of 1,000 clients, loaded at 10 connections in ten pairs of one-second
 * slices (`BENCH_PAIRS`, `BENCH_SLICE`), this one and the other in turn (the first of a pair alternating), after half a second of each. It prints
 * each page's median ratio, this checkout's requests a second over the other's: above 1, this one is faster. Both
 * checkouts need `npm run build` first; docs/perf.md says how the framework patches were measured with it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seedBenchDatabase } from "./bench-data.js";
import { startBuiltServer } from "./built-server.js";
import { agentBrowserCookie } from "./sign-ins.js";

const other = process.argv[2];
if (!other || !fs.existsSync(path.join(other, "server-build/index.js"))) {
  console.error("usage: npm run bench:pair -- OTHER_CHECKOUT [/page,/page]  (both checkouts built)");
  process.exit(2);
}
const pages = (process.argv[3] ?? "/,/dashboard,/clients,/mentors,/mentors/1").split(",").filter(Boolean);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 10);
/** Each slice's seconds (`BENCH_SLICE`): longer ones show what builds up under sustained load (retained requests). */
const SLICE = Number(process.env.BENCH_SLICE ?? 1);
const SECRET = randomBytes(32).toString("hex");
const seeded = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pair-"));
await seedBenchDatabase(path.join(seeded, "portal.sqlite"));

/** One server on its own copy of the seeded database, and the bench agent's cookies there. */
async function serve(cwd: string, name: string) {
  const dataDir = path.join(seeded, name);
  fs.mkdirSync(dataDir);
  fs.copyFileSync(path.join(seeded, "portal.sqlite"), path.join(dataDir, "portal.sqlite"));
  const server = await startBuiltServer({
    cwd,
    dataDir,
    sessionSecret: SECRET,
    env: { DEMO_DATA: "off", LOG_LEVEL: "silent", LOGIN_LIMIT_PER_IP: "100000" },
  });
  const { cookie } = await agentBrowserCookie(server.base, path.join(dataDir, "portal.sqlite"), SECRET, "agent2@bench.test");
  return { ...server, cookie };
}

const here = await serve(process.cwd(), "this");
const there = await serve(path.resolve(other), "other");
const slice = (server: typeof here, page: string, seconds = SLICE) =>
  autocannon({ url: server.base + page, connections: 10, duration: seconds, headers: { cookie: server.cookie } }).then((r) =>
    r.non2xx || r.errors ? Number.NaN : r.requests.total,
  );
try {
  console.log(`this checkout against ${other}, ${PAIRS} pairs of ${SLICE}-second slices a page, 10 connections`);
  console.log("| page | this / other (median) | lowest | highest |\n|---|---|---|---|");
  for (const page of pages) {
    await slice(here, page, 0.5);
    await slice(there, page, 0.5);
    const ratios: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      let mine: number, theirs: number;
      if (i % 2 === 0) {
        mine = await slice(here, page);
        theirs = await slice(there, page);
      } else {
        theirs = await slice(there, page);
        mine = await slice(here, page);
      }
      ratios.push(mine / theirs);
    }
    if (ratios.some(Number.isNaN)) throw new Error(`${page}: a slice had errors or answers other than 2xx`);
    ratios.sort((x, y) => x - y);
    const median = (ratios[Math.floor((PAIRS - 1) / 2)]! + ratios[Math.ceil((PAIRS - 1) / 2)]!) / 2;
    console.log(`| ${page} | ${median.toFixed(3)} | ${ratios[0]!.toFixed(3)} | ${ratios.at(-1)!.toFixed(3)} |`);
  }
} finally {
  here.child.kill("SIGTERM");
  there.child.kill("SIGTERM");
  fs.rmSync(seeded, { recursive: true, force: true });
}
