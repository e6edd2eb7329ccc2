/**
 * The server's i18next for rendering: one instance per language, made once and only read (a render never changes
 * its language), so requests share them.
 *
 * A word asked for by its key alone (`t("work.clients.name")`, most of a page's calls) is the same string on every
 * render of that language: it is looked up once and kept, where i18next would resolve the key through its
 * namespaces, fallbacks and nesting again each time (a tenth of a signed-in page's CPU, profiled). A call with
 * options (interpolation, plurals, a default) goes to i18next as before.
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

function keepPlainWords(instance: i18n) {
  const kept = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance) as (lng: unknown, ns?: unknown, keyPrefix?: string) => TFunction;
  instance.getFixedT = ((lng: unknown, ns?: unknown, keyPrefix?: string) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const scope = `${String(lng)}|${String(ns)}|${keyPrefix ?? ""}|`;
    const t = (key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return (fixed as unknown as (...args: unknown[]) => unknown)(key, ...rest);
      const id = scope + key;
      let word = kept.get(id);
      if (word === undefined) {
        word = fixed(key);
        kept.set(id, word);
      }
      return word;
    };
    // What react-i18next reads of a fixed t (its language, namespace and prefix) stays as i18next set it.
    return Object.assign(t, fixed) as unknown as TFunction;
  }) as i18n["getFixedT"];
}
