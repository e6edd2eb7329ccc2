/**
 * The server's i18next for rendering: one instance per language, made once and only read (a render never changes
 * its language), so requests share them.
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nOptions, resources } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";

const instances = new Map<Lang, i18n>();

export function renderI18n(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nOptions, lng: lang, resources, initImmediate: false });
    instances.set(lang, instance);
  }
  return instance;
}
