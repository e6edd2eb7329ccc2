/**
 * The server's words for rendering pages (app/lib/page-words.tsx): every catalogue, flattened once per language, with
 * English behind the others as i18next's `fallbackLng` has it. Made on first use and only read after.
 */
import { resources } from "../../lib/i18n/index.js";
import { defaultLang, isLang } from "../../lib/i18n/languages.js";
import { flattenWords, makeWords, type Words } from "../../lib/i18n/words.js";

const made = new Map<string, Words>();

export function serverWords(lang: string): Words {
  let words = made.get(lang);
  if (!words) {
    const chain = [lang, defaultLang]
      .filter((l, i, all) => isLang(l) && all.indexOf(l) === i)
      .map((l) => ({ lang: l, words: flattenWords(resources[l as keyof typeof resources].translation) }));
    words = makeWords(chain);
    made.set(lang, words);
  }
  return words;
}
