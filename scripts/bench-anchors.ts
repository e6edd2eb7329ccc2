/**
 * The benchmark's outside anchors (issue 38): the independent minimal Remix 2.17 app of
 * `../shared/bench/minimal-remix` (same compiler and future flags, `@remix-run/express`, one route whose loader
 * returns three words), built twice outside the project's tree: as it is, and with as many route modules as the
 * portal has, so a page's ratio to each says what the framework costs for an app of our size and what our own work
 * costs on top. Built once per anchor source and route count (under node_modules/.cache), started for the run.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { freePort, waitUntilAnswering } from "./built-server.js";

export type Anchor = { name: string; url: string; routes: number; child: ChildProcess };

const SOURCE = path.resolve(process.env.BENCH_ANCHOR_DIR ?? "../shared/bench/minimal-remix");
const CACHE = path.resolve("node_modules/.cache/minimal-remix");

/** Every file of the anchor's source (its node_modules and build aside), hashed: a changed anchor is built again. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (["node_modules", "build", "public", ".cache"].includes(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(SOURCE, file)).update(fs.readFileSync(file));
    }
  };
  walk(SOURCE);
  return hash.digest("hex").slice(0, 16);
}

const run = (cwd: string, cmd: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], timeout: 600_000 });

/** The anchor built with `routes` route modules in all, in its own folder; the packages are installed once. */
function prepare(routes: number, hash: string): string {
  const dir = path.join(CACHE, `routes-${routes}`);
  const stamp = path.join(dir, ".built");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(SOURCE, dir, { recursive: true, filter: (f) => !/[/\\](node_modules|build|public)$/.test(f) });
  const packages = path.join(CACHE, "node_modules");
  const packagesStamp = path.join(CACHE, ".installed");
  if (!fs.existsSync(packagesStamp) || fs.readFileSync(packagesStamp, "utf8") !== hash) {
    console.log("anchors: installing the minimal Remix app's packages …");
    fs.rmSync(packages, { recursive: true, force: true });
    const install = path.join(CACHE, "install");
    fs.rmSync(install, { recursive: true, force: true });
    fs.mkdirSync(install, { recursive: true });
    fs.copyFileSync(path.join(SOURCE, "package.json"), path.join(install, "package.json"));
    run(install, "npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"]);
    run(install, "npm", ["rebuild", "esbuild"]);
    fs.renameSync(path.join(install, "node_modules"), packages);
    fs.rmSync(install, { recursive: true, force: true });
    fs.writeFileSync(packagesStamp, hash);
  }
  // Node finds the packages in the parent folder (CACHE/node_modules), shared by both builds.
  if (routes > 1) run(dir, process.execPath, ["add-routes.mjs", String(routes - 1)]);
  console.log(`anchors: building the minimal Remix app with ${routes} route module(s) …`);
  run(dir, process.execPath, [path.join(packages, "@remix-run/dev/dist/cli.js"), "build"], { VITE_CJS_IGNORE_WARNING: "true" });
  fs.writeFileSync(stamp, hash);
  return dir;
}

async function start(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), NODE_OPTIONS: "" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child);
  return { child, url };
}

/**
 * Both anchors running, or none when the anchor's source is not beside the checkout (an operator's machine): the
 * benchmark then says so and reports against its in-app baseline only.
 */
export async function startAnchors(portalRoutes: number): Promise<Anchor[]> {
  if (!fs.existsSync(path.join(SOURCE, "package.json"))) {
    console.log(`anchors: no minimal Remix app at ${SOURCE} (BENCH_ANCHOR_DIR); reporting without them`);
    return [];
  }
  const hash = sourceHash();
  const anchors: Anchor[] = [];
  for (const [name, routes] of [
    ["plain Remix, 1 route", 1],
    [`plain Remix, ${portalRoutes} routes`, portalRoutes],
  ] as const) {
    const { child, url } = await start(prepare(routes, hash));
    anchors.push({ name, url, routes, child });
  }
  return anchors;
}

export async function stopAnchors(anchors: Anchor[]): Promise<void> {
  await Promise.all(
    anchors.map(
      (a) =>
        new Promise((resolve) => {
          if (a.child.exitCode !== null || a.child.signalCode !== null) return resolve(undefined);
          a.child.once("exit", resolve);
          a.child.kill("SIGTERM");
        }),
    ),
  );
}
