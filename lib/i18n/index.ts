/**
 * The catalogues and a translator for code outside React (meta tags, e-mails): the same i18next the pages use,
 * one instance per language, made once.
 */
import { createInstance, type TFunction } from "i18next";
import { ar } from "./ar.js";
import { en, type Catalogue } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { i18nOptions, languages, type Lang } from "./languages.js";

export { i18nOptions } from "./languages.js";

export type { Catalogue } from "./en.js";
export const catalogues: Record<Lang, Catalogue> = { en, ar, es, fr };

export const resources = Object.fromEntries(languages.map((l) => [l, { translation: catalogues[l] }])) as Record<
  Lang,
  { translation: Catalogue }
>;

const made = new Map<Lang, TFunction>();

/** `t` for one language, synchronous (the catalogues are in memory). */
export function translator(lang: Lang): TFunction {
  let t = made.get(lang);
  if (!t) {
    const instance = createInstance();
    void instance.init({ ...i18nOptions, lng: lang, resources, initImmediate: false });
    t = instance.t.bind(instance) as TFunction;
    made.set(lang, t);
  }
  return t;
}
