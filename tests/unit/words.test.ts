/**
 * The pages' translator (lib/i18n/words.ts, app/lib/page-words.tsx) says what i18next and react-i18next said, for every
 * key of every catalogue: the words alone, filled with values, in each plural form a count can pick, with a
 * default, and with elements inside (`<Trans>`). The pages used the two libraries before; the server's e-mails and
 * titles still use i18next over the same catalogues.
 */
import { createInstance } from "i18next";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next, Trans as LibraryTrans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Trans, usePageWords, WordsProvider, WordsSourceProvider } from "../../app/lib/page-words.js";
import { serverWords } from "../../app/lib/server-words.server.js";
import { i18nOptions, resources } from "../../lib/i18n/index.js";
import { languages, type Lang } from "../../lib/i18n/languages.js";
import { fillWords, flattenWords, makeWords } from "../../lib/i18n/words.js";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const counts = [0, 1, 2, 3, 11, 100, 102, 1.5];

function libraryOf(lang: Lang) {
  const instance = createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions, lng: lang, resources, initImmediate: false });
  return instance;
}

/**
 * Every key a page may ask for in `lang` (a plural's forms as their bare key), those with plural forms, and every
 * value name the words use.
 */
function keysOf(lang: Lang) {
  const flat = flattenWords(resources[lang].translation, flattenWords(resources.en.translation));
  const keys = new Set([...flat.keys()].map((key) => key.replace(PLURAL, "")));
  const plural = new Set([...flat.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, "")));
  const names = new Set<string>();
  for (const words of flat.values()) for (const m of words.matchAll(/{{(.+?)}}/g)) names.add(m[1]!.trim());
  return { flat, keys: [...keys], plural, names: [...names] };
}

describe("the pages' translator says what i18next said", () => {
  for (const lang of languages) {
    it(`${lang}: every key, with and without values, in every plural form`, () => {
      const library = libraryOf(lang).getFixedT(lang);
      const ours = serverWords(lang).t;
      const { keys, plural, names } = keysOf(lang);
      const values = Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
      expect(keys.length).toBeGreaterThan(1000);
      expect(plural.size).toBeGreaterThan(10);
      const differ: string[] = [];
      let compared = 0;
      for (const key of keys) {
        // A key without plural forms is asked once with a count too (a count must not hide its words).
        const withCounts = (plural.has(key) ? counts : [2]).map((count) => ({ ...values, count }));
        for (const options of [undefined, values, ...withCounts]) {
          const [a, b] = [ours(key, options), library(key, options)];
          if (a !== b) differ.push(`${key} ${JSON.stringify(options?.count)}: ${a} ≠ ${b}`);
          compared++;
        }
      }
      expect(differ).toEqual([]);
      expect(compared).toBe(keys.length * 3 + plural.size * (counts.length - 1));
    });
  }

  it("a key no catalogue has: its default, filled, else the key itself", () => {
    const library = libraryOf("fr").getFixedT("fr");
    const ours = serverWords("fr").t;
    for (const options of [undefined, { defaultValue: "Statut {{s}}", s: "x" }, { defaultValue: "" }, { count: 2 }]) {
      expect(ours("no.such.key", options)).toBe(library("no.such.key", options));
    }
  });

  it("a value given as null or undefined is empty; one not given stays as written", () => {
    expect(fillWords("a {{x}} b {{ y }} c {{z}}", { x: null, y: undefined })).toBe("a  b  c {{z}}");
    expect(fillWords("{{n}} of {{n}}", { n: 3 })).toBe("3 of 3");
    const words = makeWords([
      {
        lang: "en",
        words: new Map([
          ["k_one", "one {{count}}"],
          ["k_other", "{{count}} many"],
        ]),
      },
    ]);
    expect(words.t("k", { count: 1 })).toBe("one 1");
    expect(words.t("k", { count: 5 })).toBe("5 many");
    expect(words.exists("k_one")).toBe(true);
    expect(words.exists("nothing")).toBe(false);
  });
});

describe("<Trans> draws what react-i18next's drew", () => {
  for (const lang of languages) {
    it(`${lang}: every key with elements in its words`, () => {
      const library = libraryOf(lang);
      const { flat, names } = keysOf(lang);
      const values = Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
      const tagged = [...new Set([...flat].filter(([, w]) => /<\w+\s*\/?>/.test(w)).map(([k]) => k.replace(PLURAL, "")))];
      expect(tagged.length).toBeGreaterThan(40);
      for (const key of tagged) {
        const tags = [...new Set([...(flat.get(key) ?? flat.get(`${key}_other`) ?? "").matchAll(/<(\w+)/g)].map((m) => m[1]!))];
        const components = Object.fromEntries(tags.map((tag) => [tag, createElement("a", { href: `#${tag}` })]));
        for (const count of [undefined, 1, 2]) {
          const props = { i18nKey: key, values: count === undefined ? values : { ...values, count }, count, components };
          const theirs = renderToStaticMarkup(
            createElement(I18nextProvider, { i18n: library }, createElement(LibraryTrans, props)),
          );
          expect(render(lang, createElement(Trans, props)), `${key} ${count}`).toBe(theirs);
        }
      }
    });
  }

  it("a value is text, whatever it holds: never an element", () => {
    const html = render(
      "en",
      createElement(Trans, {
        i18nKey: "work.dashboard.signedInAs",
        values: { email: "<email>x</email>@evil.test" },
        components: { email: createElement("bdi") },
      }),
    );
    expect(html).toContain("<bdi>&lt;email&gt;x&lt;/email&gt;@evil.test</bdi>");
  });
});

function render(lang: string, element: ReactElement): string {
  function Page() {
    return createElement(WordsProvider, { words: usePageWords(lang), children: element });
  }
  return renderToStaticMarkup(createElement(WordsSourceProvider, { value: serverWords }, createElement(Page)));
}
