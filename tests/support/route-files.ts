/**
 * The portal's route modules as remix.config.js finds them in their rooms (remix-flat-routes), each by its name as
 * tests/support/route-table.ts keys it: the flat route's name with the rooms' names left out
 * (`_workspace+/clients+/$id.edit.tsx` is `clients.$id.edit`, `office+/_layout.tsx` is `office`).
 * tests/unit/route-table.test.ts holds this list to Remix's own.
 */
import fs from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

/** A route file's name: its folders' `+/` read as dots, a room's `_name` and a folder's `_layout` adding nothing. */
export function routeName(relative: string): string {
  const flat = relative
    .replace(/\\/g, "/")
    .replace(/\.tsx?$/, "")
    .replace(/\+\//g, ".");
  // Dots inside [ ] are a file's own (robots[.]txt): kept whole while the name is cut into its parts.
  const parts = flat.match(/(?:\[[^\]]*\]|[^.])+/g) ?? [];
  const last = parts.at(-1)!;
  const kept = last.startsWith("_") && last !== "_index" ? parts.slice(0, -1) : parts;
  return kept.filter((part, i) => i === kept.length - 1 || !part.startsWith("_")).join(".");
}

/** Every route module: its name and its absolute file. */
export function routeFiles(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
        found.set(routeName(path.relative(ROUTES_DIR, full)), full);
    }
  };
  visit(ROUTES_DIR);
  return found;
}
