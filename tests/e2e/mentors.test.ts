import { describe, expect, it } from "vitest";
import { expectToast, journeys, jsModes, newContext, pickClient, settle, signInAs, unexpected } from "../support/browser.js";

journeys("mentors in Chromium", (ctx) => {
  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";
    // The agent's own zone (UTC here), whatever the browser's: the page never swaps to the browser's zone.
    const zone = "UTC";

    it("finds a mentor, books a slot for a client, pays, sees it confirmed, and the slot is gone", async () => {
      const agent = await ctx.portal.createAgent(`mentee-${tag}@example.com`);
      const cookie = await ctx.portal.sessionCookie(agent.email, agent.password);
      await fetch(`${ctx.portal.base}/backend/agent/addclient`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${cookie.token}` },
        body: JSON.stringify({ first_name: "Nia", last_name: `Okoro ${tag}`, email: `nia-${tag}@example.com` }),
      });
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { timezoneId: "America/New_York" });
      await signInAs(context, ctx.portal.base, cookie);
      const page = await context.newPage();

      await page.goto(ctx.portal.base + "/dashboard");
      await page.getByRole("link", { name: "Find a mentor" }).click();
      await page.waitForURL(/\/mentors$/);
      await page.getByLabel("Language").selectOption("German");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/language=German/);
      await expect.poll(() => page.locator(".mentor-card").count(), settle).toBe(1);
      // The filtered page shows the choice it was filtered by (drawn again, scripts on or off).
      await expect(page.getByLabel("Language").inputValue()).resolves.toBe("German");
      await page.getByRole("link", { name: "Amira Haddad", exact: true }).click();
      await page.waitForURL(/\/mentors\/\d+/);
      await expect
        .poll(() => page.getByTestId("zones").innerText(), settle)
        .toBe(`Times in your zone, ${zone}. The mentor's zone is Europe/Berlin. Sessions last one hour.`);

      // The seven days after these.
      await page.getByRole("link", { name: "Next 7 days →" }).click();
      await page.waitForURL(/week=/);
      const weekUrl = page.url();
      const firstSlot = page.locator("a.slot").first();
      await firstSlot.waitFor();
      const start = (await firstSlot.getAttribute("data-start"))!;
      await firstSlot.click();
      await page.waitForURL(/\/book\?/);
      // The refund rule is said before paying: here, and again in the cart (a session next week: a full refund until
      // 24 hours before it).
      await expect
        .poll(() => page.getByTestId("refund-rule").innerText(), settle)
        .toMatch(/^Once paid, refunded in full if cancelled by .+; after that, not refunded\. \(Terms §4\)$/);

      await page.getByRole("button", { name: "Hold this session" }).click();
      await expect.poll(() => page.locator("#field-client_id-error").innerText(), settle).toBe("Choose a client");
      await expect(page.locator("#field-topic-error").innerText()).resolves.toBe("Topic is required");
      await pickClient(page, `Nia Okoro ${tag}`);
      await page.getByLabel("Topic").fill("Negotiating a Berlin offer");
      await page.getByRole("button", { name: "Hold this session" }).click();
      await page.waitForURL(/\/cart\/$/);
      await expectToast(page, javaScriptEnabled, "Session held for 30 minutes: pay the cart to confirm it.");
      if (javaScriptEnabled) {
        // Told to screen readers through the page's own live region, and on screen long enough to read (issue 66).
        await expect(page.getByTestId("toast-announce").innerText()).resolves.toBe(
          "Session held for 30 minutes: pay the cart to confirm it.",
        );
        await page.mouse.move(0, 0);
        await page.waitForTimeout(6_000);
        await expect(page.locator(".Toastify__toast").filter({ hasText: "Session held" }).isVisible()).resolves.toBe(true);
      }
      await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("1");
      await expect(page.getByTestId("refundable-until").innerText()).resolves.toMatch(
        /^Once paid, refunded in full if cancelled by /,
      );

      await page.getByRole("button", { name: "Checkout" }).click();
      await page.waitForURL(/\/payment\/demo\//);
      await page.getByRole("button", { name: "Pay (demo)" }).click();
      await page.waitForURL(/\/payment\/success/);
      await expect.poll(() => page.getByTestId("payment-status").innerText(), settle).toBe("Payment received");

      await page.goto(ctx.portal.base + "/bookings");
      await expect.poll(() => page.getByTestId("booking-status").first().innerText(), settle).toBe("Confirmed");
      await page.goto(weekUrl);
      await page.locator("a.slot").first().waitFor();
      expect(await page.locator(`a.slot[data-start="${start}"]`).count()).toBe(0);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });
});
