/**
 * The browser's side of the page catalogues (app/lib/catalogue-parts.server.ts): which routes' words it has, per
 * language, and the fetch of those it lacks. A page of a route (or in a language) it has no words for suspends
 * while they come: navigations are transitions, so the page on screen stays until the next can be drawn whole,
 * never with a key in place of a word.
 */
import type { i18n as I18n } from "i18next";

const have = new Map<string, Set<string> | "all">();
const coming = new Map<string, Promise<void>>();

/** What the document carried (entry.client.tsx): its language's words for these routes, or all of them. */
export function catalogueCarried(lang: string, routes: string[] | "all") {
  have.set(lang, routes === "all" ? "all" : new Set(routes));
}

/** Suspends (throws the fetch) until this language's words for these routes are in i18next; in the browser only. */
export function useCatalogueFor(i18n: I18n, lang: string, routeIds: string[], version: string) {
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
        if (words && typeof words === "object") i18n.addResourceBundle(lang, "translation", words, true, true);
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
