import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import { expectToast, journeys, jsModes, newContext, pickClient, settle, signInAs, unexpected } from "../support/browser.js";

journeys("agent workspace in Chromium", (ctx) => {
  const badge = (page: Page) => page.locator("header").getByTestId("cart-count");
  const heading = (page: Page) => page.locator("h1").first().innerText();

  describe.each(jsModes)("$name", ({ name, javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("adds, edits and views a client, fills the cart from plans, jobs and packages, removes, deletes", async () => {
      const agent = await ctx.portal.createAgent(`journey-${tag}@example.com`, `Journey ${tag}`);
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie(agent.email, agent.password));
      const page = await context.newPage();

      // An empty workspace invites the first client.
      await page.goto(ctx.portal.base + "/dashboard");
      await expect.poll(() => page.getByTestId("count-clients").innerText(), settle).toBe("0");
      await page
        .locator("main")
        .getByRole("link", { name: /Clients/ })
        .first()
        .click();
      await page.waitForURL(/\/clients$/);
      await expect.poll(() => page.locator(".empty-state").innerText(), settle).toContain("You have no clients yet.");
      await page.getByRole("link", { name: "Add your first client" }).click();
      await page.waitForURL(/\/clients\/new$/);

      // Bad input: the errors sit beside their fields, and everything typed stays.
      await page.getByLabel("First name").fill("Mila");
      await page.getByLabel("Last name").fill(`Novak ${tag}`);
      await page.getByLabel("Email").fill("mila-at-example");
      await page.getByLabel("Phone").fill("+386 1 234 5678");
      await page.getByLabel("Nationality").selectOption("SI");
      await page.getByLabel("Current country").selectOption("SI");
      if (javaScriptEnabled) {
        // Picking the country suggests its zone at once.
        await expect.poll(() => page.locator("#field-time_zone-hint").innerText(), settle).toContain("For Slovenia");
      }
      await page.getByLabel("Destination country").selectOption("DE");
      await page.getByLabel("Date of birth").fill("2999-01-01");
      await page.getByLabel("Notes").fill("Engineer; wants Berlin.");
      await page.getByRole("button", { name: "Add client" }).click();
      await expect.poll(() => page.locator("#field-email-error").innerText(), settle).toBe("Enter a valid email address");
      await expect(page.locator("#field-date_of_birth-error").innerText()).resolves.toBe("Date of birth must be in the past");
      await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Mila");
      await expect(page.getByLabel("Destination country").inputValue()).resolves.toBe("DE");
      await expect(page.getByLabel("Notes").inputValue()).resolves.toBe("Engineer; wants Berlin.");
      await expect(page.getByLabel("Email").getAttribute("aria-invalid")).resolves.toBe("true");
      // The client's zone is searched for, and the country's zones are suggested (the one IANA keeps for Slovenia).
      await expect(page.locator("#field-time_zone-hint").innerText()).resolves.toContain("For Slovenia: Europe/Belgrade.");
      await expect(page.locator("#field-time_zone-zones option").first().getAttribute("value")).resolves.toBe("Europe/Belgrade");

      await page.getByLabel("Email").fill(`mila.${tag}@example.com`);
      await page.getByLabel("Date of birth").fill("1992-05-17");
      await page.getByRole("button", { name: "Add client" }).click();
      await page.waitForURL(/\/clients\/\d+$/);
      await expectToast(page, javaScriptEnabled, `Mila Novak ${tag} was added.`);
      await expect.poll(() => heading(page), settle).toBe(`Mila Novak ${tag}`);
      await expect(page.locator(".details").innerText()).resolves.toContain("Germany");
      const clientUrl = new URL(page.url()).pathname;

      // Edit.
      await page.getByRole("link", { name: "Edit" }).click();
      await page.waitForURL(/\/edit$/);
      await page.getByLabel("Last name").fill(`Novak-Kranjc ${tag}`);
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL((u) => u.pathname === clientUrl);
      await expect.poll(() => heading(page), settle).toBe(`Mila Novak-Kranjc ${tag}`);
      await expect.poll(() => badge(page).innerText(), settle).toBe("0");

      // A service plan.
      await page.getByRole("link", { name: "Service plans" }).click();
      await page.waitForURL(/\/plans$/);
      await page.getByRole("button", { name: /^Add to cart ?: Starter mentorship$/ }).click();
      await expectToast(page, javaScriptEnabled, `Added to the cart for Mila Novak-Kranjc ${tag}.`);
      await expect.poll(() => badge(page).innerText(), settle).toBe("1");
      await expect
        .poll(() => page.locator(".plan", { hasText: "Starter mentorship" }).innerText(), settle)
        .toContain("In the cart");

      // A job: first without choosing a client, then for Mila.
      await page.goto(ctx.portal.base + "/joblist?country=DE");
      await page.getByRole("link", { name: "Senior Backend Engineer" }).click();
      await page.waitForURL(/\/joblist\/\d+$/);
      await page.getByRole("button", { name: "Add placement to cart" }).click();
      await expect.poll(() => page.locator("#field-client_id-error").innerText(), settle).toBe("Choose a client");
      await pickClient(page, `Mila Novak-Kranjc ${tag}`);
      await page.getByRole("button", { name: "Add placement to cart" }).click();
      await expectToast(page, javaScriptEnabled, `Added to the cart for Mila Novak-Kranjc ${tag}.`);
      await expect.poll(() => badge(page).innerText(), settle).toBe("2");

      // A relocation package.
      await page.goto(ctx.portal.base + "/relocation");
      await page.getByRole("link", { name: "Berlin starter package" }).click();
      await page.waitForURL(/\/relocation\/\d+$/);
      await pickClient(page, `Mila Novak-Kranjc ${tag}`);
      await page.getByRole("button", { name: "Add package to cart" }).click();
      await expect.poll(() => badge(page).innerText(), settle).toBe("3");

      // The cart: grouped by client with a total; remove one.
      await page.locator("header").getByRole("link", { name: /^Cart/ }).click();
      await page.waitForURL(/\/cart\/$/);
      await expect.poll(() => page.getByTestId("cart-total").innerText(), settle).toBe("$4,090.00");
      await page.getByRole("button", { name: "Remove Mentorship plan: Starter mentorship" }).click();
      await expectToast(page, javaScriptEnabled, "Removed from the cart.");
      await expect.poll(() => badge(page).innerText(), settle).toBe("2");
      expect(await page.getByRole("button", { name: "Remove Mentorship plan: Starter mentorship" }).count()).toBe(0);

      // Delete the client, confirming on a page of its own; its cart items go with it.
      await page.goto(ctx.portal.base + clientUrl);
      await page.getByRole("link", { name: "Delete" }).click();
      await page.waitForURL(/\/delete$/);
      // It says what happens: nothing of theirs to keep, so deleted; two cart items go.
      await expect
        .poll(() => page.getByTestId("consequences").innerText(), settle)
        .toContain("2 cart items for them will be removed.");
      await expect(page.getByTestId("consequences").innerText()).resolves.toContain(
        "Deleted: no order or mentor session names this client",
      );
      await page.getByRole("button", { name: "Yes, delete this client" }).click();
      await page.waitForURL(/\/clients$/);
      await expectToast(page, javaScriptEnabled, "The client was deleted. 2 cart items were removed with them.");
      await expect.poll(() => badge(page).innerText(), settle).toBe("0");
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("sends a contact message, after showing what was missing", async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/contact");
      await expect(page.getByLabel("Email").inputValue()).resolves.toBe("demo@example.com");
      await page.getByLabel("Subject").fill(`Question (${name})`);
      await page.getByLabel("Message").fill("Hi");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect
        .poll(() => page.locator("#field-message-error").innerText(), settle)
        .toBe("Tell us a little more (at least 10 characters)");
      await expect(page.getByLabel("Subject").inputValue()).resolves.toBe(`Question (${name})`);
      await page.getByLabel("Message").fill("Do you place nurses in Ireland as well?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expectToast(page, javaScriptEnabled, "Thank you! We will answer within one working day.");
      const row = ctx.portal.db
        .prepare("select subject, message from contact_messages where subject = ?")
        .get(`Question (${name})`);
      expect(row).toEqual({ subject: `Question (${name})`, message: "Do you place nurses in Ireland as well?" });
      await context.close();
    });

    it("after signing out, Back shows no client's details from the browser's cache", async () => {
      const agent = await ctx.portal.createAgent(`back-${tag}-in-process@example.com`);
      const session = await ctx.portal.sessionCookie(agent.email, agent.password);
      const cached = await ctx.portal.fixtures(session.token).api.call(endpoints.addClient, {
        body: {
          first_name: "Cached",
          last_name: "Person",
          email: "cached@example.com",
          passport_number: "PX9988776",
          date_of_birth: "1990-04-03",
        },
      });
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, session);
      const page = await context.newPage();
      await page.goto(`${ctx.portal.base}/clients/${cached.id}`);
      await expect.poll(() => page.locator("main").innerText(), settle).toContain("PX9988776");
      await page.locator("header").getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/clients"));
      await page.goBack();
      await page.waitForURL(/\/authentication/);
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Sign in");
      expect(await page.content()).not.toContain("PX9988776");
      await context.close();
    });
  });
});
