/**
 * The client's case file in Chromium, JavaScript on and off, desktop and 375 px: a note added (an empty one refused
 * beside the field), the timeline telling what happened, and "Book a mentor" from the client leading to a booking
 * form with the client already chosen.
 */
import { describe, expect, it } from "vitest";
import { expectToast, journeys, jsModes, newContext, settle, signInAs, unexpected } from "../support/browser.js";

journeys("the client's case file in Chromium", (ctx) => {
  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    for (const width of [1280, 375]) {
      it(`${width} px: a note joins the timeline; "Book a mentor" starts the booking with the client chosen`, async () => {
        const email = `case-${tag}-${width}@example.com`;
        const { cookie, call } = await ctx.portal.agentWithApi(email, "Cora Case");
        const made = await call("agent/addclient", {
          first_name: "Theo",
          last_name: `Timeline ${tag} ${width}`,
          email: `theo-${tag}-${width}@example.com`,
        });
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
  describe.each(jsModes)("$name, the list", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("filters and sorts the clients, and exports exactly the agent's own (the current filter) as UTF-8 CSV with a BOM", async () => {
      const email = `list-${tag}@example.com`;
      const { cookie, call } = await ctx.portal.agentWithApi(email, "Lia List");
      const add = (body: Record<string, string>) => call("agent/addclient", body);
      for (const [first_name, last_name, who, destination_country, status] of [
        ["Zoë", "Ångström", "zoe", "PT", "active"],
        ["Bo", "Berg", "bo", "DE", "prospect"],
        ["Cy", "Cole", "cy", "PT", "prospect"],
      ] as const) {
        await add({ first_name, last_name, email: `${who}-${tag}@example.com`, destination_country, status });
      }
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, cookie);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/clients");
      const names = () => page.locator("tbody tr td:first-child").allInnerTexts();
      // The address first, then the rows: if this fails again, the failure says whether the click went nowhere or
      // the page kept its old rows (CI saw the old rows once, at full load, and never here since).
      await page.getByRole("link", { name: /^Name\W+sort ascending/ }).click();
      await page.waitForURL(/[?&]sort=name&dir=asc/, { timeout: 10_000 });
      await expect.poll(names, settle).toEqual(["Bo Berg", "Cy Cole", "Zoë Ångström"]);
      await page.getByLabel("Destination").selectOption("PT");
      await page.getByRole("button", { name: "Search" }).click();
      await expect.poll(names, settle).toEqual(["Cy Cole", "Zoë Ångström"]);
      expect(page.url()).toContain("order=name-asc");

      const response = await context.request.get(`${ctx.portal.base}/clients.csv?destination=PT&sort=name`);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = await response.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString("utf8").trim().split("\n");
      // Times in the agent's own zone, to the minute (no "T", no seconds or milliseconds).
      expect(lines[0]).toMatch(
        /^First name,Last name,Email,Phone,Nationality,Current country,Destination country,Date of birth,Status,Last activity \(([A-Za-z_/]+)\),Added \(\1\)$/,
      );
      expect(lines[1]!.split(",").at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
        `Cy,Cole,cy-${tag}@example.com`,
        `Zoë,Ångström,zoe-${tag}@example.com`,
      ]);
      // The export link carries the page's filter.
      await expect(page.getByRole("link", { name: /^Export CSV/ }).getAttribute("href")).resolves.toBe(
        "/clients.csv?sort=name&dir=asc&destination=PT",
      );
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });
  describe.each(jsModes)("$name, what needs attention", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("the dashboard leads with a hold about to lapse, linking to the client and to the cart (375 px)", async () => {
      const email = `attention-${tag}@example.com`;
      const { cookie, call } = await ctx.portal.agentWithApi(email, "Ari Attention");
      const client = (
        await call("agent/addclient", { first_name: "Hana", last_name: `Hold ${tag}`, email: `hana-${tag}@example.com` })
      ).data;
      const from = new Date(Date.now() + (javaScriptEnabled ? 20 : 27) * 86_400_000).toISOString().slice(0, 10);
      const week = (await call("api/Mentorbooking", { mentor_id: 4, time_zone: "UTC", week_start: from })).data;
      await call("api/Mentorbooking/book", {
        mentor_id: 4,
        client_id: client.id,
        start: week.slots[0].start,
        topic: "Visa timing",
      });

      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width: 375 });
      await signInAs(context, ctx.portal.base, cookie);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/dashboard");
      const first = page.getByTestId("attention").locator("li").first();
      await expect.poll(() => first.innerText(), settle).toContain(`Hana Hold ${tag}: Unpaid session with`);
      await expect(first.innerText()).resolves.toContain("the hold lapses");
      await first.getByRole("link", { name: /^Pay in the cart/ }).click();
      await page.waitForURL(/\/cart\/?$/);
      await page.goto(`${ctx.portal.base}/clients/${client.id}`);
      await expect.poll(() => page.getByTestId("attention").innerText(), settle).toContain("the hold lapses");
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });
});
