/**
 * The browser's side of the page catalogues (app/lib/catalogue-parts.server.ts): the words it has, per language,
 * which routes they cover, and the fetch of those it lacks. A page of a route (or in a language) it has no words
 * for suspends while they come: navigations are transitions, so the page on screen stays until the next can be
 * drawn whole, never with a key in place of a word.
 */
import { defaultLang, isLang } from "../../lib/i18n/languages";
import { flattenWords, makeWords, type FlatWords, type Words } from "../../lib/i18n/words";
import { CATALOGUE_ELEMENT_ID } from "./catalogue-script";

const have = new Map<string, Set<string> | "all">();
const coming = new Map<string, Promise<void>>();
const stored = new Map<string, { flat: FlatWords; words: Words }>();

/** A language's store: its flat words, and the translator over them (which reads new words as they come). */
function storeOf(lang: string) {
  let entry = stored.get(lang);
  if (!entry) {
    const flat: FlatWords = new Map();
    entry = { flat, words: makeWords([{ lang, words: flat }]) };
    stored.set(lang, entry);
  }
  return entry;
}

/** A language's words as the browser has them so far. */
export const browserWords = (lang: string): Words => storeOf(lang).words;

const addWords = (lang: string, words: unknown) => void flattenWords(words, storeOf(lang).flat);

/**
 * What the document carried (catalogue-script.tsx): its language's words for these routes, or all of them, read
 * when this module first runs in the browser, before the first render, so that the page hydrates with the words
 * the server drew it with and waits for nothing.
 */
function carryDocumentWords() {
  const lang = isLang(document.documentElement.lang) ? document.documentElement.lang : defaultLang;
  const script = document.getElementById(CATALOGUE_ELEMENT_ID);
  try {
    const routes = script?.dataset.routes ?? "";
    addWords(lang, JSON.parse(script?.textContent || "{}") as unknown);
    have.set(lang, routes === "*" ? "all" : new Set(routes.split(",").filter(Boolean)));
  } catch {
    // Left empty: the page stays as the server drew it, and its words are fetched on the next render.
  }
}
if (typeof document !== "undefined") carryDocumentWords();

/** Suspends (throws the fetch) until this language's words for these routes are here; in the browser only. */
export function useCatalogueFor(lang: string, routeIds: string[], version: string) {
  if (typeof document === "undefined") return;
  const known = have.get(lang);
  if (known === "all") return;
  const missing = routeIds.filter((id) => id !== "root" && !known?.has(id));
  if (!missing.length && known) return;
  const key = `${lang}|${missing.join(",")}`;
  let fetching = coming.get(key);
  if (!fetching) {
    const query = new URLSearchParams({ v: version, routes: missing.join(",") });
    fetching = fetch(`/locales/${lang}?${query}`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((words) => {
        if (words && typeof words === "object") addWords(lang, words);
      })
      .catch(() => undefined)
      .finally(() => {
        // Marked as had even when the fetch failed: the page is drawn with what there is, not held for ever.
        const set = have.get(lang);
        const next = set instanceof Set ? set : new Set<string>();
        for (const id of missing) next.add(id);
        have.set(lang, next);
        coming.delete(key);
      });
    coming.set(key, fetching);
  }
  throw fetching;
}
