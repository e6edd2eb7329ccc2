/**
 * Forms through Conform (docs/decisions/013-forms-with-conform.md), in Chromium, JavaScript on and off: a refusal is
 * said beside its field with what was typed kept, and only there; once the form is saved (a redirect back to the
 * same page, which keeps the page's components with scripts on) nothing of the refusal is said again; on a page of
 * several forms, the refusal of one is not said by another.
 */
import { expect, it } from "vitest";
import { expectToast, journeys, jsModes, newContext, signInAs, unexpected } from "../support/browser.js";

journeys("forms through Conform in Chromium", (ctx) => {
  for (const { name, javaScriptEnabled } of jsModes) {
    it(`${name}: the account page's refusal is said beside its field, kept, and gone once saved`, async () => {
      const tag = `${javaScriptEnabled ? "on" : "off"}-${Date.now()}`;
      const agent = await ctx.portal.agentWithApi(`forms-${tag}@example.com`, `Fran Forms ${tag}`);
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, agent.cookie);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/account");
      const profile = page.locator("form", { has: page.locator('input[name="intent"][value="profile"]') });
      const password = page.locator("form", { has: page.locator('input[name="intent"][value="password"]') });

      // Refused: the name emptied, a zone that is none. Said beside each, what was typed kept (the emptied name
      // empty, not the stored one); the password form says nothing.
      const name = profile.getByLabel("Name", { exact: true });
      const zone = profile.getByLabel("Your time zone");
      await name.fill("");
      await zone.fill("Mars/Olympus");
      await profile.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => profile.locator(".field__error").count()).toBe(2);
      expect(await name.inputValue()).toBe("");
      expect(await zone.inputValue()).toBe("Mars/Olympus");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await password.locator(".field__error, .form-error").count()).toBe(0);
      const focused = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
      if (javaScriptEnabled) {
        // The focus went to the first field to correct; and again when the same post is refused again (the form
        // keeps its fields then, so only the answer's arrival can move it).
        await expect.poll(focused).toBe("name");
        await profile.getByRole("button", { name: "Save" }).click();
        await expect.poll(focused).toBe("name");
        expect(await profile.locator(".field__error").count()).toBe(2);
      }

      // The other form refused: its words appear, the profile's go.
      await password.getByLabel("Current password").fill("x");
      await password.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => password.locator(".field__error").count()).toBeGreaterThan(0);
      expect(await profile.locator(".field__error, .form-error").count()).toBe(0);
      expect(await password.getByLabel("Current password").inputValue()).toBe("");

      // Saved: back on the same page, nothing refused is said any more.
      await name.fill(`Fran Saved ${tag}`);
      await zone.fill("Europe/Lisbon");
      await profile.getByRole("button", { name: "Save" }).click();
      await expectToast(page, javaScriptEnabled, "Saved");
      await expect.poll(() => page.locator(".field__error, .form-error").count()).toBe(0);
      expect(await name.inputValue()).toBe(`Fran Saved ${tag}`);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  }
});
