/**
 * The production build (server-build/index.js) as a child process on a free port, in production mode on a
 * data folder of the caller's, with the demo payment mode: what the browser tests, the benchmark and the
 * load script all run against. Resolves once it answers /readyz.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The server's Node options as `npm start` and the Dockerfile give them (package.json "config"). */
export function serverNodeOptions(): string {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { config: { max_old_space_mib: string } };
  return `--max-old-space-size=${pkg.config.max_old_space_mib}`;
}

/** A port the system hands out (`listen(0)`), free when asked: another process may take it before it is used. */
function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

let nextInBand = 0;

/**
 * A free port for a server about to be started. A test worker takes its ports from a band of its own, below the
 * range the system hands out (32768 and up on Linux): an ephemeral port freed here could be handed to another
 * worker's server or listener before this one's server listened on it (seen once in a fresh-clone run: the server
 * stopped at EADDRINUSE). Outside the tests (the benchmark, the profiler), any port the system gives.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  if (!worker) return ephemeralPort();
  for (let tries = 0; tries < 100; tries++) {
    const port = 20_000 + (worker % 10) * 1_000 + (nextInBand++ % 1_000);
    if (await canListen(port)) return port;
  }
  return ephemeralPort();
}

/** Resolves once `url` answers 2xx; fails when `child` exits first or after 30 s, with what it printed. */
export async function waitUntilAnswering(url: string, child: ChildProcess, printed: () => string = () => "") {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited during start:\n${printed()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}: the server did not start in 30 s:\n${printed()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `transport: "http"` makes the portal talk to its own API over HTTP (API_BASE_URL pointing at itself), as it
 * would to another server; by default it calls the embedded API in process.
 */
export async function startBuiltServer(opts: {
  dataDir: string;
  sessionSecret: string;
  env?: Record<string, string>;
  transport?: "in-process" | "http";
  /** Node's own flags for the server (a profiler's: `--cpu-prof` is not allowed in NODE_OPTIONS) */
  nodeArgs?: string[];
  /** Another checkout whose build to start (scripts/bench-pair.ts); this one's by default */
  cwd?: string;
}) {
  const cwd = opts.cwd ?? process.cwd();
  if (!fs.existsSync(path.join(cwd, "server-build/index.js")) || !fs.existsSync(path.join(cwd, "build/index.js"))) {
    throw new Error(`No production build in ${cwd}: run \`npm run build\` there first.`);
  }
  const port = await freePort();
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), "server-build/index.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NODE_OPTIONS: serverNodeOptions(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: opts.sessionSecret,
      PAYMENTS_MODE: "demo",
      MAIL_MODE: "log",
      PUBLIC_URL: `http://localhost:${port}`,
      ...(opts.transport === "http" ? { API_BASE_URL: `http://127.0.0.1:${port}/backend/` } : {}),
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));

  const base = `http://localhost:${port}`;
  await waitUntilAnswering(`${base}/readyz`, child, () => output);
  /** From spawning the process to its first ready answer: start-up after the build. */
  const readyMs = Date.now() - spawnedAt;
  return { child, port, base, readyMs, output: () => output };
}

/**
 * A signed-in browser's cookies: the session's, and the CSRF cookie the portal sets on the first page (a browser that
 * signed in through the form holds it already). Without it every page would mint and sign a new CSRF token, which a
 * returning browser never makes the portal do.
 */
export async function withCsrfCookie(base: string, page: string, sessionCookie: string): Promise<string> {
  const res = await fetch(base + page, { headers: { cookie: sessionCookie } });
  await res.arrayBuffer();
  const csrf = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("csrf="))
    ?.split(";")[0];
  if (!csrf) throw new Error(`${page}: the portal set no CSRF cookie (${res.status})`);
  return `${sessionCookie}; ${csrf}`;
}
