/**
 * The walk's own checks find what they look for (tests/support/page-checks.ts): a check that cannot fail would let
 * every page pass. Each is shown a page with the fault in it, and a page without.
 */
import { describe, expect, it } from "vitest";
import { closeContexts, haveBrowser, sharedBrowser } from "../support/browser.js";
import { axeProblems, languageProblems } from "../support/page-checks.js";

describe.skipIf(!haveBrowser)("the walk's checks", () => {
  it("axe finds an image with no text and a field with no label, twice on one page, and nothing on a sound page", async () => {
    const browser = await sharedBrowser();
    try {
      const page = await browser.newPage();
      await page.setContent(
        `<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main><h1>Faulty</h1>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>`,
      );
      const first = await axeProblems(page, "faulty");
      expect(first.join("\n")).toMatch(/image-alt \(critical\)/);
      expect(first.join("\n")).toMatch(/label \(critical\)/);
      // Checked again on the same page (the walk's second width): axe is already there, and finds them again.
      await page.setViewportSize({ width: 375, height: 900 });
      expect(await axeProblems(page, "faulty")).toEqual(first);
      await page.setContent(
        `<!doctype html><html lang="en"><head><title>Sound</title></head><body><main><h1>Sound</h1>
        <label for="q">Name</label><input id="q" type="text"></main></body></html>`,
      );
      expect(await axeProblems(page, "sound")).toEqual([]);
    } finally {
      await closeContexts(browser);
    }
  });

  it("a Spanish page with an English sentence of the catalogue, or the wrong lang, is found; one marked English is not", async () => {
    const browser = await sharedBrowser();
    try {
      const page = await browser.newPage();
      const sentence = "The server is busy right now. Please try again in a moment.";
      await page.setContent(`<html lang="es" dir="ltr"><body><p>Hola.</p><p lang="en">${sentence}</p></body></html>`);
      expect(await languageProblems(page, "es", "marked")).toEqual([]);
      await page.setContent(`<html lang="en"><body><p>Hola.</p><p>${sentence}</p><p>common.busy</p></body></html>`);
      const found = (await languageProblems(page, "es", "left")).join("\n");
      expect(found).toContain('left: <html lang="en" dir="">');
      expect(found).toContain(`English left: "${sentence}"`);
      expect(found).toContain("a catalogue key is shown: common.busy");
    } finally {
      await closeContexts(browser);
    }
  });
});
