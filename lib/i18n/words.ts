/**
 * The pages' translator, in the server's render and in the browser alike: a catalogue (the shape i18next reads,
 * `lib/i18n/en.ts`) flattened to one map of keys, and `t` over it with the part of i18next's behaviour the pages
 * use: a key's words in the page's language, else in its fallbacks; a count's plural form by `Intl.PluralRules`
 * (`_zero` first for 0, then the language's category, then the bare key); `{{name}}` filled from the values, a
 * name not given left as written; a `defaultValue`, else the key itself, when no catalogue has the key.
 *
 * i18next itself still reads the same catalogues on the server (e-mails, titles, `translator()`); in the browser
 * it was 20 kB of the 100 a page may weigh (with react-i18next), for this much of it. tests/unit/words.test.ts
 * holds the two to the same words for every key of every catalogue, with and without counts and values.
 */

/** A catalogue flattened: `"work.clients.name"` → its words. */
export type FlatWords = Map<string, string>;

export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
/** A page's translator: the words of a key, filled with the values given. */
export type T = (key: string, options?: TOptions) => string;

export type Words = {
  /** The page's language (i18next's `i18n.language`). */
  language: string;
  t: T;
  /** Whether a catalogue of the page's languages has the key itself (as i18next's `exists`). */
  exists: (key: string) => boolean;
  /** The key's words, its plural form chosen, not yet filled (what `<Trans>` splits into its parts). */
  template: (key: string, options?: TOptions) => string | undefined;
};

/** Adds a catalogue's words (nested objects of strings) to `into`, their keys joined by dots. */
export function flattenWords(tree: unknown, into: FlatWords = new Map(), prefix = ""): FlatWords {
  if (tree && typeof tree === "object") {
    for (const [name, value] of Object.entries(tree as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value === "string") into.set(key, value);
      else flattenWords(value, into, key);
    }
  }
  return into;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

const NAME = /{{(.+?)}}/g;

/** `{{name}}` filled from `values`; a name `values` lacks stays as written, one given as null or undefined is empty. */
export function fillWords(text: string, values: Record<string, unknown> | undefined): string {
  if (!text.includes("{{")) return text;
  return text.replace(NAME, (written, inner: string) => {
    const name = inner.trim();
    if (!values || !Object.prototype.hasOwnProperty.call(values, name)) return written;
    const value = values[name];
    return value == null ? "" : String(value);
  });
}

/** The translator over these catalogues, the first the page's language, the rest its fallbacks in order. */
export function makeWords(chain: ReadonlyArray<{ lang: string; words: FlatWords }>): Words {
  const language = chain[0]?.lang ?? "en";
  const template = (key: string, options?: TOptions): string | undefined => {
    const count = options?.count;
    for (const { lang: of, words } of chain) {
      if (typeof count === "number") {
        const zero = count === 0 ? words.get(`${key}_zero`) : undefined;
        if (zero !== undefined) return zero;
        const form = words.get(`${key}_${pluralOf(of, count)}`);
        if (form !== undefined) return form;
      }
      const bare = words.get(key);
      if (bare !== undefined) return bare;
    }
    return undefined;
  };
  const t: T = (key, options) => fillWords(template(key, options) ?? options?.defaultValue ?? key, options);
  const exists = (key: string) => chain.some(({ words }) => words.has(key));
  return { language, t, exists, template };
}
