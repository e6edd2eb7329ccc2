/**
 * The server's i18next for rendering: one instance per language, made once and only read (a render never changes
 * its language), so requests share them.
 *
 * A word asked for by its key, with or without plain values (`t("work.clients.name")`, `t("work.mentors.rate",
 * { amount })`), is the same string on every render of that language: it is worked out once and kept, where i18next
 * would resolve the key through its namespaces, fallbacks and nesting and interpolate again each time (a tenth of a
 * signed-in page's CPU, profiled). Values that are not plain (objects, functions) go to i18next as before. The words
 * with values are many (every name, every amount): the store is emptied when it holds `KEPT_AT_MOST`.
 */
import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nOptions, resources } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";

const instances = new Map<Lang, i18n>();

export function renderI18n(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nOptions, lng: lang, resources, initImmediate: false });
    keepPlainWords(instance);
    instances.set(lang, instance);
  }
  return instance;
}

const KEPT_AT_MOST = 20_000;

/** The options as part of the word's name, when they are all plain values; else null (not kept). */
function plainOptions(options: unknown): string | null {
  if (options === undefined) return "";
  if (typeof options !== "object" || options === null) return null;
  for (const value of Object.values(options)) {
    if (value !== null && typeof value === "object") return null;
    if (typeof value === "function" || typeof value === "symbol") return null;
  }
  return JSON.stringify(options);
}

function keepPlainWords(instance: i18n) {
  const kept = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance) as (lng: unknown, ns?: unknown, keyPrefix?: string) => TFunction;
  instance.getFixedT = ((lng: unknown, ns?: unknown, keyPrefix?: string) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const scope = `${String(lng)}|${String(ns)}|${keyPrefix ?? ""}|`;
    const t = (key: unknown, ...rest: unknown[]) => {
      const values = typeof key === "string" && rest.length <= 1 ? plainOptions(rest[0]) : null;
      if (values === null) return (fixed as unknown as (...args: unknown[]) => unknown)(key, ...rest);
      const id = `${scope}${key as string}|${values}`;
      let word = kept.get(id);
      if (word === undefined) {
        word = (fixed as unknown as (...args: unknown[]) => string)(key, ...rest);
        if (kept.size >= KEPT_AT_MOST) kept.clear();
        kept.set(id, word);
      }
      return word;
    };
    // What react-i18next reads of a fixed t (its language, namespace and prefix) stays as i18next set it.
    return Object.assign(t, fixed) as unknown as TFunction;
  }) as i18n["getFixedT"];
}
