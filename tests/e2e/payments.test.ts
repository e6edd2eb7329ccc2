import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  expectToast,
  journeys,
  jsModes,
  newContext,
  pickClient,
  settle,
  signInAs,
  unexpected,
  widthsFor,
} from "../support/browser.js";

journeys("payments in the demo payment mode, in Chromium", (ctx) => {
  /** A fresh agent with a client and two items in the cart, set up through the API. */
  async function agentWithCart(email: string) {
    const agent = await ctx.portal.createAgent(email);
    const cookie = await ctx.portal.sessionCookie(agent.email, agent.password);
    const call = async (p: string, body: unknown) => {
      const res = await fetch(`${ctx.portal.base}/backend/${p}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${cookie.token}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { data: { id: number } };
    };
    const client = await call("agent/addclient", { first_name: "Olu", last_name: "Ade", email: `c-${email}` });
    await call("agent/addcart", { client_id: client.data.id, item_type: "service_plan", item_id: 1 });
    await call("job/services", { client_id: client.data.id, job_id: 1 });
    return cookie;
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("cart → checkout → pay: the success page says paid, the badge is 0, the order is listed", async () => {
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await agentWithCart(`buyer-${tag}@example.com`));
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/cart");
      await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("2");
      await page.getByRole("button", { name: "Checkout" }).click();
      await page.waitForURL(/\/payment\/demo\/demo_cs_[0-9a-f]+$/);
      await expect.poll(() => page.locator(".demo-banner").innerText(), settle).toContain("Demo payment mode.");
      await expect(page.getByTestId("order-total").innerText()).resolves.toBe("$1,490.00");
      await page.getByRole("button", { name: "Pay (demo)" }).click();
      await page.waitForURL(/\/payment\/success\?session_id=demo_cs_/);
      await expect.poll(() => page.getByTestId("payment-status").innerText(), settle).toBe("Payment received");
      await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("0");

      await page.getByRole("link", { name: "View the order" }).click();
      await page.waitForURL(/\/orders\/\d+$/);
      await expect.poll(() => page.getByTestId("order-status").innerText(), settle).toBe("Paid");
      await page.goto(ctx.portal.base + "/orders");
      await expect.poll(() => page.locator("tbody tr").count(), settle).toBe(1);
      await expect(page.locator("tbody tr").first().innerText()).resolves.toContain("Paid");
      await page.goto(ctx.portal.base + "/dashboard");
      await expect.poll(() => page.getByTestId("count-orders").innerText(), settle).toBe("1");
      expect(problems).toEqual([]);
      await context.close();
    });

    it("cancel on the payment page returns to the cart with every item kept", async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await agentWithCart(`canceller-${tag}@example.com`));
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/cart");
      await page.getByRole("button", { name: "Checkout" }).click();
      await page.waitForURL(/\/payment\/demo\//);
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL(/\/cart\/$/);
      await expectToast(page, javaScriptEnabled, "Payment cancelled. Your cart is as you left it.");
      await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("2");
      await expect(page.getByTestId("cart-total").innerText()).resolves.toBe("$1,490.00");
      await context.close();
    });

    for (const width of widthsFor(javaScriptEnabled)) {
      it(`at ${width} px: a payment left open locks the cart; "Continue to payment" resumes it, "Cancel payment" unlocks it`, async () => {
        const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width });
        await signInAs(context, ctx.portal.base, await agentWithCart(`locked-${tag}-${width}@example.com`));
        const page = await context.newPage();
        await page.goto(ctx.portal.base + "/cart");
        await page.getByRole("button", { name: "Checkout" }).click();
        await page.waitForURL(/\/payment\/demo\/(demo_cs_[0-9a-f]+)$/);
        const first = page.url();
        // The agent walks away from the payment page and comes back to the cart.
        await page.goto(ctx.portal.base + "/cart");
        await expect
          .poll(() => page.getByTestId("payment-in-progress").innerText(), settle)
          .toContain("A payment of $1,490.00 is in progress");
        expect(await page.getByRole("button", { name: "Remove" }).count()).toBe(0);
        expect(await page.getByRole("button", { name: "Checkout" }).count()).toBe(0);
        // Adding for a client is refused with the reason while the payment is open.
        await page.goto(ctx.portal.base + "/joblist/2");
        await pickClient(page, "Olu Ade");
        await page
          .getByRole("button", { name: /to cart|Add/ })
          .first()
          .click();
        await expectToast(page, javaScriptEnabled, "A payment for your cart is in progress.");
        await page.goto(ctx.portal.base + "/cart");
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.waitForURL(first);
        await page.goto(ctx.portal.base + "/cart");
        await page.getByRole("button", { name: "Cancel payment" }).click();
        await expectToast(page, javaScriptEnabled, "Payment cancelled. You can change your cart again.");
        await expect.poll(() => page.getByTestId("payment-in-progress").count(), settle).toBe(0);
        await expect.poll(() => page.getByRole("button", { name: "Remove" }).count(), settle).toBe(2);
        await page.getByRole("button", { name: "Remove" }).first().click();
        await expectToast(page, javaScriptEnabled, "Removed from the cart.");
        await expect.poll(() => page.locator("header").getByTestId("cart-count").innerText(), settle).toBe("1");
        // The cancelled checkout can no longer be paid.
        await page.goto(first);
        expect(await page.getByRole("button", { name: "Pay (demo)" }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(unexpected(problems)).toEqual([]);
        await context.close();
      });
    }

    it("an empty cart offers no checkout, and the success page without a session says so", async () => {
      const agent = await ctx.portal.createAgent(`empty-${tag}@example.com`);
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie(agent.email, agent.password));
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/cart");
      expect(await page.getByRole("button", { name: "Checkout" }).count()).toBe(0);
      const res = await page.goto(ctx.portal.base + "/payment/success");
      expect(res?.status()).toBe(400);
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Missing session ID");
      const other = await page.goto(ctx.portal.base + "/payment/success?session_id=demo_cs_not_mine");
      expect(other?.status()).toBe(404);
      await context.close();
    });
  });
});

describe("the client build", () => {
  it("holds no secret-looking string (sk_, rk_, whsec_)", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk("public/build");
    expect(files.length).toBeGreaterThan(5);
    const leaks = files.filter((f) =>
      /\b(sk|rk)_(test|live)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}/.test(fs.readFileSync(f, "utf8")),
    );
    expect(leaks).toEqual([]);
    // The Stripe SDK itself stays on the server.
    expect(files.filter((f) => fs.readFileSync(f, "utf8").includes("api.stripe.com"))).toEqual([]);
  });
});
