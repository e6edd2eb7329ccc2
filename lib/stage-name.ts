/** A case stage's name in a language (issue 39): its own when the office wrote it, else the English one. */
import { asLang } from "./i18n/languages.js";

export type StageNamed = { name: string; name_ar?: string | null; name_es?: string | null; name_fr?: string | null };

export function stageName(s: StageNamed, lang: string | null | undefined): string {
  const l = asLang(lang ?? "en");
  return (l === "en" ? null : s[`name_${l}`]) || s.name;
}
