/**
 * Issue 25 in Chromium, JavaScript on and off: the owner invites a staff member, who sets a
 * password, signs in and cannot open the settings or the staff list; the owner sets the cancellation cut-off to 48
 * hours and a new phone, and an agent's cancel page and the header show them on their next page; the owner hands
 * that agent's client to another agent, who opens the client with their case file.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { expectToast, journeys, jsModes, newContext, settle, unexpected } from "../support/browser.js";

// Office work, done at a desk: both ways at 1280 px (the walk reads every office page at 375 px as well).
const runs = [
  { ...jsModes[0], width: 1280 },
  { ...jsModes[1], width: 1280 },
];

journeys("the office runs the business in Chromium", (ctx) => {
  async function signIn(page: Page, email: string, password: string) {
    await page.goto(ctx.portal.base + "/authentication/");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  describe.each(runs)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const run = runs.findIndex((r) => r.javaScriptEnabled === javaScriptEnabled && r.width === width);

    it("invites staff, sets the cut-off and phone for every page at once, and hands a client to another agent", async () => {
      const owner = await newContext(ctx.browser, javaScriptEnabled, { width });
      const office = await owner.context.newPage();
      await signIn(office, demoStaff.email, demoStaff.password);
      await office.waitForURL(/\/office$/);

      // A staff member: invited with the link shown once; they set a password and are in the office.
      await office.goto(ctx.portal.base + "/office/staff/new");
      await office.getByLabel("Name").fill(`Sam ${tag}`);
      await office.getByLabel("Email").fill(`sam-${tag}@example.com`);
      await office.getByLabel("Role").selectOption("staff");
      await office.getByRole("button", { name: "Invite" }).click();
      const link = await office.getByTestId("password-link").locator("code").innerText({ timeout: settle.timeout });
      const member = await newContext(ctx.browser, javaScriptEnabled, { width });
      const samPage = await member.context.newPage();
      await samPage.goto(link);
      await samPage.getByLabel("New password").fill("sam's long passphrase");
      await samPage.getByRole("button", { name: "Save and sign in" }).click();
      await samPage.waitForURL(/\/office$/);
      await expect.poll(() => samPage.locator("h1").innerText(), settle).toBe(`Good to see you, Sam ${tag}`);
      expect(await samPage.locator(".workspace-nav").innerText()).not.toContain("Settings");
      for (const at of ["/office/settings", "/office/staff"]) {
        const res = await samPage.goto(ctx.portal.base + at);
        expect(res?.status(), at).toBe(404);
        await expect.poll(() => samPage.locator("h1").innerText(), settle).toBe("Page not found");
      }
      await office.goto(ctx.portal.base + "/office/staff");
      await expect
        .poll(
          () =>
            office
              .locator("tr")
              .filter({ hasText: `sam-${tag}@example.com` })
              .innerText(),
          settle,
        )
        .toContain("Staff");

      // An agent with a client and a paid session 36 hours from now: refundable under a 24-hour cut-off.
      const giver = await ctx.portal.agentWithApi(`giver-${tag}@example.com`, `Gia Giver ${tag}`);
      const client = (
        await giver.call("agent/addclient", {
          first_name: "Handed",
          last_name: `Over ${tag}`,
          email: `handed-${tag}@example.com`,
        })
      ).data;
      await giver.call(`agent/clients/${client.id}/notes`, { body: `Prefers mornings ${tag}` });
      const held = await giver.holdNextWeek(client.id, 0, "Cut-off");
      const checkout = (await giver.call("stripe/create-checkout-session", {})).data;
      await giver.call(`stripe/demo/complete/${checkout.session_id}`, {});
      ctx.portal.sessionStartsIn(held.id, 36 + run);

      // The owner: 48 hours, and a phone of this run's own.
      const phone = `+351 21 000 ${1000 + run}`;
      await office.goto(ctx.portal.base + "/office/settings");
      await office.getByLabel("Cancellation cut-off (hours)").fill("48");
      await office.getByLabel("Phone", { exact: true }).fill(phone);
      await office.getByRole("button", { name: "Save the settings" }).click();
      await expectToast(office, javaScriptEnabled, /Phone changed from/);

      const agent = await newContext(ctx.browser, javaScriptEnabled, { width });
      await agent.context.addCookies([
        { name: giver.cookie.name, value: giver.cookie.value, url: ctx.portal.base, httpOnly: true, sameSite: "Lax" },
      ]);
      const agentPage = await agent.context.newPage();
      await agentPage.goto(`${ctx.portal.base}/bookings/${held.id}/cancel`);
      await expect.poll(() => agentPage.locator("main").innerText(), settle).toContain("It starts in less than 48 hours");
      await expect.poll(() => agentPage.getByTestId("site-phone").innerText(), settle).toBe(phone);
      await agentPage.goto(ctx.portal.base + "/terms");
      await expect.poll(() => agentPage.getByTestId("terms-cutoff").innerText(), settle).toBe("48 hours");

      // The owner rewrites Mentorship's Spanish tagline on its own page; the Spanish service page says it at once.
      const tagline = `Mentores que ya hicieron el camino (${tag}).`;
      await office.goto(ctx.portal.base + "/office/settings");
      await office.getByTestId("other-languages").getByRole("link", { name: "Spanish" }).click();
      await expect.poll(() => office.locator("h1").innerText(), settle).toBe("Service pages in Spanish");
      await office.getByLabel("Mentorship's tagline").fill(tagline);
      await office.getByRole("button", { name: "Save the Spanish text" }).click();
      await expectToast(office, javaScriptEnabled, /Mentorship's tagline in Spanish changed from/);
      await agentPage.goto(ctx.portal.base + "/es/servicesPage?id=1");
      await expect.poll(() => agentPage.locator("main .lead").innerText(), settle).toBe(tagline);

      // The owner hands the client to another agent, who sees it with its case file.
      const taker = await ctx.portal.agentWithApi(`taker-${tag}@example.com`, `Tom Taker ${tag}`);
      const giverId = (
        ctx.portal.db.prepare("select id from agents where email = ?").get(`giver-${tag}@example.com`) as { id: number }
      ).id;
      await office.goto(`${ctx.portal.base}/office/agents/${giverId}`);
      await office.getByRole("link", { name: "Hand over clients" }).click();
      await expect.poll(() => office.locator("h1").innerText(), settle).toBe(`Hand over Gia Giver ${tag}'s clients`);
      // Nothing is ticked at first: a choice of no agent and no client is said beside both.
      expect(await office.getByRole("checkbox", { checked: true }).count()).toBe(0);
      await office.getByRole("button", { name: "Review the hand-over" }).click();
      await expect
        .poll(() => office.locator("#field-to_agent_id-error").innerText(), settle)
        .toBe("Choose the agent who takes them");
      await expect.poll(() => office.locator("#client-ids-error").innerText(), settle).toBe("Choose at least one client");
      await office.getByLabel("To agent").selectOption({ label: `Tom Taker ${tag} (taker-${tag}@example.com)` });
      await office.getByRole("checkbox", { name: new RegExp(`Handed Over ${tag}`) }).check();
      await office.getByRole("button", { name: "Review the hand-over" }).click();
      // The choice is read back as a question; only the answer moves the client.
      await expect
        .poll(() => office.locator(".notice h2").innerText(), settle)
        .toBe(`Move 1 client from Gia Giver ${tag} to Tom Taker ${tag}?`);
      await office.getByRole("button", { name: "Yes, move 1 client" }).click();
      await expectToast(office, javaScriptEnabled, "1 client handed over, with their case files. Both agents were e-mailed.");
      await expect.poll(() => office.locator("h1").innerText(), settle).toBe(`Tom Taker ${tag}`);

      const takerSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await takerSide.context.addCookies([
        { name: taker.cookie.name, value: taker.cookie.value, url: ctx.portal.base, httpOnly: true, sameSite: "Lax" },
      ]);
      const takerPage = await takerSide.context.newPage();
      await takerPage.goto(`${ctx.portal.base}/clients/${client.id}`);
      await expect.poll(() => takerPage.locator("h1").innerText(), settle).toContain(`Handed Over ${tag}`);
      await expect.poll(() => takerPage.locator("main").innerText(), settle).toContain(`Prefers mornings ${tag}`);
      await expect(takerPage.locator("main").innerText()).resolves.toContain(
        `Handed over from Gia Giver ${tag} to Tom Taker ${tag}`,
      );
      const gone = await agentPage.goto(`${ctx.portal.base}/clients/${client.id}`);
      expect(gone?.status()).toBe(404);

      // The taker's address changes once the new address confirms it; opening the link alone changes nothing.
      await office.getByRole("link", { name: "Change" }).click();
      await office.getByLabel("New e-mail address").fill("not an address");
      await office.getByRole("button", { name: "Send the confirmation link" }).click();
      await expect.poll(() => office.locator("#field-email-error").innerText(), settle).toBe("Enter a valid email address");
      await office.getByLabel("New e-mail address").fill(`tom-${tag}@example.org`);
      await office.getByRole("button", { name: "Send the confirmation link" }).click();
      await expectToast(office, javaScriptEnabled, `We e-mailed a confirmation link to tom-${tag}@example.org.`);
      await expect.poll(() => office.getByTestId("pending-email").innerText(), settle).toContain(`tom-${tag}@example.org`);
      const [mail] = await ctx.portal.mailTo(`tom-${tag}@example.org`, /^Confirm your new e-mail address/);
      const confirm = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail!.parsed.text ?? "")![0];
      const inbox = await takerSide.context.newPage();
      await inbox.goto(confirm);
      await expect
        .poll(() => inbox.locator(".auth-card").innerText(), settle)
        .toContain(`to tom-${tag}@example.org when you confirm`);
      await inbox.getByRole("button", { name: "Confirm this address" }).click();
      await expect.poll(() => inbox.locator("h1").innerText(), settle).toBe("Your address is changed");
      await office.reload();
      await expect.poll(() => office.locator("dl").innerText(), settle).toContain(`tom-${tag}@example.org`);

      for (const side of [owner, member, agent, takerSide]) {
        expect(unexpected(side.problems).filter((p) => !p.includes("status of 404"))).toEqual([]);
        await side.context.close();
      }
      // A day of the office's across three browsers: more than the default 30 s when the machine is busy.
    }, 120_000);
  });
});
