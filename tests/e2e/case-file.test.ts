/**
 * The client's case file in Chromium, JavaScript on and off, desktop and 375 px: a note added (an empty one refused
 * beside the field), the timeline telling what happened, and "Book a mentor" from the client leading to a booking
 * form with the client already chosen.
 */
import { describe, expect, it } from "vitest";
import {
  expectToast,
  haveBrowser,
  jsModes,
  newContext,
  settle,
  signInAs,
  unexpected,
  usePortalAndBrowser,
} from "../support/browser.js";

describe.skipIf(!haveBrowser)("the client's case file in Chromium", () => {
  const ctx = usePortalAndBrowser();

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    for (const width of [1280, 375]) {
      it(`${width} px: a note joins the timeline; "Book a mentor" starts the booking with the client chosen`, async () => {
        const email = `case-${tag}-${width}@example.com`;
        await ctx.portal.createAgent(email, "Cora Case");
        const cookie = await ctx.portal.sessionCookie(email, "agent-password");
        const made = (await (
          await fetch(`${ctx.portal.base}/backend/agent/addclient`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${cookie.token}` },
            body: JSON.stringify({
              first_name: "Theo",
              last_name: `Timeline ${tag} ${width}`,
              email: `theo-${tag}-${width}@example.com`,
            }),
          })
        ).json()) as { data: { id: number } };
        const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width });
        await signInAs(context, ctx.portal.base, cookie);
        const page = await context.newPage();
        await page.goto(`${ctx.portal.base}/clients/${made.data.id}`);
        await expect.poll(() => page.getByTestId("timeline").innerText(), settle).toContain("Client added");

        await page.getByRole("button", { name: "Add note" }).click();
        await expect.poll(() => page.locator("#field-body-error").innerText(), settle).toBe("Write the note");
        await page.getByLabel("Add a note").fill("Prefers calls after 17:00 Lisbon time.");
        await page.getByRole("button", { name: "Add note" }).click();
        await expectToast(page, javaScriptEnabled, "Note added.");
        await expect
          .poll(() => page.getByTestId("timeline").locator("li").first().innerText(), settle)
          .toContain("Prefers calls after 17:00 Lisbon time.");
        await expect(page.getByTestId("timeline").locator("li").first().innerText()).resolves.toContain("Note · Cora Case");
        // The note field is empty again, ready for the next one.
        await expect(page.getByLabel("Add a note").inputValue()).resolves.toBe("");

        await page.getByRole("link", { name: "Book a mentor" }).click();
        await page.waitForURL(/\/mentors\?client=\d+$/);
        await page.getByRole("link", { name: "Amira Haddad", exact: true }).click();
        await page.waitForURL(/\/mentors\/\d+\?client=\d+$/);
        await page.locator("a.slot").first().click();
        await page.waitForURL(/\/book\?.*client=\d+/);
        const chosen = await page.getByLabel("For client").evaluate((el) => {
          const select = el as HTMLSelectElement;
          return select.options[select.selectedIndex]?.textContent ?? "";
        });
        expect(chosen).toContain(`Theo Timeline ${tag} ${width}`);
        expect(unexpected(problems)).toEqual([]);
        await context.close();
      });
    }
  });
});
