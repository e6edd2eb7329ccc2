/**
 * Forms through Conform (docs/decisions/013-forms-with-conform.md, 017-conform-both-sides.md), in Chromium,
 * JavaScript on and off: a refusal is said beside its field with what was typed kept, and only there; with scripts
 * on, the action's own schema refuses in the browser, in the same words, before anything is sent; once the form is
 * saved (a redirect back to the same page, which keeps the page's components with scripts on) nothing of the refusal
 * is said again; on a page of several forms, the refusal of one is not said by another.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { fr } from "../../lib/i18n/fr.js";
import { expectToast, journeys, jsModes, newContext, signInAs, unexpected } from "../support/browser.js";

/** The posts a page sends from now on: with scripts on, a form whose check has come refuses before it sends. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
  return posts;
}

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
      const posts = postsOf(page);
      if (javaScriptEnabled) {
        // The focus went to the first field to correct (the server's answer above, unless the check had come).
        await expect.poll(focused).toBe("name");
        // The form's check comes with its first focus: the same post is now refused in the browser, in the same
        // words, nothing sent, the focus again on the first field to correct.
        await expect.poll(() => profile.getAttribute("data-check")).toBe("ready");
        posts.length = 0;
        await zone.focus();
        await profile.getByRole("button", { name: "Save" }).click();
        await expect.poll(focused).toBe("name");
        expect(await profile.locator(".field__error").allTextContents()).toEqual([
          "Name is required",
          "Choose a time zone from the list",
        ]);
        expect(await profile.locator(".form-error").textContent()).toContain("Please correct the highlighted fields.");
        expect(posts).toEqual([]);
        // A field checked once is checked again as it changes: a name typed takes its words away, the zone's stay.
        await name.pressSequentially("F");
        await expect.poll(() => profile.locator(".field__error").allTextContents()).toEqual(["Choose a time zone from the list"]);
        await name.fill("");
        await expect.poll(() => profile.locator(".field__error").count()).toBe(2);
        expect(posts).toEqual([]);
      }

      // The other form refused by the server (a wrong current password: only the server knows): its words appear,
      // the profile's go, and the password typed is not sent back.
      await password.getByLabel("Current password").fill("not-my-password");
      await password.getByLabel("New password").fill("a-new-Password-9");
      await password.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => password.locator(".field__error, .form-error").count()).toBeGreaterThan(0);
      expect(await profile.locator(".field__error, .form-error").count()).toBe(0);
      expect(await password.getByLabel("Current password").inputValue()).toBe("");
      if (javaScriptEnabled) {
        // A new password too short, refused in the browser once the form's check has come: nothing sent.
        await expect.poll(() => password.getAttribute("data-check")).toBe("ready");
        posts.length = 0;
        await password.getByLabel("Current password").fill("anything");
        await password.getByLabel("New password").fill("short");
        await password.getByRole("button", { name: "Change password" }).click();
        await expect
          .poll(() => password.locator(".field__error").allTextContents())
          .toEqual(["A password needs at least 10 characters"]);
        expect(posts).toEqual([]);
      }

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

  it("JavaScript on: a French visitor's contact form is refused in the browser, in French, with nothing sent", async () => {
    const { context, problems } = await newContext(ctx.browser, true);
    const page = await context.newPage();
    const posts = postsOf(page);
    await page.goto(ctx.portal.base + "/fr/contact");
    const form = page.locator("form.form");
    const email = form.locator('input[name="email"]');
    await form.locator('input[name="name"]').fill("Ana Lima");
    await email.fill("pas-une-adresse");
    await expect.poll(() => form.getAttribute("data-check")).toBe("ready");
    await form.locator('button[type="submit"]').click();
    // The catalogue's French words for the code, as the server's answer would say them.
    await expect
      .poll(() => form.locator(".field__error").allTextContents())
      .toEqual([
        fr.messages.emailInvalid,
        fr.messages.fieldRequired.replace("{{field}}", fr.contact.subject),
        fr.messages.fieldRequired.replace("{{field}}", fr.fields.message),
      ]);
    expect(await form.locator(".form-error").textContent()).toContain(fr.messages.fixFields);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    expect(posts).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it("JavaScript on: the zone picker refuses a zone that is none in place, before posting to the account page", async () => {
    const agent = await ctx.portal.agentWithApi(`zone-${Date.now()}@example.com`, "Zoe Zone");
    const { context, problems } = await newContext(ctx.browser, true);
    await signInAs(context, ctx.portal.base, agent.cookie);
    const page = await context.newPage();
    const posts = postsOf(page);
    await page.goto(ctx.portal.base + "/account/zone");
    const form = page.locator("form.form");
    const zone = form.locator('input[name="time_zone"]');
    await zone.fill("Mars/Olympus");
    await expect.poll(() => form.getAttribute("data-check")).toBe("ready");
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator(".field__error").allTextContents()).toEqual(["Choose a time zone from the list"]);
    expect(page.url()).toContain("/account/zone");
    expect(posts).toEqual([]);
    // A zone from the list goes through: saved, and back where the picker was opened from.
    await zone.fill("Europe/Lisbon");
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith("/account/zone"));
    expect(posts).toHaveLength(1);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
