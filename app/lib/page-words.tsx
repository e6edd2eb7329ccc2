/**
 * The page's words in components: `useTranslation()` for a word, `<Trans>` for words with links or emphasis inside
 * (`"Ask <go>your agent</go>"`), over the translator of lib/i18n/words.ts. The root's layout gives the page's
 * language (`WordsProvider`); its words come from the whole catalogues on the server (entry.server.tsx gives
 * them), and in the browser from what the page carried and fetched since (catalogue-loading.ts). The calls read
 * as react-i18next's did, which the pages used before.
 */
import { cloneElement, createContext, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { fillWords, makeWords, type T, type TOptions, type Words } from "../../lib/i18n/words";
import { browserWords } from "./catalogue-loading";

export type { T, TOptions } from "../../lib/i18n/words";

/** A language's translator, from wherever this side keeps its words. */
export type WordsSource = (lang: string) => Words;

/** The browser's words, unless the server's render gives its own (entry.server.tsx). */
const SourceContext = createContext<WordsSource>(browserWords);
export const WordsSourceProvider = SourceContext.Provider;

type PageWords = { t: T; i18n: Words };
const noWords = makeWords([]);
/** Outside the root's layout (a component drawn alone): no words, each key said as itself. */
const WordsContext = createContext<PageWords>({ t: noWords.t, i18n: noWords });

/** This language's words from the entry's source, the same object while the language stays. */
export function usePageWords(lang: string): PageWords {
  const source = useContext(SourceContext);
  return useMemo(() => {
    const words = source(lang);
    return { t: words.t, i18n: words };
  }, [source, lang]);
}

export function WordsProvider({ words, children }: { words: PageWords; children: ReactNode }) {
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/** `t` in the page's language, and the language itself (`i18n.language`). */
export function useTranslation(): PageWords {
  return useContext(WordsContext);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A key's words with elements in them: each `<name>…</name>` (or `<name/>`) of the words becomes `components[name]`
 * with what the tags held inside it. The words are split into their parts before the values are filled in, so a
 * value (a client's name) is only ever text, whatever it holds.
 */
export function Trans({
  i18nKey,
  values,
  count,
  components = {},
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  count?: number;
  components?: Record<string, ReactElement>;
}) {
  const { i18n } = useTranslation();
  const options: TOptions = count === undefined ? { ...values } : { ...values, count };
  const words = i18n.template(i18nKey, options) ?? i18nKey;
  return <>{parts(words, options, components)}</>;
}

function parts(words: string, values: TOptions, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  let from = 0;
  for (const match of words.matchAll(TAG)) {
    const at = match.index ?? 0;
    if (at > from) out.push(fillWords(words.slice(from, at), values));
    const name = match[1] ?? match[3] ?? "";
    const inner = match[2] === undefined ? [] : parts(match[2], values, components);
    const element = components[name];
    // A tag the page gave no element for is dropped, its words kept.
    if (element) out.push(cloneElement(element, { key: out.length }, ...inner));
    else out.push(...inner);
    from = at + match[0].length;
  }
  if (from < words.length) out.push(fillWords(words.slice(from), values));
  return out;
}
