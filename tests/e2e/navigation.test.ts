/**
 * Getting around the workspace: from any signed-in page an agent reaches every part of it without going back to
 * the dashboard, on a desktop and on a phone, with JavaScript on and off; the current place is marked, and every
 * page, error pages included, has a title of its own.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journeys, jsModes, newContext, settle, signInAs, widthsFor } from "../support/browser.js";

const places = [
  { label: "Clients", path: "/clients/" },
  { label: "Jobs", path: "/joblist/" },
  { label: "Relocation", path: "/relocation/" },
  { label: "Mentors", path: "/mentors/" },
  { label: "Mentor sessions", path: "/bookings/" },
  { label: "Orders", path: "/orders/" },
  { label: "Cart", path: "/cart/" },
  { label: "Contact", path: "/contact/" },
] as const;

journeys("workspace navigation in Chromium", (ctx) => {
  for (const width of [1280, 375]) {
    describe.each(jsModes.filter((m) => widthsFor(m.javaScriptEnabled).includes(width)))(
      `$name, ${width} px`,
      ({ javaScriptEnabled }) => {
        it("reaches every part of the workspace from any page, and marks where the agent is", async () => {
          const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width });
          await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
          const page = await context.newPage();
          await page.goto(ctx.portal.base + "/dashboard");
          const titles = new Set<string>();
          const workspace = (p: Page) => p.getByRole("navigation", { name: "Workspace" });
          // The marked link, read even while the phone menu is closed (and the workspace hidden).
          const current = (p: Page) =>
            p
              .locator('nav[aria-label="Workspace"] [aria-current="page"], header .cart-link[aria-current="page"]')
              .first()
              .textContent();
          for (const place of places) {
            // On a phone the workspace is in the menu: open it first.
            if (width < 1000) await page.getByText("Menu", { exact: true }).click();
            // The cart is the header's own link (with the count); the rest are in the workspace menu.
            const link =
              place.label === "Cart"
                ? page.locator("header .cart-link")
                : workspace(page).getByRole("link", { name: place.label, exact: true });
            await link.click();
            await page.waitForURL((url) => url.pathname === place.path);
            // The cart's link also says its count ("Cart 0 items"): the label is how the marked link's text begins.
            await expect
              .poll(() => current(page).then((t) => t?.trim().replace(/\s+/g, " ")), settle)
              .toMatch(new RegExp(`^${place.label}\\b`));
            titles.add(await page.title());
          }
          // Deeper pages mark their part of the workspace too.
          const client = ctx.portal.db.prepare("select id from clients order by id limit 1").get() as { id: number };
          await page.goto(`${ctx.portal.base}/clients/${client.id}/edit`);
          await expect.poll(() => current(page), settle).toBe("Clients");
          // Every place has a title of its own.
          expect(titles.size).toBe(places.length);
          expect(problems).toEqual([]);
          await context.close();
        });
      },
    );
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("marks the current section with or without a trailing slash, and starts the sign-in page in Email", async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      const page = await context.newPage();
      const marked = () => page.locator('nav[aria-label="Main"] [aria-current="page"]').textContent();
      for (const [path, label] of [
        ["/about", "About us"],
        ["/about/", "About us"],
        ["/terms", "Terms & Conditions"],
        ["/terms/", "Terms & Conditions"],
        ["/home", "Home"],
        ["/", "Home"],
      ] as const) {
        await page.goto(ctx.portal.base + path);
        await expect.poll(marked, settle).toBe(label);
      }
      await page.goto(ctx.portal.base + "/authentication");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")), settle).toBe("email");
      await context.close();
    });
  });

  it("opens the services menu visibly and closes it on Esc and on a click elsewhere (JavaScript on)", async () => {
    const { context } = await newContext(ctx.browser, true);
    const page = await context.newPage();
    await page.goto(ctx.portal.base + "/about");
    const details = page.locator(".dropdown details");
    const isOpen = () => details.evaluate((d) => (d as HTMLDetailsElement).open);
    const marker = () => page.locator(".dropdown summary").evaluate((s) => getComputedStyle(s, "::after").transform);
    const closedMarker = await marker();
    await page.getByText("Services", { exact: true }).click();
    expect(await isOpen()).toBe(true);
    // The marker beside "Services" turns when the menu is open.
    expect(await marker()).not.toBe(closedMarker);
    await page.keyboard.press("Escape");
    expect(await isOpen()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), settle).toBe("SUMMARY");
    await page.getByText("Services", { exact: true }).click();
    expect(await isOpen()).toBe(true);
    await page.locator("h1").click();
    expect(await isOpen()).toBe(false);
    await context.close();
  });

  it("follows the plain anchors of lists and the header in the app (JavaScript on), and leaves a held key's click to the browser", async () => {
    const { context, problems } = await newContext(ctx.browser, true);
    await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
    const page = await context.newPage();
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.goto(ctx.portal.base + "/mentors");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    // A mark on this document's window: a full page load would take it away.
    const marked = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const card = page.locator(".mentor-card h2 a").first();
    expect(await card.getAttribute("data-discover")).toBe("true");
    const mentorPath = new URL((await card.getAttribute("href"))!, ctx.portal.base).pathname;
    await card.click();
    await page.waitForURL((url) => url.pathname === mentorPath);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count(), settle).toBe(1);
    // The header's sections are plain anchors too; the mark survives both, and history holds each step.
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Clients", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/clients/");
    await page.locator("tbody a").first().click();
    await page.waitForURL(/\/clients\/\d+$/);
    expect(await marked()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/clients/");
    expect(await marked()).toBe(true);
    // A link to the very page shown replaces the entry, as <Link> does: history does not grow.
    const length = await page.evaluate(() => history.length);
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Clients", exact: true }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => history.length)).toBe(length);
    expect(documents).toEqual(["/mentors"]);
    // Control held: the browser opens the link in a new tab, and this page stays where it is.
    const opened = context.waitForEvent("page");
    await page
      .locator("tbody a")
      .first()
      .click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForURL(/\/clients\/\d+$/);
    expect(new URL(page.url()).pathname).toBe("/clients/");
    expect(await marked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`shows toasts below the header, never over its links, inside the main landmark (${width} px)`, async () => {
      const { context } = await newContext(ctx.browser, true, { width });
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/contact");
      await page.getByLabel("Subject").fill("A question");
      await page.getByLabel("Message").fill("Do you also place nurses in Ireland?");
      await page.getByRole("button", { name: "Send message" }).click();
      const toast = page.locator(".Toastify__toast").first();
      await toast.waitFor({ state: "visible", timeout: settle.timeout });
      const toastBox = (await toast.boundingBox())!;
      const headerBox = (await page.locator("header.site-header").boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
      expect(await toast.evaluate((t) => t.closest("main")?.id)).toBe("main");
      await context.close();
    });
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("says a refused form's error once: beside the field and one summary, no toast", async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/authentication");
      await page.getByLabel("Email").fill("demo@example.com");
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const summary = page.locator(".form-error");
      await expect.poll(() => summary.count(), settle).toBe(1);
      const text = await summary.innerText();
      // Everything the page asks for has arrived: a toast, if one were coming, would be shown by now.
      await page.waitForLoadState("networkidle");
      expect(await page.locator(".Toastify__toast").count()).toBe(0);
      expect(await page.getByTestId("flash").count()).toBe(0);
      expect(await page.getByText(text, { exact: true }).count()).toBe(1);
      await context.close();
    });
  });

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("offers a signed-in agent on the home page the dashboard, not a sign-in", async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/");
      expect(await page.locator("main").getByRole("link", { name: "Agent sign in" }).count()).toBe(1);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      for (const path of ["/", "/home"]) {
        await page.goto(ctx.portal.base + path);
        await page.locator("main").getByRole("link", { name: "Go to your dashboard" }).click();
        await page.waitForURL(/\/dashboard\/?$/);
        await page.goto(ctx.portal.base + path);
        expect(await page.locator("main").getByRole("link", { name: "Agent sign in" }).count()).toBe(0);
      }
      await context.close();
    });
  });

  it("carries only its own area's words, and fetches a route's once, before its page is drawn (JavaScript on)", async () => {
    const { context, problems } = await newContext(ctx.browser, true);
    const page = await context.newPage();
    const fetched: string[] = [];
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/locales/")) fetched.push(new URL(r.url()).searchParams.get("routes") ?? "(all)");
      if (r.isNavigationRequest()) documents.push(r.url());
    });
    /** What looks like a catalogue's key on the page instead of its words ("work.dashboard.heading"). */
    const keysShown = async () =>
      (await page.locator("body").innerText()).match(
        /\b(?:work|office|mentoring|my|common|errors|nav|messages)\.[a-z]+[A-Za-z.]*/g,
      ) ?? [];
    const carried = async () =>
      JSON.parse((await page.locator("#i18n-catalogue").textContent()) ?? "{}") as Record<string, Record<string, unknown>>;

    // The public home page carries no workspace's words, the office's none either (the settings' words live in
    // lib/setting-words.ts, which no public page's script loads).
    await page.goto(ctx.portal.base + "/");
    const home = await carried();
    expect(home.work).toBeUndefined();
    expect(home.mentoring).toBeUndefined();
    expect(home.office).toBeUndefined();
    expect(home.home).toBeDefined();
    // Signing in draws the dashboard in the same document: its words come first, then the page, never a key.
    const { email, password } = await ctx.portal.createAgent(`words-${Date.now()}@example.com`, "Wanda Words");
    await page.goto(ctx.portal.base + "/authentication");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/dashboard\/?$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), settle).not.toMatch(/\w\.\w/);
    expect(await keysShown()).toEqual([]);
    // Read as the events come: Chromium reports a request from its network process, apart from (and under load
    // after) what the page's own evaluations answer, so the fetch the page waited for can be told of a little later.
    const fetchedFor = (id: string) => fetched.filter((routes) => routes.split(",").includes(id)).length;
    await expect
      .poll(() => fetchedFor("routes/_workspace+/dashboard"), {
        ...settle,
        message: `words fetched: ${JSON.stringify(fetched)}, documents: ${JSON.stringify(documents)}`,
      })
      .toBe(1);
    // On to the clients and back: each route's words are fetched once.
    for (const [label, path] of [
      ["Clients", /\/clients\/?$/],
      ["Jobs", /\/joblist\/?$/],
      ["Clients", /\/clients\/?$/],
    ] as const) {
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), settle).not.toMatch(/\w\.\w/);
      expect(await keysShown()).toEqual([]);
    }
    await expect.poll(() => fetchedFor("routes/_workspace+/clients+/_index"), settle).toBe(1);
    await expect.poll(() => fetchedFor("routes/_workspace+/joblist._index"), settle).toBe(1);
    expect(fetchedFor("routes/_workspace+/dashboard")).toBe(1);
    // The sign-in and every step after it were drawn in the one document the sign-in page started.
    expect(documents).toEqual([`${ctx.portal.base}/`, `${ctx.portal.base}/authentication`]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("names error pages by what went wrong", async () => {
    const { context } = await newContext(ctx.browser, false);
    await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
    const page = await context.newPage();
    for (const path of ["/clients/999999", "/mentors/99999", "/orders/99999", "/no-such-page"]) {
      const res = await page.goto(ctx.portal.base + path);
      expect(res?.status(), path).toBe(404);
      expect(await page.title(), path).toBe("Page not found · Waypoint Consultancy");
    }
    const res = await page.goto(ctx.portal.base + "/mentors/1/book");
    expect(res?.status()).toBe(400);
    expect(await page.title()).toBe("That did not work · Waypoint Consultancy");
    await context.close();
  });

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    it("keeps an error in an area inside it, with the way to the area's home, and tells no other kind of the area", async () => {
      const staff = await ctx.portal.staffSessionCookie();
      const agent = await ctx.portal.sessionCookie();
      const seen = async (cookie: { name: string; value: string }, path: string) => {
        const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
        await signInAs(context, ctx.portal.base, cookie);
        const page = await context.newPage();
        const res = await page.goto(ctx.portal.base + path);
        if (javaScriptEnabled) {
          // Drawn again by React in the browser: the same page, no hydration mismatch.
          await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 10_000 });
        }
        const error = page.locator(".error-page");
        const shown = {
          status: res?.status(),
          heading: await error.getByRole("heading", { level: 1 }).textContent(),
          title: await page.title(),
          way: await error.getByRole("link").textContent(),
          to: await error.getByRole("link").getAttribute("href"),
          officeLinks: await page.locator('a[href^="/office"]').count(),
          problems: problems.filter((p) => !p.includes("404")),
        };
        await context.close();
        return shown;
      };
      expect(await seen(agent, "/clients/999999")).toEqual({
        status: 404,
        heading: "Page not found",
        title: "Page not found · Waypoint Consultancy",
        way: "Go to your dashboard",
        to: "/dashboard/",
        officeLinks: 0,
        problems: [],
      });
      expect(await seen(staff, "/office/agents/999999")).toMatchObject({
        status: 404,
        way: "Go to the office overview",
        to: "/office",
        problems: [],
      });
      // The office's 404 for an agent: the page a wrong address gets anywhere, not a way into the office.
      expect(await seen(agent, "/office/agents")).toEqual({
        status: 404,
        heading: "Page not found",
        title: "Page not found · Waypoint Consultancy",
        way: "Go to the home page",
        to: "/",
        officeLinks: 0,
        problems: [],
      });
    });
  });
});
