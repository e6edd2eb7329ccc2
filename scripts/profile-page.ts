/**
 * `npm run profile -- /mentors/1 [seconds]`: where a page's time goes. Starts the production build on a fresh demo
 * database with Node's CPU profiler, signs the demo agent in, loads the page at 10 connections for the given
 * seconds (10), stops the server and prints the profile's self time by package and by function (the build's own
 * functions by name). The .cpuprofile stays in the printed folder for Chrome's DevTools.
 * `PROFILE_DATA=bench` profiles the benchmark's database instead (scripts/bench-data.ts: 200 mentors, an agent with
 * 1,000 clients, as whom it signs in).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoAgent } from "../backend/setup/demo-data.js";
import { seedBenchDatabase } from "./bench-data.js";
import { startBuiltServer } from "./built-server.js";
import { agentBrowserCookie } from "./sign-ins.js";

const page = process.argv[2] ?? "/mentors/1";
const seconds = Number(process.argv[3] ?? 10);
const secret = randomBytes(32).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-profile-"));
const profileDir = path.join(dataDir, "profile");
const bench = process.env.PROFILE_DATA === "bench";
if (bench) await seedBenchDatabase(path.join(dataDir, "portal.sqlite"));
const [email, password] = bench ? ["agent2@bench.test", "bench-password"] : [demoAgent.email, demoAgent.password];

const { child, base } = await startBuiltServer({
  dataDir,
  sessionSecret: secret,
  env: {
    DEMO_DATA: bench ? "off" : "on",
    LOG_LEVEL: "silent",
    LOGIN_LIMIT_PER_IP: "100000",
    // The minimal Remix page (/bench/remix-baseline) to profile a page against.
    BENCH_BASELINES: "on",
  },
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});

// The agent as a signed-in browser: a portal session stored through the portal's own session storage.
const { cookie } = await agentBrowserCookie(base, path.join(dataDir, "portal.sqlite"), secret, email, password);

const result = await autocannon({ url: base + page, connections: 10, duration: seconds, headers: { cookie } });
console.log(`${page}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
const exited = new Promise((resolve) => child.once("exit", resolve));
child.kill("SIGTERM");
await exited;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile written in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
};
const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * msPerSample;
  if (!ms) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const where = pkg ?? (url.includes("/build/") ? "the build (our code)" : url ? "node" : functionName || "(idle, gc, program)");
  byPackage.set(where, (byPackage.get(where) ?? 0) + ms);
  if (functionName !== "(idle)") total += ms;
  const name = `${functionName || "(anonymous)"} ${pkg ?? path.basename(url)}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
const perRequest = total / Math.max(1, result.requests.total);
console.log(`\n${perRequest.toFixed(2)} ms of CPU a request (${result.requests.total} requests, start-up included)`);
console.log(`\nself time by package (${Math.round(total)} ms of CPU, idle left out):`);
console.log(top(byPackage, 15).join("\n"));
console.log("\nself time by function:");
console.log(top(byFunction, 30).join("\n"));
console.log(`\nprofile: ${path.join(profileDir, file)}`);
