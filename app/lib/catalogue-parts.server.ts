/**
 * The words a page carries (issue 38): only the parts of the catalogue its routes can say in the browser, as the
 * build read them from the browser's scripts (scripts/catalogue-parts.js → build/catalogue-parts.json), not the
 * whole catalogue of every area (84 kB on every page before). The browser asks for a route's words when it first
 * goes there (`/locales/:lang?routes=`, app/lib/catalogue-loading.ts).
 *
 * A part is what a name reaches, down to three levels ("errors.notFound", "services.s1.name"), or a whole section
 * where a script builds its keys below it ("intake." + x). Without the build's list (the dev server), every page
 * carries the whole catalogue.
 */
import fs from "node:fs";
import path from "node:path";
import { resources } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";

type Names = { version: string; root: string[]; routes: Record<string, string[]> };
let names: Names | null | undefined;

/**
 * The build's list, when it belongs to the browser build being served (`version`, the assets manifest's, as the
 * first page gives it): a list left from an earlier build (the dev server rebuilds without writing one) is ignored.
 */
function buildNames(version?: string): Names | null {
  if (names === undefined && version !== undefined) {
    try {
      const read = JSON.parse(fs.readFileSync(path.resolve("build/catalogue-parts.json"), "utf8")) as Names;
      names = read.version === version ? read : null;
    } catch {
      names = null;
    }
  }
  return names ?? null;
}

type Tree = Record<string, unknown>;

/**
 * The part of `tree` a name's steps reach: every key that starts with the first step (the key itself, its plural
 * forms, and the keys a script builds from it: "services.s" + id reaches s1, s2 and s3), and below the key the step
 * names exactly, only what the next steps reach ("services.s1.name": of s1, its name).
 */
function reach(tree: Tree, [step = "", ...rest]: string[]): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (!key.startsWith(step)) continue;
    out[key] = rest.length && key === step && value && typeof value === "object" ? reach(value as Tree, rest) : value;
  }
  return out;
}

/** Two parts of one section as one (what either reaches). */
function union(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const had = out[key];
    out[key] = had && typeof had === "object" && value && typeof value === "object" ? union(had as Tree, value as Tree) : value;
  }
  return out;
}

/** Of a language's catalogue, the parts these names reach (the e-mails' words are the server's only). */
function pick(lang: Lang, named: Iterable<string>): Tree {
  const catalogue = resources[lang].translation as unknown as Record<string, Tree | string>;
  const out: Record<string, Tree> = {};
  for (const name of named) {
    const [section = "", ...steps] = name.split(".");
    const whole = catalogue[section];
    if (!whole || typeof whole !== "object" || section === "mail") continue;
    out[section] = union(out[section] ?? {}, reach(whole, steps));
  }
  return out;
}

/** Every part, for a page when the build's list is missing, and for `/locales/:lang` without `routes`. */
export function wholeCatalogue(lang: Lang): Tree {
  const { mail: _mail, ...pages } = resources[lang].translation as unknown as Tree;
  return pages;
}

const written = new Map<string, { json: string; routes: string[] | "all" }>();

/**
 * A page's catalogue as the document carries it: the root's parts and its routes', as JSON safe inside a <script>
 * element, with the routes it covers (for the browser to know what it has). Made once per language and routes.
 */
export function pageCatalogue(lang: Lang, routeIds: string[], buildVersion: string): { json: string; routes: string[] | "all" } {
  const key = `${lang}|${routeIds.join(",")}`;
  let page = written.get(key);
  if (!page) {
    const list = buildNames(buildVersion);
    const words = list ? routesWords(lang, list, routeIds) : wholeCatalogue(lang);
    page = { json: JSON.stringify(words).replace(/</g, "\\u003c"), routes: list ? routeIds : "all" };
    written.set(key, page);
  }
  return page;
}

/** The words of these routes (unknown ids say nothing), as the browser asks for them when it goes there. */
export function routesCatalogue(lang: Lang, routeIds: string[]): Tree {
  const list = buildNames();
  return list ? routesWords(lang, list, routeIds) : wholeCatalogue(lang);
}

/** The root's parts and these routes' (an id the build does not list names none). */
function routesWords(lang: Lang, list: Names, routeIds: string[]): Tree {
  return pick(lang, [...list.root, ...routeIds.flatMap((id) => (Object.hasOwn(list.routes, id) ? list.routes[id]! : []))]);
}
