/**
 * The words a page carries (issue 38): only the parts of the catalogue its routes can say in the browser, as the
 * build read them from the browser's scripts (scripts/catalogue-parts.js → build/catalogue-parts.json), not the
 * whole catalogue of every area (84 kB on every page before). The browser asks for a route's words when it first
 * goes there (`/locales/:lang?routes=`, app/lib/catalogue-loading.ts).
 *
 * A part is a section of the catalogue ("errors"), or, for the large sections of the signed-in areas, a section's
 * first level ("work.clients"). Without the build's list (the dev server), every page carries the whole catalogue.
 */
import fs from "node:fs";
import path from "node:path";
import { resources } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";

/** The sections given by their first level; any other is given whole. */
const splitSections = new Set(["work", "office", "mentoring", "my"]);

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

/** i18next's plural suffixes (CLDR's categories). */
const pluralForms = ["zero", "one", "two", "few", "many", "other"] as const;

/** Of a language's catalogue, the parts these names reach (the e-mails' words are the server's only). */
function pick(lang: Lang, named: Iterable<string>): Tree {
  const catalogue = resources[lang].translation as unknown as Record<string, Tree | string>;
  const out: Record<string, Tree> = {};
  for (const name of named) {
    const [section = "", first] = name.split(".");
    const whole = catalogue[section];
    if (!whole || typeof whole !== "object" || section === "mail") continue;
    if (first && splitSections.has(section)) {
      if (whole[first] !== undefined) (out[section] ??= {})[first] = whole[first];
      // A key said with a count is its plural forms ("creditsLeft_one", "creditsLeft_other"): each goes with it.
      for (const form of pluralForms) {
        const plural = `${first}_${form}`;
        if (whole[plural] !== undefined) (out[section] ??= {})[plural] = whole[plural];
      }
    } else out[section] = whole;
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
