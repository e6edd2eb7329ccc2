/**
 * The catalogues and a translator for code outside React (meta tags, e-mails): i18next, one instance per
 * language, made once. The pages draw the same catalogues with lib/i18n/words.ts, held to this translator's words
 * by tests/unit/words.test.ts.
 */
import { createInstance, type TFunction } from "i18next";
import { serviceIds, serviceTextField, type ServiceId, type ServiceTextField } from "../business.js";
import { ar } from "./ar.js";
import { enWorkspace, type WorkspaceCatalogue } from "./en-workspace.js";
import { en, type Catalogue } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { i18nOptions, languages, textLangs, type Lang, type TextLang } from "./languages.js";

export { i18nOptions } from "./languages.js";

export type { Catalogue } from "./en.js";
export const catalogues: Record<Lang, Catalogue> = { en, ar, es, fr };

/** The workspaces' words (the agent's pages and the office), in the languages that offer them: English for now. */
export const workspaceCatalogues: Partial<Record<Lang, WorkspaceCatalogue>> = { en: enWorkspace };

export const resources = Object.fromEntries(
  languages.map((l) => [l, { translation: { ...catalogues[l], ...workspaceCatalogues[l] } }]),
) as Record<Lang, { translation: Catalogue & Partial<WorkspaceCatalogue> }>;

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

/**
 * The services' public text in each language besides English, as the catalogues translate the first English text:
 * the business settings' defaults until the owner rewrites them in the office (lib/business.ts).
 */
export function serviceTextDefaults(): Record<`service_${ServiceId}_${ServiceTextField}_${TextLang}`, string> {
  const out: Record<string, string> = {};
  for (const lang of textLangs) {
    for (const id of serviceIds) {
      const s = catalogues[lang].services[`s${id}`];
      out[serviceTextField(id, "tagline", lang)] = s.tagline;
      out[serviceTextField(id, "intro", lang)] = s.intro;
      out[serviceTextField(id, "includes", lang)] = Object.values(s.includes).join("\n");
      out[serviceTextField(id, "for_whom", lang)] = s.forWhom;
    }
  }
  return out as Record<`service_${ServiceId}_${ServiceTextField}_${TextLang}`, string>;
}
