/**
 * The sign-in page's return address (issue 9): 25 hostile values, in real Chromium, JavaScript on and off.
 * Whatever the value, the browser stays on the portal and asks no other host for anything.
 */
import { describe, expect, it } from "vitest";
import { hasControlCharacters } from "../../app/lib/paths.js";
import { haveBrowser, jsModes, newContext, signInAs, usePortalAndBrowser } from "../support/browser.js";
import { hostileRedirects } from "../support/hostile-redirects.js";

describe.skipIf(!haveBrowser)("return addresses after sign-in, in Chromium", () => {
  const ctx = usePortalAndBrowser();

  /** A context that refuses (and records) every request to a host other than the portal. */
  async function guardedContext(javaScriptEnabled: boolean) {
    const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
    const elsewhere: string[] = [];
    const portal = new URL(ctx.portal.base);
    await context.route(
      (url) => url.host !== portal.host,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    return { context, problems, elsewhere };
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("a signed-in agent following a hostile sign-in link stays on the portal (25 values)", async () => {
      const { context, elsewhere } = await guardedContext(javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      const page = await context.newPage();
      for (const value of hostileRedirects) {
        const res = await page.goto(`${ctx.portal.base}/authentication?redirectTo=${encodeURIComponent(value)}`);
        expect(new URL(page.url()).origin, JSON.stringify(value)).toBe(new URL(ctx.portal.base).origin);
        expect(res?.status(), JSON.stringify(value)).toBeLessThan(500);
      }
      expect(elsewhere).toEqual([]);
      await context.close();
    });

    it("a visitor signing in through the form from a hostile link lands on the portal", async () => {
      const { context, elsewhere } = await guardedContext(javaScriptEnabled);
      const page = await context.newPage();
      for (const value of hostileRedirects.filter((v) => !hasControlCharacters(v)).slice(0, 8)) {
        await context.clearCookies();
        await page.goto(`${ctx.portal.base}/authentication?redirectTo=${encodeURIComponent(value)}`);
        await page.getByLabel("Email").fill("demo@example.com");
        await page.getByLabel("Password").fill("demo-password");
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL((url) => !url.pathname.startsWith("/authentication"));
        expect(new URL(page.url()).origin, JSON.stringify(value)).toBe(new URL(ctx.portal.base).origin);
      }
      expect(elsewhere).toEqual([]);
      await context.close();
    });

    it("a return address with CR or LF is refused with 400; a good one is honoured", async () => {
      const { context } = await guardedContext(javaScriptEnabled);
      const page = await context.newPage();
      const bad = await page.goto(
        `${ctx.portal.base}/authentication?redirectTo=${encodeURIComponent("/clients\r\nSet-Cookie: x=1")}`,
      );
      expect(bad?.status()).toBe(400);
      expect(await page.locator("h1").innerText()).toBe("That did not work");
      await page.goto(`${ctx.portal.base}/authentication?redirectTo=${encodeURIComponent("/clients?q=ana")}`);
      await page.getByLabel("Email").fill("demo@example.com");
      await page.getByLabel("Password").fill("demo-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/clients\?q=ana$/);
      await context.close();
    });
  });
});
