// Which words of the catalogue each route's page can say in the browser, read from the browser build itself
// (public/build), where the compiler has left the server's code out: every string in a route's scripts (its module
// and the chunks it imports) that names a key ("work.clients.heading") or starts one ("work.clients." + x). Written
// to build/catalogue-parts.json for the server (app/lib/catalogue-parts.server.ts), which writes into each page only
// the parts of the catalogue its routes name, and gives the browser the rest of a route's when it goes there.
import fs from "node:fs";
import path from "node:path";
import { readBrowserManifest } from "./browser-manifest.js";

const manifest = readBrowserManifest();

/**
 * A key's first steps as written in a script, up to three: "section.first.second", "section.first", or, when the key
 * is built below it, "section".
 */
const keyish = /["'`]([a-z][A-Za-z0-9]*)\.([A-Za-z0-9_]*)(?:\.([A-Za-z0-9_]+))?(?=[."'`$])/g;
const cache = new Map();
function namesIn(file) {
  let names = cache.get(file);
  if (!names) {
    names = new Set();
    const code = fs.readFileSync(path.join("public", file), "utf8");
    for (const [, section, first, second] of code.matchAll(keyish)) {
      names.add(first ? (second ? `${section}.${first}.${second}` : `${section}.${first}`) : section);
    }
    cache.set(file, names);
  }
  return names;
}
const union = (files) => [...new Set(files.flatMap((f) => [...namesIn(f)]))].sort();

const rootFiles = [
  manifest.entry.module,
  ...manifest.entry.imports,
  manifest.routes.root.module,
  ...(manifest.routes.root.imports ?? []),
];
const routes = {};
for (const [id, route] of Object.entries(manifest.routes)) {
  if (id === "root") continue;
  routes[id] = union([route.module, ...(route.imports ?? [])]);
}
fs.mkdirSync("build", { recursive: true });
fs.writeFileSync("build/catalogue-parts.json", JSON.stringify({ version: manifest.version, root: union(rootFiles), routes }));
console.log(`catalogue-parts: ${Object.keys(routes).length} routes → build/catalogue-parts.json`);
