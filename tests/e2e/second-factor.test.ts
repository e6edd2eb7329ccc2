/**
 * Issue 67's journey in Chromium, JavaScript on and off at 1280 px and on at 375 px: an agent sets up an
 * authenticator on /account/security (a wrong first code refused beside the field, the key read off the page as a
 * person would type it), keeps the recovery codes, signs out, signs in with the password and cannot reach
 * /dashboard until a right code: a wrong code and a used one are refused beside the field; later a recovery code
 * signs in once.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle, unexpected } from "../support/browser.js";
import { codeFor } from "../support/totp.js";

journeys("a second factor in Chromium", (ctx) => {
  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    async function signInWithPassword(page: Page, email: string) {
      await page.goto(`${ctx.portal.base}/authentication?redirectTo=%2Fclients`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("agent-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/second-step$/);
    }

    it("an agent sets up codes, and after the password reaches nothing until a right code; a recovery code works once", async () => {
      const email = `mfa-${tag}@example.com`;
      await ctx.portal.agentWithApi(email, `Mfa Agent ${tag}`);
      const browser = await newContext(ctx.browser, javaScriptEnabled, { width });
      const page = await browser.context.newPage();
      await page.goto(`${ctx.portal.base}/authentication`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("agent-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/dashboard\/?$/);

      // Set-up: the QR code and the key; a wrong first code refused beside the field.
      await page.goto(`${ctx.portal.base}/account/security`);
      await page.getByLabel("Name (optional)").fill("My phone");
      await page.getByRole("button", { name: "Show the code to scan" }).click();
      await expect.poll(() => page.locator(".qr-code svg").count(), settle).toBe(1);
      const key = await page.getByTestId("factor-key").innerText();
      expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
      await page.getByLabel("The six digits your app shows now").fill(codeFor(key) === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect
        .poll(() => page.locator("#set-up .field__error").innerText(), settle)
        .toBe("That code is not right, or it was used already.");
      // The code that confirms the app, kept: a code taken once is refused after, whatever the clock does meanwhile.
      const first = codeFor(key);
      await page.getByLabel("The six digits your app shows now").fill(first);
      await page.getByRole("button", { name: "Confirm" }).click();
      const codes = page.getByTestId("recovery-codes").locator("code");
      await expect.poll(() => codes.count(), settle).toBe(10);
      const recovery = await codes.allInnerTexts();
      await page.getByRole("link", { name: "I have kept them" }).click();
      await expect.poll(() => page.getByTestId("factors").innerText(), settle).toContain("My phone");
      await expect(page.getByTestId("recovery-left").innerText()).resolves.toBe("10 recovery codes left.");

      // Signed out, then in with the password: the second step, and nothing else until a right code.
      await browser.context.clearCookies();
      await signInWithPassword(page, email);
      await page.goto(`${ctx.portal.base}/dashboard`);
      await expect.poll(() => new URL(page.url()).pathname, settle).toMatch(/^\/authentication/);
      await signInWithPassword(page, email);
      await page.getByLabel("Code").fill("zzzz-zzzz");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect
        .poll(() => page.locator(".field__error").first().innerText(), settle)
        .toBe("That code is not right, or it was used already.");
      // The code that confirmed the app was taken already.
      await page.getByLabel("Code").fill(first);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect
        .poll(() => page.locator(".field__error").first().innerText(), settle)
        .toBe("That code is not right, or it was used already.");
      await page.getByLabel("Code").fill(codeFor(key, 1));
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/clients$/);
      await expectToast(page, javaScriptEnabled, /^Welcome/);

      // A recovery code, once.
      await browser.context.clearCookies();
      await signInWithPassword(page, email);
      await page.getByLabel("Code").fill(recovery[0]!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/clients$/);
      await browser.context.clearCookies();
      await signInWithPassword(page, email);
      await page.getByLabel("Code").fill(recovery[0]!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect
        .poll(() => page.locator(".field__error").first().innerText(), settle)
        .toBe("That code is not right, or it was used already.");
      expect(unexpected(browser.problems)).toEqual([]);
    });
  });
});
