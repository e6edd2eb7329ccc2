/**
 * The server's render-time i18next keeps the words it has worked out (app/lib/server-i18n.server.ts): what it
 * answers must be what i18next itself answers, for every key of every catalogue, with and without values, plurals
 * in every language's forms included, the first time and when kept.
 */
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { renderI18n } from "../../app/lib/server-i18n.server.js";
import { i18nOptions, resources } from "../../lib/i18n/index.js";
import { languages } from "../../lib/i18n/languages.js";

function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe("the server's kept words", () => {
  it.each([...languages])("are i18next's own, in %s, for every key, bare and with plain values", (lang) => {
    const plain = createInstance();
    void plain.init({ ...i18nOptions, lng: lang, resources, initImmediate: false });
    const kept = renderI18n(lang).getFixedT(lang);
    // Plural keys are asked for without their suffix, as the pages do.
    const keys = [...new Set(keysOf(resources[lang].translation).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))];
    expect(keys.length).toBeGreaterThan(500);
    const values = { name: "Ana", time: "10:00", amount: "$95.00", list: "a, b", service: "Mentorship", n: 3 };
    for (const key of keys) {
      for (let round = 0; round < 2; round++) {
        expect(kept(key)).toBe(plain.t(key));
        expect(kept(key, values)).toBe(plain.t(key, values));
        for (const count of [0, 1, 2, 3, 11, 100])
          expect(kept(key, { ...values, count })).toBe(plain.t(key, { ...values, count }));
      }
    }
  });

  it("leaves a call with a value that is not plain to i18next, every time", () => {
    const kept = renderI18n("en").getFixedT("en");
    const first = kept("work.mentors.rate", { amount: { toString: () => "one" } });
    const second = kept("work.mentors.rate", { amount: { toString: () => "two" } });
    expect([first, second]).toEqual([expect.stringContaining("one"), expect.stringContaining("two")]);
  });
});
