/**
 * The backend's folders are layers (issue 38, point 3): a folder imports only from the folders under it, so a
 * feature can be read, tested and changed without what is built on top of it. The endpoints a folder serves
 * (`routes.ts`, `*-routes.ts`) and the command-line tools sit on top of every feature; only `app.ts` gathers them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Lowest first. A name is a folder of `backend/`, or a file at its root. */
const layers: string[][] = [
  ["db"],
  ["errors.ts"],
  ["files"],
  ["http.ts", "net"],
  ["body.ts", "receive.ts", "rate-limit.ts", "audit.ts", "mail"],
  ["accounts", "holds", "business", "commissions", "phone"],
  ["serve.ts", "clients", "calendars"],
  ["in-process.ts"],
  ["catalogue", "documents"],
  ["bookings", "conversation", "stages"],
  ["intake"],
  ["mentoring", "client-area", "dashboard", "payments"],
  ["office"],
];
const TOP = layers.length; // endpoints, command-line tools, the database's setup
const APP = TOP + 1;

const root = path.resolve(__dirname, "../../backend");

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return codeFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Where a backend file sits: its group (folder or root file), its layer, and whether it is an entry point. */
function placeOf(file: string): { group: string; layer: number; entry: boolean } {
  const rel = path.relative(root, file).split(path.sep);
  const group = rel[0]!;
  const name = rel[rel.length - 1]!;
  if (group === "app.ts") return { group, layer: APP, entry: true };
  if (/(^|-)routes\.ts$/.test(name) || /-cli\.ts$/.test(name)) return { group, layer: TOP, entry: true };
  if (group === "setup") return { group, layer: TOP, entry: false };
  const layer = layers.findIndex((names) => names.includes(group));
  if (layer < 0) throw new Error(`backend/${rel.join("/")} is in no layer: name its folder in backend-layers.test.ts`);
  return { group, layer, entry: false };
}

/** The imports of a file that run back up the layers, or into the portal. */
function upwardImports(file: string, specs: string[]): string[] {
  const from = placeOf(file);
  const found: string[] = [];
  for (const spec of specs) {
    const target = path.resolve(path.dirname(file), spec);
    const shown = `${path.relative(root, file)} imports ${spec}`;
    if (!target.startsWith(root + path.sep)) {
      if (target.startsWith(path.resolve(root, "../app") + path.sep)) found.push(`${shown} (the portal)`);
      continue;
    }
    const to = placeOf(target.replace(/\.js$/, ".ts"));
    if (to.entry && from.layer !== APP) found.push(`${shown} (endpoints are gathered only by app.ts)`);
    else if (to.group !== from.group && to.layer >= from.layer) found.push(shown);
  }
  return found;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]!);
}

const files = codeFiles(root);

describe("the backend's layers", () => {
  it("knows where every file sits", () => {
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) expect(() => placeOf(f)).not.toThrow();
  });

  it("imports only from its own folder or the layers under it, and never from the portal", () => {
    expect(files.flatMap((file) => upwardImports(file, importsOf(file)))).toEqual([]);
  });

  it("sees an import that runs back up, or reaches an endpoint or the portal", () => {
    const at = (f: string) => path.join(root, f);
    expect(upwardImports(at("documents/changes.ts"), ["../office/orders.js"])).toHaveLength(1);
    expect(upwardImports(at("mail/outbox.ts"), ["../clients/notices.js"])).toHaveLength(1);
    expect(upwardImports(at("clients/clients.ts"), ["./routes.js"])).toHaveLength(1);
    expect(upwardImports(at("clients/clients.ts"), ["../../app/lib/kinds.js"])).toHaveLength(1);
    expect(upwardImports(at("office/orders.ts"), ["../documents/changes.js", "../audit.js", "../../lib/money.js"])).toEqual([]);
  });
});
