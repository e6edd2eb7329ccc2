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
  transports,
} from "../support/browser.js";

describe.skipIf(!haveBrowser).each(transports)("mentors in Chromium, API %s", (transport) => {
  const ctx = usePortalAndBrowser({}, transport);

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";
    // With JavaScript the page takes the browser's zone; without, the agent's own setting (UTC here).
    const zone = javaScriptEnabled ? "America/New_York" : "UTC";

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
      await page.getByRole("link", { name: "Amira Haddad" }).click();
      await page.waitForURL(/\/mentors\/\d+/);
      await expect
        .poll(() => page.getByTestId("zones").innerText(), settle)
        .toBe(`Times in your zone, ${zone}; the mentor's zone is Europe/Berlin. Sessions last one hour.`);

      // Next week: all of it is in the future.
      await page.getByRole("link", { name: "Next week →" }).click();
      await page.waitForURL(/week=/);
      const weekUrl = page.url();
      const firstSlot = page.locator("a.slot").first();
      await firstSlot.waitFor();
      const start = (await firstSlot.getAttribute("data-start"))!;
      await firstSlot.click();
      await page.waitForURL(/\/book\?/);

      await page.getByRole("button", { name: "Hold this session" }).click();
      await expect.poll(() => page.locator("#field-client_id-error").innerText(), settle).toBe("Choose a client");
      await expect(page.locator("#field-topic-error").innerText()).resolves.toBe("Topic is required");
      await page.getByLabel("For client").selectOption({ label: `Nia Okoro ${tag}` });
      await page.getByLabel("Topic").fill("Negotiating a Berlin offer");
      await page.getByRole("button", { name: "Hold this session" }).click();
      await page.waitForURL(/\/cart\/$/);
      await expectToast(page, javaScriptEnabled, "Session held for 30 minutes: pay the cart to confirm it.");
      await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("1");

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

  it("refuses to cancel a paid session inside the cut-off, with the reason", async () => {
    const agent = await ctx.portal.createAgent("cutoff@example.com");
    const cookie = await ctx.portal.sessionCookie(agent.email, agent.password);
    const agentId = (ctx.portal.db.prepare("select id from agents where email = ?").get(agent.email) as { id: number }).id;
    const now = new Date().toISOString();
    const client = ctx.portal.db
      .prepare(
        "insert into clients (agent_id, first_name, last_name, email, status, created_at, updated_at) values (?, 'Soon', 'Session', 'soon@example.com', 'active', ?, ?)",
      )
      .run(agentId, now, now);
    const start = new Date(Date.now() + 3 * 3600_000);
    start.setUTCMinutes(0, 0, 0);
    ctx.portal.db
      .prepare(
        "insert into mentor_bookings (agent_id, client_id, mentor_id, start_at, end_at, topic, status, held_until, price_minor, currency, order_id, refund_status, created_at, updated_at) values (?, ?, 1, ?, ?, 'Soon', 'confirmed', null, 9500, 'USD', null, null, ?, ?)",
      )
      .run(agentId, client.lastInsertRowid, start.toISOString(), new Date(start.getTime() + 3600_000).toISOString(), now, now);
    const { context } = await newContext(ctx.browser, false);
    await signInAs(context, ctx.portal.base, cookie);
    const page = await context.newPage();
    await page.goto(ctx.portal.base + "/bookings");
    await page.getByRole("button", { name: /^Cancel the session/ }).click();
    await expectToast(page, false, "Paid sessions can be cancelled up to 24 hours before they start");
    await expect.poll(() => page.getByTestId("booking-status").first().innerText(), settle).toBe("Confirmed");
    await context.close();
  });
});
