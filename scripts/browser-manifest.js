// The browser build's route manifest (public/build/manifest-*.js), as Remix's compiler wrote it: which script each
// route loads and the chunks it imports. Read by the build's catalogue step (catalogue-parts.js) and the benchmark.
import fs from "node:fs";
import path from "node:path";

/**
 * @returns {{ version: string, entry: { module: string, imports: string[] },
 *   routes: Record<string, { id: string, parentId?: string, module: string, imports?: string[], hasComponent?: boolean }> }}
 */
export function readBrowserManifest(root = "public/build") {
  const file = fs.readdirSync(root).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no browser build in ${root} (run remix build first)`);
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}
