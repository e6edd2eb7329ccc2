/**
 * The portal with an API that cannot be reached (API_BASE_URL pointing at a closed port):
 * "Server busy", never a crash, and nothing the user typed is lost.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeContexts,
  haveBrowser,
  jsModes,
  newContext,
  sharedBrowser,
  settle,
  signInAs,
  expectToast,
} from "../support/browser.js";
import { startPortal, type Portal } from "../support/portal.js";

describe.skipIf(!haveBrowser)("when the API is unreachable", () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    // Port 9 (discard) is closed here; the embedded API is still mounted, so a test can make a session.
    [portal, browser] = await Promise.all([
      startPortal({ API_BASE_URL: "http://127.0.0.1:9/backend/", API_TIMEOUT_MS: "2000" }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await portal?.stop();
  });

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("a sign-in says 'Server busy' and keeps the email", async () => {
      const { context } = await newContext(browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(portal.base + "/authentication");
      await page.getByLabel("Email").fill("demo@example.com");
      await page.getByLabel("Password").fill("demo-password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expectToast(page, javaScriptEnabled, "Server busy");
      await expect(page.getByLabel("Email").inputValue()).resolves.toBe("demo@example.com");
      await expect
        .poll(() => page.locator(".form-error").innerText(), settle)
        .toBe("The server is busy. Nothing was lost: please try again.");
      await context.close();
    });

    it("a signed-in agent still gets public pages, with 'Server busy'; a page that needs data says so", async () => {
      const { context } = await newContext(browser, javaScriptEnabled);
      await signInAs(context, portal.base, await portal.sessionCookie());
      const page = await context.newPage();
      const about = await page.goto(portal.base + "/about");
      expect(about?.status()).toBe(200);
      await expectToast(page, javaScriptEnabled, "Server busy");
      await expect
        .poll(() => page.locator("h1").innerText(), settle)
        .toBe("We help people build a working life in a new country.");
      const cart = await page.goto(portal.base + "/cart");
      expect(cart?.status()).toBe(503);
      // The heading must survive hydration too (it once came from a .server module, empty in the browser).
      await page.waitForLoadState("networkidle");
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Server busy");
      const html = await page.content();
      expect(html).not.toMatch(/ECONNREFUSED|at .*\.js:\d+/);
      await context.close();
    });
  });
});
