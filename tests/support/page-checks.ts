/**
 * What the browser tests read on a page, written once: its language (a page in Arabic, Spanish or French says it
 * all in it) and axe-core's critical and serious violations.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import type { Page } from "playwright-core";
import { catalogues } from "../../lib/i18n/index.js";
import { dirOf, type Lang } from "../../lib/i18n/languages.js";

/** Every English text of the catalogue of four words or more, its placeholders and tags taken out. */
const english = (() => {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      for (const part of v.split(/\{\{\w+\}\}|<\/?\w+>/)) if (part.trim().split(/\s+/).length >= 4) out.push(part.trim());
    } else for (const child of Object.values(v as object)) walk(child);
  };
  walk(catalogues.en);
  return out;
})();
const catalogueKey = new RegExp(`\\b(${Object.keys(catalogues.en).join("|")})\\.[A-Za-z0-9_.]+\\b`);

/**
 * `lang` and `dir` other than the language's, a catalogue key shown, or an English sentence of the catalogue left on
 * the page; what is marked as written in another language (the suggestion, a plan's English name) is not the
 * page's own text.
 */
export async function languageProblems(page: Page, lang: Lang, where: string): Promise<string[]> {
  const found: string[] = [];
  const [htmlLang, htmlDir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  if (htmlLang !== lang || htmlDir !== dirOf(lang)) found.push(`${where}: <html lang="${htmlLang}" dir="${htmlDir}">`);
  const text = await page.evaluate((lang) => {
    let all = document.body.innerText;
    for (const other of document.querySelectorAll<HTMLElement>(`body [lang]:not([lang="${lang}"])`)) {
      all = all.replace(other.innerText, "");
    }
    return all;
  }, lang);
  const key = catalogueKey.exec(text);
  if (key) found.push(`${where}: a catalogue key is shown: ${key[0]}`);
  const left = english.filter((sentence) => text.includes(sentence));
  if (left.length) found.push(`${where}: English left: "${left[0]}"`);
  return found;
}

let minified: string | undefined;
export const axeSource = () =>
  (minified ??= fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));

/**
 * axe-core's critical and serious violations of WCAG 2.0 to 2.2 A and AA and its best practices, one line each.
 *
 * axe runs in the page itself, put there once per page: the walk checks each page at two widths, and
 * @axe-core/playwright would put its 500 KB in twice for each check and finish every run in a page of its own
 * (its cross-frame mode, for iframes the portal has none of), which made axe most of the walk's time. It is the
 * package's minified build (axe.min.js, 640 KB), not `axe.source` (1.4 MB): measured per page, 200 ms to put in
 * instead of 300. A page that already has it (the walk's tab gives each of its pages axe as an init script) is not
 * given it again.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
  const violations = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options).then((r) => r.violations),
    {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      // Only violations are read: axe then keeps no record of every node that passed.
      resultTypes: ["violations"],
    } satisfies axe.RunOptions,
  );
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.length}x, e.g. ${v.nodes[0]?.target.join(" ")}`);
}
