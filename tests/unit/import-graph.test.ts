/**
 * The import graph of the portal, the API and the shared code (issue 68, point 4), type-only imports counted:
 * no circle of files (ESLint's no-cycle saw run-time imports only, and six type-carried circles had grown past it;
 * it is off now, this test being the one check, and five seconds of every lint with it),
 * and `lib/` imports nothing from `app/` or `backend/` (it is under both).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : codeFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

// The tests' own helpers and the scripts too: ESLint's no-cycle is off, this test holds the whole graph (issue 68).
const files = [
  ...["app", "backend", "lib", "scripts", "tests/support"].flatMap((d) => codeFiles(path.join(root, d))),
  path.join(root, "server.ts"),
];
const known = new Set(files);

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx`, a folder its index. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const bare = base.replace(/\.(js|jsx|ts|tsx)$/, "");
  for (const candidate of [base, `${bare}.ts`, `${bare}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Every file a file names in `import … from`, `export … from`, `import "…"` and `import("…")`, types included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gms),
    ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specs.filter((s) => s.startsWith(".")).flatMap((s) => resolve(file, s) ?? []);
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => path.relative(root, f);

/** The strongly connected components of more than one file (Tarjan's algorithm), each a circle of imports. */
function circles(): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.map(rel).sort());
    }
  };
  for (const f of files) if (!order.has(f)) visit(f);
  return found;
}

describe("the import graph", () => {
  it("reads the imports it is about (a check that found nothing would pass anything)", () => {
    expect(files.length).toBeGreaterThan(400);
    const edges = [...graph.values()].reduce((n, list) => n + list.length, 0);
    expect(edges).toBeGreaterThan(1500);
    // A type-only import is an edge too: the error page's view of the root's data once made a circle through one.
    expect(graph.get(path.join(root, "backend/payments/refunds.ts"))!.map(rel)).toContain("backend/payments/payments.ts");
  });

  it("has no circle of files, type-only imports included", () => {
    expect(circles()).toEqual([]);
  });

  it("keeps lib/ under app/ and backend/: nothing in it imports either", () => {
    const upward = [...graph.entries()]
      .filter(([f]) => rel(f).startsWith("lib/"))
      .flatMap(([f, list]) => list.filter((t) => /^(app|backend)\//.test(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`));
    expect(upward).toEqual([]);
  });
});
