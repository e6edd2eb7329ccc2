/**
 * The back office (issue 12, first part) in Chromium, JavaScript on and off: staff sign in on the one sign-in page
 * and land on /office; they add an agent, whose one-time link sets a password and signs the agent in; a contact
 * message reaches the inbox and is marked handled; deactivating the agent ends its open session on its next page;
 * every change is in the audit log. Agents never reach the office, and staff never see the agents' workspace.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { expectToast, journeys, jsModes, newContext, settle, signInAs, unexpected } from "../support/browser.js";

journeys("the back office in Chromium", (ctx) => {
  /** A browser of the demo staff member's, signed in through the form, on /office. */
  async function staffBrowser(javaScriptEnabled: boolean, width = 1280) {
    const office = await newContext(ctx.browser, javaScriptEnabled, { width });
    const staffPage = await office.context.newPage();
    await signInThroughForm(staffPage, demoStaff.email, demoStaff.password);
    await staffPage.waitForURL(/\/office$/);
    return { office, staffPage };
  }

  /** A new agent with one client and a paid order (demo mode): its session cookie, an API caller, the client. */
  async function agentWithPaidOrder(
    email: string,
    client: { first_name: string; last_name: string },
    items: (call: (path: string, body: unknown) => Promise<{ data: any }>, clientId: number) => Promise<unknown>,
  ) {
    const created = await ctx.portal.createAgent(email);
    const cookie = await ctx.portal.sessionCookie(created.email, created.password);
    const call = async (path: string, body: unknown) =>
      (
        await fetch(`${ctx.portal.base}/backend/${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${cookie.token}` },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ data: any }>;
    const made = (await call("agent/addclient", { ...client, email: `c-${email}` })).data;
    await items(call, made.id);
    const checkout = (await call("stripe/create-checkout-session", {})).data;
    await call(`stripe/demo/complete/${checkout.session_id}`, {});
    return { cookie, call, clientId: made.id as number, orderId: checkout.order_id as number };
  }

  async function signInThroughForm(page: Page, email: string, password: string) {
    await page.goto(ctx.portal.base + "/authentication/");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("staff add an agent who sets a password and signs in; a message is handled; deactivating ends the agent's session", async () => {
      const office = await newContext(ctx.browser, javaScriptEnabled);
      const staffPage = await office.context.newPage();
      await signInThroughForm(staffPage, demoStaff.email, demoStaff.password);
      await staffPage.waitForURL(/\/office$/);
      await expectToast(staffPage, javaScriptEnabled, `Welcome, ${demoStaff.name}!`);
      await expect.poll(() => staffPage.locator("h1").innerText(), settle).toBe(`Good to see you, ${demoStaff.name}`);

      // A new agent: refused input first, kept, then made; the link is shown once.
      await staffPage.goto(ctx.portal.base + "/office/agents/new");
      await staffPage.getByLabel("Name").fill(`Ana Agent ${tag}`);
      await staffPage.getByLabel("Email").fill("not-an-email");
      await staffPage.getByRole("button", { name: "Add the agent" }).click();
      await expect.poll(() => staffPage.locator("#field-email-error").innerText(), settle).toBe("Enter a valid email address");
      await expect(staffPage.getByLabel("Name").inputValue()).resolves.toBe(`Ana Agent ${tag}`);
      await staffPage.getByLabel("Email").fill(`ana-${tag}@example.com`);
      await staffPage.getByLabel("Time zone").fill("Europe/Lisbon");
      await staffPage.getByRole("button", { name: "Add the agent" }).click();
      const link = await staffPage.getByTestId("password-link").locator("code").innerText({ timeout: settle.timeout });
      expect(link).toMatch(new RegExp(`^${ctx.portal.base}/set-password\\?token=[A-Za-z0-9_-]{43}$`.replace(/\//g, "\\/")));

      // The agent uses the link: a weak password is refused beside the field, a good one signs them in.
      const agentSide = await newContext(ctx.browser, javaScriptEnabled);
      const agentPage = await agentSide.context.newPage();
      await agentPage.goto(link);
      await expect
        .poll(() => agentPage.locator(".auth-card").innerText(), settle)
        .toContain(`For Ana Agent ${tag} (ana-${tag}@example.com)`);
      await agentPage.getByLabel("New password").fill("short");
      await agentPage.getByRole("button", { name: "Save and sign in" }).click();
      await expect
        .poll(() => agentPage.locator("#field-password-error").innerText(), settle)
        .toBe("A password needs at least 10 characters");
      await agentPage.getByLabel("New password").fill("correct horse battery staple");
      await agentPage.getByRole("button", { name: "Save and sign in" }).click();
      await agentPage.waitForURL(/\/dashboard\/$/);
      // The link was for once.
      const again = await agentSide.context.newPage();
      await again.goto(link);
      await expect
        .poll(() => again.getByTestId("link-gone").innerText(), settle)
        .toContain("This link has expired or was used already.");
      await again.close();

      // The agent writes to the consultancy; staff read it and mark it handled.
      const subject = `Invoices please ${tag}`;
      await agentPage.goto(ctx.portal.base + "/contact");
      await agentPage.getByLabel("Subject").fill(subject);
      await agentPage.getByLabel("Message").fill("Could we have monthly invoices for our clients?");
      await agentPage.getByRole("button", { name: "Send message" }).click();
      await expectToast(agentPage, javaScriptEnabled, "Thank you! We will answer within one working day.");
      await staffPage.goto(ctx.portal.base + "/office/messages");
      const message = staffPage.locator(".message").filter({ hasText: subject });
      await expect.poll(() => message.innerText(), settle).toContain(`From Ana Agent ${tag} <ana-${tag}@example.com>`);
      await expect(message.innerText()).resolves.toContain(`agent Ana Agent ${tag}`);
      // A reply from the office: an empty one is refused beside the box; a written one is sent and kept.
      await message.getByText("Reply by e-mail").click();
      await message.getByRole("button", { name: "Send the reply" }).click();
      const box = staffPage.locator(".message").filter({ hasText: subject }).getByLabel(`Your reply to ana-${tag}@example.com`);
      await expect
        .poll(() => staffPage.locator(".message").filter({ hasText: subject }).locator(".field__error").innerText(), settle)
        .toBe("Write the reply");
      await box.fill(`Yes, monthly from now on (${tag}).`);
      await staffPage.locator(".message").filter({ hasText: subject }).getByRole("button", { name: "Send the reply" }).click();
      await expectToast(staffPage, javaScriptEnabled, `Reply sent to ana-${tag}@example.com.`);
      // Answered is handled: gone from the unread list, kept with the message under "All".
      await expect.poll(() => staffPage.locator(".message").filter({ hasText: subject }).count(), settle).toBe(0);
      await staffPage.goto(`${ctx.portal.base}/office/messages?status=all&q=${encodeURIComponent(subject)}`);
      await expect
        .poll(() => staffPage.getByTestId("message-reply").first().innerText(), settle)
        .toContain(`Yes, monthly from now on (${tag}).`);
      const [reply] = await ctx.portal.mailTo(`ana-${tag}@example.com`, new RegExp(`^Re: ${subject}$`));
      expect(reply?.parsed.text).toContain(`Yes, monthly from now on (${tag}).`);

      // Deactivated: the agent's open session ends on its next page.
      await staffPage.goto(`${ctx.portal.base}/office/agents?q=ana-${tag}`);
      const row = staffPage.locator("tr").filter({ hasText: `ana-${tag}@example.com` });
      await row.getByRole("button", { name: /^Deactivate/ }).click();
      await expectToast(staffPage, javaScriptEnabled, `Ana Agent ${tag} is deactivated: their sessions have ended.`);
      await expect.poll(() => row.getByTestId("agent-status").innerText(), settle).toBe("Deactivated");
      await agentPage.goto(ctx.portal.base + "/clients");
      await agentPage.waitForURL(/\/authentication\/\?redirectTo=%2Fclients$/);
      await expectToast(agentPage, javaScriptEnabled, "Session Expired!");
      // ... and cannot sign in again until reactivated.
      await signInThroughForm(agentPage, `ana-${tag}@example.com`, "correct horse battery staple");
      await expect
        .poll(() => agentPage.locator(".form-error").innerText(), settle)
        .toBe("This account has been deactivated. Ask the consultancy to reactivate it.");

      // The audit log has each change, by whom, in words; sign-ins only when asked for.
      await staffPage.goto(ctx.portal.base + "/office/audit");
      const log = await staffPage.getByTestId("audit-row").allInnerTexts();
      for (const said of ["Deactivated (sessions ended)", "Replied to a contact message", `Added agent “Ana Agent ${tag}”`]) {
        expect(
          log.some((r) => r.includes(said) && r.includes(demoStaff.name)),
          said,
        ).toBe(true);
      }
      expect(log.some((r) => r.includes("Signed in"))).toBe(false);
      await staffPage.getByLabel("Show sign-ins").check();
      await staffPage.getByRole("button", { name: "Filter" }).click();
      await staffPage.waitForURL(/sign_ins=show/);
      await expect
        .poll(async () => (await staffPage.getByTestId("audit-row").allInnerTexts()).some((r) => r.includes("Signed in")), settle)
        .toBe(true);
      await expect(staffPage.locator(".pagination").innerText()).resolves.toMatch(/^\d+ entries · page 1 of \d+/);
      expect(unexpected(office.problems).filter((p) => !p.includes("status of 201"))).toEqual([]);
      expect(unexpected(agentSide.problems).filter((p) => !/status of 40[34]/.test(p))).toEqual([]);
      await agentSide.context.close();
      await office.context.close();
    });
  });

  describe.each(jsModes)("$name, the catalogue", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("staff add a job (dollars, errors beside the fields); the agent finds it and adds it; unpublished, it leaves the list and blocks the cart", async () => {
      const { office, staffPage } = await staffBrowser(javaScriptEnabled);
      await staffPage.goto(ctx.portal.base + "/office/jobs/new");
      const title = `Site reliability engineer ${tag}`;
      await staffPage.getByLabel("Title").fill(title);
      await staffPage.getByLabel("Company").fill("Kite");
      await staffPage.getByLabel("Country").selectOption("DE");
      await staffPage.getByLabel("City").fill("Hamburg");
      await staffPage.getByLabel("Placement fee (USD)").fill("twelve hundred");
      await staffPage.getByLabel("Description").fill("On call, Terraform, Go.");
      await staffPage.getByRole("button", { name: "Add the job" }).click();
      await expect
        .poll(() => staffPage.locator("#field-placement_fee-error").innerText(), settle)
        .toBe("Enter an amount in dollars, e.g. 1490 or 1,490.00");
      await expect(staffPage.getByLabel("City").inputValue()).resolves.toBe("Hamburg");
      await staffPage.getByLabel("Placement fee (USD)").fill("1,250.50");
      await staffPage.getByRole("button", { name: "Add the job" }).click();
      await staffPage.waitForURL(/\/office\/jobs$/);
      await expectToast(staffPage, javaScriptEnabled, `${title} was added (published).`);

      // The agent finds it and adds it for a client.
      const agent = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(agent.context, ctx.portal.base, await ctx.portal.sessionCookie());
      const agentPage = await agent.context.newPage();
      await agentPage.goto(`${ctx.portal.base}/joblist?q=${encodeURIComponent(title)}`);
      await agentPage.getByRole("link", { name: title }).click();
      await agentPage.waitForURL(/\/joblist\/\d+$/);
      const jobUrl = agentPage.url();
      await expect.poll(() => agentPage.locator("main").innerText(), settle).toContain("$1,250.50");
      await agentPage.getByLabel("For client").selectOption({ index: 1 });
      await agentPage.getByRole("button", { name: "Add placement to cart" }).click();
      await expectToast(agentPage, javaScriptEnabled, "Added to the cart for");

      // Unpublished: gone from the agent's list and page; the cart says so and offers no checkout.
      await staffPage.goto(`${ctx.portal.base}/office/jobs?q=${encodeURIComponent(title)}`);
      await staffPage.getByRole("button", { name: `Unpublish ${title}` }).click();
      await expectToast(
        staffPage,
        javaScriptEnabled,
        `${title} is unpublished: agents no longer see it, and the 1 cart holding it cannot pay`,
      );
      await agentPage.goto(`${ctx.portal.base}/joblist?q=${encodeURIComponent(title)}`);
      expect(await agentPage.getByRole("link", { name: title }).count()).toBe(0);
      expect((await agentPage.goto(jobUrl))?.status()).toBe(404);
      await agentPage.goto(ctx.portal.base + "/cart");
      await expect.poll(() => agentPage.getByTestId("not-offered").first().innerText(), settle).toContain("No longer offered");
      expect(await agentPage.getByRole("button", { name: "Checkout" }).count()).toBe(0);
      await agentPage.getByRole("button", { name: new RegExp(`^Remove Job placement: ${title}`) }).click();
      await expectToast(agentPage, javaScriptEnabled, "Removed from the cart.");
      expect(unexpected(office.problems)).toEqual([]);
      expect(unexpected(agent.problems).filter((p) => !p.includes("status of 404"))).toEqual([]);
      await agent.context.close();
      await office.context.close();
    });
  });

  describe.each(jsModes)("$name, plans and packages", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("staff add a service plan (a bad price said beside it); the agent sees it for a client; unpublished, it is gone", async () => {
      const { office, staffPage } = await staffBrowser(javaScriptEnabled);
      await staffPage.goto(ctx.portal.base + "/office/plans/new");
      const name = `Interview sprint ${tag}`;
      await staffPage.getByLabel("Service").selectOption("1");
      await staffPage.getByLabel("Name", { exact: true }).fill(name);
      await staffPage.getByLabel("Price (USD)").fill("-5");
      await staffPage.getByLabel("Description", { exact: true }).fill("Three mock interviews in a week.");
      await staffPage.getByLabel("What it includes (optional)", { exact: true }).fill("Three mock interviews\nA written report");
      await staffPage.getByRole("button", { name: "Add the plan" }).click();
      await expect
        .poll(() => staffPage.locator("#field-price-error").innerText(), settle)
        .toBe("Enter the price in dollars, e.g. 1490 or 1,490.00");
      await expect(staffPage.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe(name);
      await staffPage.getByLabel("Price (USD)").fill("390");
      // Its name in Spanish; the rest is left to be shown in English there.
      await staffPage.locator("summary", { hasText: "Spanish" }).click();
      await staffPage.getByLabel("Name in Spanish").fill(`Entrevistas intensivas ${tag}`);
      await expect(staffPage.getByLabel("Name in Spanish").getAttribute("lang")).resolves.toBe("es");
      await staffPage.getByRole("button", { name: "Add the plan" }).click();
      await staffPage.waitForURL(/\/office\/plans$/);
      await expectToast(staffPage, javaScriptEnabled, `${name} was added (published).`);

      // A visitor reads it on the Spanish service page: its Spanish name, its description in English (marked so), and
      // what it includes.
      const visitor = await newContext(ctx.browser, javaScriptEnabled);
      const visitorPage = await visitor.context.newPage();
      await visitorPage.goto(`${ctx.portal.base}/es/servicesPage?id=1`);
      const card = visitorPage.locator(".plan-card", { hasText: `Entrevistas intensivas ${tag}` });
      await expect(card.locator("h3").getAttribute("lang")).resolves.toBeNull();
      await expect(card.locator("p[lang=en]").innerText()).resolves.toBe("Three mock interviews in a week.");
      await expect(card.locator("ul[lang=en] li").allInnerTexts()).resolves.toEqual([
        "Three mock interviews",
        "A written report",
      ]);
      // The plans the firm starts with are written in Spanish whole.
      await expect(visitorPage.locator(".plan-card", { hasText: "Mentoría inicial" }).locator("[lang=en]").count()).resolves.toBe(
        0,
      );
      expect(unexpected(visitor.problems)).toEqual([]);
      await visitor.context.close();

      const agent = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(agent.context, ctx.portal.base, await ctx.portal.sessionCookie());
      const agentPage = await agent.context.newPage();
      const clientId = (
        ctx.portal.db.prepare("select id from clients where agent_id = ? order by id limit 1").get(ctx.portal.demoAgentId()) as {
          id: number;
        }
      ).id;
      await agentPage.goto(`${ctx.portal.base}/clients/${clientId}/plans`);
      await expect.poll(() => agentPage.locator("main").innerText(), settle).toContain(name);
      await expect(agentPage.locator("main").innerText()).resolves.toContain("$390.00");

      await staffPage.getByRole("button", { name: `Unpublish ${name}` }).click();
      await expectToast(staffPage, javaScriptEnabled, `${name} is unpublished: agents no longer see it.`);
      await agentPage.reload();
      await expect.poll(() => agentPage.locator("main").innerText(), settle).not.toContain(name);
      expect(unexpected(office.problems)).toEqual([]);
      expect(unexpected(agent.problems)).toEqual([]);
      await agent.context.close();
      await office.context.close();
    });
  });

  describe.each(jsModes)("$name, mentors", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("staff add a mentor with weekly hours (refused hours said beside the day); the agent finds the mentor and holds a session", async () => {
      const { office, staffPage } = await staffBrowser(javaScriptEnabled);
      await staffPage.goto(ctx.portal.base + "/office/mentors/new");
      const name = `Rui Ramos ${tag}`;
      await staffPage.getByLabel("Name", { exact: true }).fill(name);
      await staffPage.getByLabel("Title", { exact: true }).fill("Hiring manager");
      await staffPage.getByLabel("Expertise", { exact: true }).fill("Interviews, Salary negotiation");
      await staffPage.getByLabel("Languages").fill("Portuguese, English");
      await staffPage.getByLabel("Country").selectOption("PT");
      await staffPage.getByLabel("Time zone").fill("Europe/Lisbon");
      await staffPage.getByLabel("Rate (USD an hour)").fill("85");
      await staffPage.getByLabel("Bio", { exact: true }).fill("Hires engineers in Lisbon.");
      await staffPage.getByLabel("Tuesday").fill("09:00-11:00, 10:30-12:00");
      await staffPage.getByLabel("Thursday").fill("14:00-17:00");
      await staffPage.getByLabel("Days off").fill("next week");
      await staffPage.getByRole("button", { name: "Add the mentor" }).click();
      await expect.poll(() => staffPage.locator("#field-hours_2-error").innerText(), settle).toBe("These ranges overlap");
      await expect(staffPage.locator("#field-time_off-error").innerText()).resolves.toBe(
        "next week: write a day as 2026-12-24, or days as 2026-12-24 to 2026-12-31",
      );
      await staffPage.getByLabel("Days off").fill("2099-12-24 to 2099-12-31");
      await expect(staffPage.getByLabel("Thursday").inputValue()).resolves.toBe("14:00-17:00");
      await staffPage.getByLabel("Tuesday").fill("09:00-12:00");
      await staffPage.getByRole("button", { name: "Add the mentor" }).click();
      await staffPage.waitForURL(/\/office\/mentors$/);
      await expectToast(staffPage, javaScriptEnabled, `${name} was added.`);

      const agent = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(agent.context, ctx.portal.base, await ctx.portal.sessionCookie());
      const agentPage = await agent.context.newPage();
      await agentPage.goto(ctx.portal.base + "/mentors");
      const card = agentPage.locator(".mentor-card").filter({ hasText: name });
      await expect.poll(() => card.getByTestId("next-free").innerText(), settle).toMatch(/^Next free session: /);
      await card.getByRole("link", { name, exact: true }).click();
      await agentPage.waitForURL(/\/mentors\/\d+$/);
      await agentPage.locator("a.slot").first().click();
      await agentPage.waitForURL(/\/book\?/);
      await agentPage.getByLabel("For client").selectOption({ index: 1 });
      await agentPage.getByLabel("Topic").fill("Offer in Lisbon");
      await agentPage.getByRole("button", { name: "Hold this session" }).click();
      await agentPage.waitForURL(/\/cart\/$/);
      await expect.poll(() => agentPage.locator("main").innerText(), settle).toContain(`Mentor session: ${name}`);
      await expect(agentPage.locator("main").innerText()).resolves.toContain("$85.00");
      expect(unexpected(office.problems)).toEqual([]);
      expect(unexpected(agent.problems)).toEqual([]);
      await agent.context.close();
      await office.context.close();
    });
  });

  describe.each(jsModes)("$name, orders", ({ javaScriptEnabled }) => {
    it.each([1280, 375])("at %i px, each refund checkbox sits beside its own line, and its text ticks it", async (width) => {
      const agentEmail = `lines-${width}-${javaScriptEnabled ? "on" : "off"}@example.com`;
      const { orderId } = await agentWithPaidOrder(agentEmail, { first_name: "Li", last_name: "Nes" }, async (call, clientId) => {
        await call("agent/addcart", { client_id: clientId, item_type: "service_plan", item_id: 1 });
        await call("agent/addcart", { client_id: clientId, item_type: "job", item_id: 1 });
      });
      const { office, staffPage } = await staffBrowser(javaScriptEnabled, width);
      await staffPage.goto(`${ctx.portal.base}/office/orders/${orderId}`);
      const labels = staffPage.locator("label.choice");
      await expect.poll(() => labels.count(), settle).toBe(2);
      for (let n = 0; n < 2; n++) {
        const label = labels.nth(n);
        const box = (await label.locator('input[type="checkbox"]').boundingBox())!;
        const text = (await label.boundingBox())!;
        // Beside its text: at the line's start, as tall as a line, not stretched across the row.
        expect(box.width).toBeLessThan(40);
        expect(box.x - text.x).toBeLessThan(4);
        expect(box.y - text.y).toBeLessThan(12);
      }
      // Clicking the words of the second line ticks the second line, and only it.
      await labels
        .nth(1)
        .getByText(/Job placement/)
        .click();
      const boxes = staffPage.locator('input[name="line"]');
      expect(await boxes.nth(1).isChecked()).toBe(true);
      expect(await boxes.nth(0).isChecked()).toBe(false);
      await office.context.close();
    });

    it("staff find an agent's paid order and refund one line, with a note the agent then sees on its order", async () => {
      const agentEmail = `refunded-${javaScriptEnabled ? "on" : "off"}@example.com`;
      const { cookie, orderId } = await agentWithPaidOrder(
        agentEmail,
        { first_name: "Re", last_name: "Fund" },
        async (call, clientId) => {
          await call("agent/addcart", { client_id: clientId, item_type: "service_plan", item_id: 1 });
          await call("agent/addcart", { client_id: clientId, item_type: "job", item_id: 1 });
        },
      );
      const checkout = { order_id: orderId };

      const { office, staffPage } = await staffBrowser(javaScriptEnabled);
      await staffPage.goto(`${ctx.portal.base}/office/orders?agent=${encodeURIComponent(agentEmail)}&status=paid`);
      await staffPage.getByRole("link", { name: `Order ${checkout.order_id}` }).click();
      await staffPage.waitForURL(/\/office\/orders\/\d+$/);
      await staffPage.getByLabel("Why refund (the agent sees it)").fill("Client found the job on their own.");
      await staffPage.getByRole("button", { name: "Refund the chosen lines" }).click();
      await expect.poll(() => staffPage.locator("#line-error").innerText(), settle).toBe("Choose the lines to refund");
      await staffPage.locator('input[name="line"]').last().check();
      await staffPage.getByLabel("Why refund (the agent sees it)").fill("Client found the job on their own.");
      await staffPage.getByRole("button", { name: "Refund the chosen lines" }).click();
      await expectToast(staffPage, javaScriptEnabled, "Refunded. This order has");
      await expect.poll(() => staffPage.getByTestId("office-order-history").innerText(), settle).toContain(`Refunded 1 line ($`);
      await expect(staffPage.getByTestId("office-order-history").innerText()).resolves.toContain(
        `“Client found the job on their own.”, by ${demoStaff.name}`,
      );

      const agent = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(agent.context, ctx.portal.base, cookie);
      const agentPage = await agent.context.newPage();
      await agentPage.goto(`${ctx.portal.base}/orders/${checkout.order_id}`);
      await expect
        .poll(() => agentPage.getByTestId("refund-note").innerText(), settle)
        .toContain("Refunded: Refunded by the consultancy: Client found the job on their own.");
      // The receipt says what was paid in the end: the total, less the line refunded.
      await agentPage.goto(`${ctx.portal.base}/orders/${checkout.order_id}/receipt`);
      const total = Number((await agentPage.getByTestId("receipt-total").innerText()).replace(/[^\d.]/g, ""));
      const refunded = Number(
        (await agentPage.locator("tfoot tr").filter({ hasText: "Refunded" }).innerText()).replace(/[^\d.]/g, ""),
      );
      expect(refunded).toBeGreaterThan(0);
      expect(Number((await agentPage.getByTestId("receipt-net").innerText()).replace(/[^\d.]/g, ""))).toBeCloseTo(
        total - refunded,
        2,
      );
      expect(unexpected(office.problems)).toEqual([]);
      await agent.context.close();
      await office.context.close();
    });
  });

  describe.each(jsModes)("$name, sessions", ({ javaScriptEnabled }) => {
    it("staff find a paid session in the agenda and cancel it for the agent, who then sees it cancelled, refund due", async () => {
      const agentEmail = `agenda-${javaScriptEnabled ? "on" : "off"}@example.com`;
      const from = new Date(Date.now() + (javaScriptEnabled ? 50 : 57) * 86_400_000).toISOString().slice(0, 10);
      let week: { slots: Array<{ start: string }> } = { slots: [] };
      let held: { id: number } = { id: 0 };
      const { cookie, orderId } = await agentWithPaidOrder(
        agentEmail,
        { first_name: "Ag", last_name: "Enda" },
        async (call, clientId) => {
          week = (await call("api/Mentorbooking", { mentor_id: 2, time_zone: "UTC", week_start: from })).data;
          held = (
            await call("api/Mentorbooking/book", {
              mentor_id: 2,
              client_id: clientId,
              start: week.slots[0]!.start,
              topic: "Agenda test",
            })
          ).data;
        },
      );

      const { office, staffPage } = await staffBrowser(javaScriptEnabled);
      await staffPage.goto(`${ctx.portal.base}/office/bookings?from=${week.slots[0]!.start.slice(0, 10)}&mentor=2`);
      const row = staffPage.getByTestId(`office-booking-${held.id}`);
      await expect.poll(() => row.innerText(), settle).toContain("Agenda test");
      await row.getByRole("button", { name: /^Cancel for the agent/ }).click();
      await expectToast(staffPage, javaScriptEnabled, "Cancelled for Ag Enda's agent: its refund is due.");
      // The overview's "refunds due" leads to a list holding this order, whose history ends with the refund due.
      await staffPage.goto(`${ctx.portal.base}/office`);
      await staffPage.getByRole("link", { name: "Refunds due (lines)" }).click();
      await staffPage.waitForURL(/\/office\/orders\?refund=due$/);
      await staffPage.getByRole("link", { name: `Order ${orderId}`, exact: true }).click();
      await staffPage.waitForURL(/\/office\/orders\/\d+$/);
      await expect
        .poll(() => staffPage.getByTestId("office-order-events").innerText(), settle)
        .toMatch(/Paid\n.*Not settled yet: Refund due: Mentor session/s);

      const agent = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(agent.context, ctx.portal.base, cookie);
      const agentPage = await agent.context.newPage();
      await agentPage.goto(ctx.portal.base + "/bookings");
      await expect
        .poll(() => agentPage.getByTestId(`booking-${held.id}`).getByTestId("booking-status").innerText(), settle)
        .toBe("Cancelled · refund due");
      expect(unexpected(office.problems)).toEqual([]);
      await agent.context.close();
      await office.context.close();
    });
  });
});
