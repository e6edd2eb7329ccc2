/**
 * Issue 41's journey in Chromium, JavaScript on and off at 1280 px and on at 375 px: staff write and publish a
 * 3-session pack and a 10 % commission on Mentorship; an agent buys the pack for a client (demo payment), books a
 * session with a credit and no checkout, the client's pages say 2 left, a second session booked and cancelled before
 * the cut-off gives its credit back; /commissions shows 10 % of the price; a staff refund of the pack gives back its
 * unused credits' share and reverses the commission by it; a payout settles the rest, and nothing is owed.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";

/** Books the first free slot of mentor 1 for the client, paying with their pack's credit. */
async function bookWithCredit(
  page: Page,
  base: string,
  clientId: number,
  topic: string,
  javaScriptEnabled: boolean,
  /** Hours from now the session must start at least (one to be cancelled with its credit back: past the cut-off) */
  hoursAhead = 0,
) {
  await page.goto(`${base}/mentors/1?client=${clientId}`);
  // This week's first free slot far enough ahead, whatever the time of day the test runs.
  const after = Date.now() + hoursAhead * 3_600_000;
  const starts = await page.locator("a.slot").evaluateAll((links) => links.map((a) => a.getAttribute("data-start") ?? ""));
  const index = starts.findIndex((start) => Date.parse(start) >= after);
  expect(index, `a free slot ${hoursAhead} hours or more from now this week`).toBeGreaterThanOrEqual(0);
  await page.locator("a.slot").nth(index).click();
  await page.waitForURL(/\/mentors\/1\/book\?/);
  const payWith = page.getByTestId("pay-with");
  await expect(payWith.innerText()).resolves.toMatch(/With a credit of .*: 3 of 3 left|With a credit of .*: 2 of 3 left/);
  await expect(payWith.locator("input[value^=credit]").isChecked()).resolves.toBe(true);
  await page.getByLabel("Topic").fill(topic);
  await page.getByRole("button", { name: "Book the session" }).click();
  await page.waitForURL(/\/bookings\/?$/);
  await expectToast(page, javaScriptEnabled, /^Session booked with a session pack credit/);
}

journeys("session packs and commissions in Chromium", { timeout: 180_000 }, (ctx) => {
  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    it("a pack sold, booked with credits, refunded pro rata; the commission earned, reversed and paid out", async () => {
      const base = ctx.portal.base;
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(office.context, base, await ctx.portal.staffSessionCookie());
      const staff = await office.context.newPage();

      // The office writes the pack (refused beside the price first), publishes it, and sets 10 % on Mentorship.
      await staff.goto(`${base}/office/session-packs/new`);
      const packName = `Pack ${tag}`;
      await staff.getByLabel("Name", { exact: true }).fill(packName);
      await staff.getByLabel("Sessions").fill("3");
      await staff.getByLabel("Days the credits last").fill("90");
      await staff.getByLabel("Description", { exact: true }).fill("Three one-hour sessions.");
      await staff.getByRole("button", { name: "Add the pack" }).click();
      await expect.poll(() => staff.locator("#field-price-error").innerText(), settle).toMatch(/Enter the price in dollars/);
      await expect(staff.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe(packName);
      await staff.getByLabel("Price (USD)").fill("300");
      await staff.getByRole("button", { name: "Add the pack" }).click();
      await staff.waitForURL(/\/office\/session-packs\/?$/);
      await expectToast(staff, javaScriptEnabled, `${packName} was added (unpublished).`);
      const card = staff.locator("li", { hasText: packName });
      await card.getByRole("button", { name: /^Publish/ }).click();
      await expectToast(staff, javaScriptEnabled, `${packName} is published: agents see it.`);

      await staff.goto(`${base}/office/commissions`);
      await staff.getByLabel("What it is for").selectOption({ label: "Mentorship (everything of it)" });
      await staff.getByLabel("Percentage or amount").fill("10");
      await staff.getByRole("button", { name: "Add the rule" }).click();
      await expectToast(staff, javaScriptEnabled, "The rule was added.");

      // The agent buys it for a client through the cart and the demo payment.
      const { cookie, call } = await ctx.portal.agentWithApi(`packs-${tag}@example.com`, `Pia Agent ${tag}`);
      const client = await call("agent/addclient", {
        first_name: "Lena",
        last_name: `Pack ${tag}`,
        email: `lena-${tag}@example.com`,
      });
      const clientId = client.data.id as number;
      const agentId = ((await call("account/me")).data.person.id as number) ?? 0;
      const get = async (path: string) =>
        (
          (await (await fetch(`${base}/backend/${path}`, { headers: { Authorization: `Bearer ${cookie.token}` } })).json()) as {
            data: any;
          }
        ).data;
      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${base}/clients/${clientId}/plans`);
      await agent
        .locator("article", { hasText: packName })
        .getByRole("button", { name: /Add to cart/ })
        .click();
      await expect.poll(() => agent.locator("article", { hasText: packName }).innerText(), settle).toMatch(/In the cart/i);
      await agent.goto(`${base}/cart`);
      await agent.getByRole("button", { name: "Checkout" }).click();
      await agent.waitForURL(/\/payment\/demo\//);
      await agent.getByRole("button", { name: "Pay (demo)" }).click();
      await agent.waitForURL(/\/payment\/success/);
      await expect.poll(() => agent.getByTestId("payment-status").innerText(), settle).toBe("Payment received");

      // A credit books a session at once; the client's pages say what is left.
      await bookWithCredit(agent, base, clientId, "CV review", javaScriptEnabled);
      await agent.goto(`${base}/clients/${clientId}`);
      await expect.poll(() => agent.getByTestId("client-credits").innerText(), settle).toMatch(/2 of 3 sessions left, until/);
      const me = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(me.context, base, await ctx.portal.clientSessionCookie(clientId));
      const mine = await me.context.newPage();
      await mine.goto(`${base}/my`);
      await expect.poll(() => mine.getByTestId("my-credits").innerText(), settle).toMatch(/2 of 3 sessions left, until/);

      // A second one, cancelled before the cut-off (24 hours; it starts 26 or more from now): its credit comes back.
      await bookWithCredit(agent, base, clientId, "Interview", javaScriptEnabled, 26);
      const sessions = (await get(`api/Mentordetails/list/${agentId}`)) as Array<{ id: number; topic: string }>;
      const second = sessions.find((s) => s.topic === "Interview")!;
      await agent.goto(`${base}/bookings/${second.id}/cancel`);
      await agent.waitForURL(/\/bookings\/\d+\/cancel$/);
      await expect(agent.getByTestId("refund-sentence").innerText()).resolves.toMatch(/credit goes back to the client's pack/);
      await agent.getByRole("button", { name: "Cancel the session" }).click();
      await expectToast(agent, javaScriptEnabled, "The session was cancelled. Its credit is back in the client's pack.");
      await agent.goto(`${base}/clients/${clientId}`);
      await expect.poll(() => agent.getByTestId("client-credits").innerText(), settle).toMatch(/2 of 3 sessions left/);

      // 10 % of $300 earned.
      await agent.goto(`${base}/commissions`);
      await expect.poll(() => agent.getByTestId("commission-owed").innerText(), settle).toBe("Owed to you now: $30.00");

      // The office refunds the pack: two unused credits give back $200, and $20 of the commission is reversed.
      const orderId = ((await get(`api/orders/agent/${agentId}`)) as Array<{ id: number }>)[0]!.id;
      await staff.goto(`${base}/office/orders/${orderId}`);
      await expect(staff.getByTestId("pack-refund-hint").isVisible()).resolves.toBe(true);
      await staff.getByRole("checkbox").first().check();
      await staff.getByLabel("Why refund (the agent sees it)").fill("The client's plans changed.");
      await staff.getByRole("button", { name: "Refund the chosen lines" }).click();
      await expectToast(staff, javaScriptEnabled, "Refunded. This order has $200.00 refunded in all.");
      await agent.goto(`${base}/commissions`);
      await expect.poll(() => agent.getByTestId("commission-owed").innerText(), settle).toBe("Owed to you now: $10.00");

      // A payout of what is owed: nothing left.
      await staff.goto(`${base}/office/commissions/${agentId}`);
      await expect(staff.getByLabel("Amount (USD)").inputValue()).resolves.toBe("10.00");
      await staff.getByLabel("Reference").fill(`BANK-${tag}`);
      await staff.getByRole("button", { name: "Record the payout" }).click();
      await expectToast(staff, javaScriptEnabled, "The payout was recorded.");
      // The office's page speaks of the agent by name.
      await expect
        .poll(() => staff.getByTestId("commission-owed").innerText(), settle)
        .toBe(`Owed to Pia Agent ${tag} now: $0.00`);
      await agent.goto(`${base}/commissions`);
      await expect.poll(() => agent.getByTestId("commission-owed").innerText(), settle).toBe("Owed to you now: $0.00");
      await expect(agent.getByTestId("commission-months").innerText()).resolves.toMatch(
        /\$30\.00[\s\S]*\$20\.00[\s\S]*\$10\.00[\s\S]*\$0\.00/,
      );

      // The same months for a spreadsheet.
      const csv = await (await agent.request.get(`${base}/commissions.csv`)).text();
      expect(csv.split("\r\n")[0] ?? csv.split("\n")[0]).toMatch(
        /^\uFEFF?What,When \(.+\),Currency,Earned,Reversed,Paid out,Owed,Detail/,
      );
      expect(csv).toMatch(/Month,\d{4}-\d{2},USD,30\.00,20\.00,10\.00,0\.00/);
      expect(csv).toMatch(/earned,.*,USD,30\.00,,,30\.00,Session pack: /);

      for (const side of [office, agentSide, me]) {
        expect(unexpected(side.problems)).toEqual([]);
        await side.context.close();
      }
    });
  });
});
