/**
 * The portal's languages (issue 26): English at `/`, the others under their code (`/ar/…`, `/es/…`, `/fr/…`).
 * Arabic is written right to left with Latin digits ("ar-u-nu-latn"): the digits of prices, dates, phone numbers
 * and passport numbers read the same as on the documents clients carry.
 */
export const languages = ["en", "ar", "es", "fr"] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = "en";
/** The languages that have a prefix in the address (all but English). */
export const prefixedLanguages = languages.filter((l) => l !== defaultLang);

/** Each language's name in itself, as the switch shows it. */
export const languageNames: Record<Lang, string> = { en: "English", ar: "العربية", es: "Español", fr: "Français" };

/**
 * The languages besides English whose service-page and catalogue texts the owner also writes (issue 26): until they
 * do, each is the catalogue's own translation of the first English text. Here rather than in lib/business.ts, so that
 * the office's catalogue forms do not fetch that module's file for them.
 */
export const textLangs = ["ar", "es", "fr"] as const;
export type TextLang = (typeof textLangs)[number];
export const isTextLang = (v: unknown): v is TextLang => (textLangs as readonly unknown[]).includes(v);

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** A stored language as one of the portal's (English for anything else). */
export function asLang(value: unknown): Lang {
  return isLang(value) ? value : defaultLang;
}

export function dirOf(lang: Lang): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

/** The locale `Intl` formats with: dates, times, numbers and money. */
export function intlLocale(lang: Lang): string {
  return { en: "en-GB", ar: "ar-u-nu-latn", es: "es-ES", fr: "fr-FR" }[lang];
}

/** The language an address is in: its first segment when that is a prefixed language, else English. */
export function langOfPath(pathname: string): Lang {
  const first = pathname.split("/")[1] ?? "";
  return isLang(first) && first !== defaultLang ? first : defaultLang;
}

/** The address without its language prefix: `/ar/about` → `/about`, `/ar` → `/`. */
export function pathWithoutLang(pathname: string): string {
  const lang = langOfPath(pathname);
  if (lang === defaultLang) return pathname || "/";
  const rest = pathname.slice(lang.length + 1);
  return rest === "" ? "/" : rest;
}

/** The same page in another language: `pathInLang("/ar/about", "fr")` → `/fr/about`; English has no prefix. */
export function pathInLang(pathname: string, lang: Lang): string {
  const bare = pathWithoutLang(pathname);
  if (lang === defaultLang) return bare;
  return bare === "/" ? `/${lang}` : `/${lang}${bare}`;
}

/**
 * i18next's settings, for the server's translator() and language detection, and the test that holds the pages'
 * translator to i18next's words (here, not beside the catalogues, so a module the browser loads may read the
 * languages without carrying the catalogues).
 */
export const i18nOptions = {
  supportedLngs: [...languages],
  fallbackLng: defaultLang,
  defaultNS: "translation",
  ns: ["translation"],
  // React escapes what it renders; e-mails escape in their own templates.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Never suspend a render: every catalogue a page needs is there before it is drawn (the server has them all; the
  // browser fetches its page's before hydrating), and a later language is drawn once it has come.
  react: { useSuspense: false },
} as const;
