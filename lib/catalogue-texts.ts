/**
 * The catalogue's words in other languages (issue 37, point 4): what the office writes of a plan and a mentor in
 * Arabic, Spanish and French, beside the English it must write. A field left unwritten in a language is shown in
 * English on that language's pages, marked `lang="en"`. Shared by the API, the office's forms and the public pages.
 */
import { isTextLang, textLangs, type TextLang } from "./i18n/languages.js";

export const planTextFields = ["name", "description", "includes"] as const;
export type PlanTextField = (typeof planTextFields)[number];
export type PlanTexts = { name?: string; description?: string; includes?: string[] };

/** A session pack's words (issue 41) */
export const packTextFields = ["name", "description"] as const;
export type PackTexts = { name?: string; description?: string };

export const mentorTextFields = ["title", "bio", "expertise"] as const;
export type MentorTextField = (typeof mentorTextFields)[number];
export type MentorTexts = { title?: string; bio?: string; expertise?: string[] };

/** What the office has written in each other language (a language with nothing written is absent). */
export type Translations<T> = Partial<Record<TextLang, T>>;

/** A form's field for one field in one language: `name_es`, `bio_ar`. */
export const translatedField = (field: string, lang: TextLang) => `${field}_${lang}`;

/** Every translated field of a form, language by language: `name_ar`, `description_ar`, …, `includes_fr`. */
export const translatedFields = (fields: readonly string[]) =>
  textLangs.flatMap((lang) => fields.map((field) => translatedField(field, lang)));

/** The fields a list is typed in, one item a line (includes) or separated by commas (expertise). */
export const listFields: Record<string, "lines" | "commas"> = { includes: "lines", expertise: "commas" };

/** A list as a form shows it, and a form's text as a list. */
export function listText(field: string, items: readonly string[] | undefined): string {
  return (items ?? []).join(listFields[field] === "lines" ? "\n" : ", ");
}
export function listOf(field: string, text: string | undefined): string[] {
  return (text ?? "")
    .split(listFields[field] === "lines" ? "\n" : ",")
    .map((item) => item.trim())
    .filter(Boolean);
}

let englishNames: Map<string, string> | null = null;
/** One namer a page language (the portal's four): made once, used for every mentor's every language. */
const namesIn = new Map<string, Intl.DisplayNames>();
/** Names people type that Intl calls otherwise. */
const aliases: Record<string, string> = { mandarin: "zh", cantonese: "zh", farsi: "fa", "brazilian portuguese": "pt" };

/**
 * A language's name in `locale` ("Arabic" on a French page: "arabe"), from Intl.DisplayNames. The office types a
 * mentor's languages in English; each is matched to its ISO 639 code by Intl's own English names (every two-letter
 * code asked once). A name Intl does not know is left as typed, and `known` is false.
 */
export function languageName(typed: string, locale: string): { name: string; known: boolean } {
  if (!englishNames) {
    englishNames = new Map();
    const inEnglish = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const a of letters) {
      for (const b of letters) {
        const name = inEnglish.of(a + b);
        if (name) englishNames.set(name.toLowerCase(), a + b);
      }
    }
  }
  const code = englishNames.get(typed.trim().toLowerCase()) ?? aliases[typed.trim().toLowerCase()];
  if (!code) return { name: typed, known: false };
  // An English page shows the name as the office typed it ("Mandarin", not Intl's "Chinese").
  if (locale.startsWith("en")) return { name: typed, known: true };
  let names = namesIn.get(locale);
  if (!names) namesIn.set(locale, (names = new Intl.DisplayNames([locale], { type: "language" })));
  return { name: names.of(code) ?? typed, known: true };
}

/**
 * A form's translated fields as the API's `texts`: each language's object whole (a field left blank is not
 * written: English is shown), lists read from their text.
 */
export function textsFromForm(fields: readonly string[], values: Record<string, string | undefined>) {
  return Object.fromEntries(
    textLangs.map((lang) => [
      lang,
      Object.fromEntries(
        fields.map((field) => {
          const typed = values[translatedField(field, lang)] ?? "";
          return [field, listFields[field] ? listOf(field, typed) : typed];
        }),
      ),
    ]),
  );
}

/** What is written in each language as a form's stored values (`name_ar`: "…"). */
export function formValuesOf(fields: readonly string[], texts: Translations<Record<string, string | string[] | undefined>>) {
  const values: Record<string, string> = {};
  for (const lang of textLangs) {
    for (const field of fields) {
      const written = texts[lang]?.[field];
      values[translatedField(field, lang)] = Array.isArray(written) ? listText(field, written) : (written ?? "");
    }
  }
  return values;
}

/** An error's path in the API's body (`texts.ar.name`, `includes.2`) as the form's field (`name_ar`, `includes`). */
export function translatedFieldOf(path: ReadonlyArray<string | number>): string | null {
  if (path[0] !== "texts") return null;
  const [, lang, field] = path;
  return typeof lang === "string" && typeof field === "string" && isTextLang(lang) ? translatedField(field, lang) : null;
}
