/**
 * Issue 25, point 6: the small things people noticed, each in Chromium, JavaScript on and off at 1280 px and on at
 * 375 px (as a phone opens the portal): the one spelling of "Sign in" and whom the page is for; "Mentor
 * sessions" everywhere; demo mode never speaking of a card; toasts and the ↑ button covering nothing; the client list
 * sorted on a phone; a lapsed hold left out of the cart's total; cancelled checkouts hidden from /orders; Print on the
 * receipt; lists opened for a client saying for whom; one expiry field on a document page and a preview before
 * accepting; tables stacked into cards on a phone with no word cut; the way to a mentor's free times; a refused
 * form's focus clear of the sticky header.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journeys, jsModes, newContext, settle, unexpected, widthsFor } from "../support/browser.js";
import { pngBytes } from "../support/files.js";

journeys("the small things in Chromium", (ctx) => {
  /** An agent with a client, a paid plan, a cancelled checkout and a lapsed hold, signed in through its cookie. */
  async function agentWithThings(tag: string) {
    const agent = await ctx.portal.agentWithApi(`things-${tag}@example.com`, `Tia Things ${tag}`);
    const client = (
      await agent.call("agent/addclient", {
        first_name: "Beatriz",
        last_name: `Wordsworth ${tag}`,
        email: `bea-${tag}@example.com`,
      })
    ).data;
    await agent.call("agent/addcart", { client_id: client.id, item_type: "service_plan", item_id: 1 });
    const paid = (await agent.call("stripe/create-checkout-session", {})).data;
    await agent.call(`stripe/demo/complete/${paid.session_id}`, {});
    const second = (await agent.call("agent/addcart", { client_id: client.id, item_type: "service_plan", item_id: 2 })).data;
    await agent.call("stripe/create-checkout-session", {});
    await agent.call("stripe/cancel-checkout", {});
    await agent.call("agent/deletecart", { id: second.id });
    // A hold that lapsed: the one write into the app's tables, naming what it stands for.
    const held = await agent.holdNextWeek(client.id, 2, "Lapsed");
    ctx.portal.db.prepare("update mentor_bookings set status = 'released', held_until = null where id = ?").run(held.id);
    const doc = (await agent.call(`agent/clients/${client.id}/documents`, { title: "Photo ID" })).data;
    return { agent, client, orderId: paid.order_id as number, docId: doc.id as number };
  }

  async function page(javaScriptEnabled: boolean, width: number, cookie?: { name: string; value: string }) {
    const side = await newContext(ctx.browser, javaScriptEnabled, { width });
    if (cookie) {
      await side.context.addCookies([
        { name: cookie.name, value: cookie.value, url: ctx.portal.base, httpOnly: true, sameSite: "Lax" },
      ]);
    }
    return { ...side, page: await side.context.newPage() };
  }
  const box = (p: Page, selector: string) => p.locator(selector).first().boundingBox();
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    // At 375 px with scripts on, as a phone opens it (a table stacked by CSS alone is the same without them).
    for (const width of widthsFor(javaScriptEnabled)) {
      const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

      it(`at ${width} px: words, totals, lists, receipts and documents as people expect them`, async () => {
        const { agent, client, orderId, docId } = await agentWithThings(tag);
        const visitor = await page(javaScriptEnabled, width);
        const v = visitor.page;
        // "Sign in" written alike; the page says whom it is for. Demo mode speaks of no card.
        await v.goto(ctx.portal.base + "/");
        await expect(
          v.locator("header").getByRole("link", { name: "Sign in", exact: true, includeHidden: true }).count(),
        ).resolves.toBe(1);
        await v.goto(ctx.portal.base + "/authentication");
        await expect(v.getByTestId("sign-in-for").innerText()).resolves.toContain(
          "For agents, mentors and the consultancy's staff.",
        );
        await v.goto(ctx.portal.base + "/terms");
        await expect(v.getByTestId("terms-payment").innerText()).resolves.not.toMatch(/card/i);

        const signedIn = await page(javaScriptEnabled, width, agent.cookie);
        const p = signedIn.page;
        // "Mentor sessions" in the menu and on the page.
        await p.goto(ctx.portal.base + "/bookings");
        await expect.poll(() => p.locator("h1").innerText(), settle).toBe("Mentor sessions");
        await expect(
          p.locator('nav[aria-label="Workspace"]').getByRole("link", { name: "Mentor sessions", includeHidden: true }).count(),
        ).resolves.toBe(1);

        // The lapsed hold is shown but not counted: the total is what can be paid.
        await p.goto(ctx.portal.base + "/cart");
        await expect.poll(() => p.getByTestId("hold-note").innerText(), settle).toContain("Released, book again");
        await expect(p.getByTestId("cart-total").innerText()).resolves.toBe("$0.00");
        await expect(p.locator(".cart-total").innerText()).resolves.toContain("(a lapsed hold is not counted)");

        // /orders: the cancelled checkout can be hidden.
        await p.goto(ctx.portal.base + "/orders");
        await expect.poll(() => p.locator("tbody tr").count(), settle).toBe(2);
        await p.getByLabel("Hide cancelled and lapsed checkouts").check();
        await p.getByRole("button", { name: "Show" }).click();
        await p.waitForURL(/hide=unpaid/);
        await expect.poll(() => p.locator("tbody tr").count(), settle).toBe(1);
        await expect(p.getByTestId(`order-${orderId}`).count()).resolves.toBe(1);

        // The receipt: Print with scripts, the browser's menu said without them; its table stacked on a phone.
        await p.goto(`${ctx.portal.base}/orders/${orderId}/receipt`);
        await expect.poll(() => p.locator(".receipt__print").innerText(), settle).toContain("print this page");
        await expect.poll(() => p.getByRole("button", { name: "Print" }).count(), settle).toBe(javaScriptEnabled ? 1 : 0);
        for (const at of ["/cart", `/orders/${orderId}/receipt`, `/orders/${orderId}`]) {
          await p.goto(ctx.portal.base + at);
          const sideways = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(sideways, at).toBeLessThanOrEqual(0);
          if (width < 700) {
            // Stacked: the column headings are read by screen readers only, each cell says what it is.
            const head = await box(p, "table thead");
            expect(head?.height ?? 0, at).toBeLessThanOrEqual(1);
            await expect(p.locator("td[data-label]").count()).resolves.toBeGreaterThan(0);
          }
        }

        // Lists opened from a client's page say for whom.
        for (const [at, said] of [
          [`/mentors?client=${client.id}`, "Choosing a mentor for"],
          [`/joblist?client=${client.id}`, "Choosing a job for"],
        ] as const) {
          await p.goto(ctx.portal.base + at);
          await expect.poll(() => p.getByTestId("for-client").innerText(), settle).toContain(`${said} Beatriz Wordsworth ${tag}`);
        }

        // A mentor's page leads to the free times first.
        await p.goto(ctx.portal.base + "/mentors/1");
        await p.getByTestId("jump-to-slots").click();
        await expect
          .poll(() => p.locator("#week").evaluate((e) => e.getBoundingClientRect().top < window.innerHeight), settle)
          .toBe(true);

        // The client list sorts on a phone as on a desktop.
        await agent.call("agent/addclient", { first_name: "Aaron", last_name: `Zed ${tag}`, email: `aaron-${tag}@example.com` });
        await p.goto(ctx.portal.base + "/clients");
        await p.getByLabel("Sort by").selectOption("name-desc");
        await p.getByRole("button", { name: "Search" }).click();
        await p.waitForURL(/order=name-desc/);
        const first = p.locator("tbody tr").first();
        // By surname, Z to A: Zed before Wordsworth.
        await expect.poll(() => first.innerText(), settle).toContain(`Zed ${tag}`);

        // A document: one expiry field before a file and after; an image is previewed before it is accepted.
        const here = `${ctx.portal.base}/clients/${client.id}/documents/${docId}`;
        await p.goto(here);
        await expect.poll(() => p.locator("h1").innerText(), settle).toContain("Photo ID");
        await expect(p.getByLabel(/^Expires on/).count()).resolves.toBe(1);
        const uploaded = await fetch(
          `${ctx.portal.base}/backend/agent/clients/${client.id}/documents/${docId}/file?name=id.png`,
          {
            method: "POST",
            headers: { Authorization: `Bearer ${agent.cookie.token}`, "Content-Type": "application/octet-stream" },
            body: pngBytes,
          },
        );
        expect(uploaded.status).toBe(201);
        await p.goto(here);
        await expect.poll(() => p.getByLabel(/^Expires on/).count(), settle).toBe(1);
        const preview = p.getByTestId("doc-preview").locator("img");
        await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth), settle).toBe(1);
        const served = await signedIn.context.request.get(ctx.portal.base + (await preview.getAttribute("src"))!);
        expect(served.headers()["content-disposition"]).toBe('inline; filename="id.png"');
        expect(served.headers()["content-security-policy"]).toContain("sandbox");

        for (const side of [visitor, signedIn]) {
          expect(unexpected(side.problems)).toEqual([]);
          await side.context.close();
        }
      });
    }
  });

  it("toasts and the ↑ button cover nothing; names and zones are never cut mid-word on a phone (375 px, scripts on)", async () => {
    await agentWithThings("cover");
    const signed = await page(true, 375);
    const p = signed.page;
    await p.goto(ctx.portal.base + "/authentication/");
    await p.getByLabel("Email").fill("things-cover@example.com");
    await p.getByLabel("Password").fill("agent-password");
    await p.getByRole("button", { name: "Sign in", exact: true }).click();
    await p.waitForURL(/\/dashboard\/$/);
    const toast = p.locator(".Toastify__toast").first();
    await toast.waitFor({ state: "visible" });
    const [t, h1] = [await toast.boundingBox(), await box(p, "h1")];
    expect(overlaps(t!, h1!)).toBe(false);

    // The ↑ button steps aside where the footer (with its own "Back to top") shows.
    await p.goto(ctx.portal.base + "/terms");
    await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => p.locator(".scroll-top").count(), settle).toBe(0);
    await p.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => p.locator(".scroll-top").count(), settle).toBe(1);

    // /bookings at 375 px: every word of a name or a zone fits its cell's line (none is broken inside).
    await p.goto(ctx.portal.base + "/bookings");
    await expect.poll(() => p.locator("tbody tr").count(), settle).toBeGreaterThan(0);
    // A word laid out on two lines has two boxes: none may (an e-mail address alone may break, being one long word).
    const cut = await p.evaluate(() => {
      const found: string[] = [];
      for (const td of document.querySelectorAll("td")) {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (const m of text.matchAll(/\S+/g)) {
            if (m[0].includes("@")) continue;
            const range = document.createRange();
            range.setStart(node, m.index!);
            range.setEnd(node, m.index! + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(m[0]);
          }
        }
      }
      return found;
    });
    expect(cut).toEqual([]);

    // A refused form puts the focus on its first field with the label and the summary clear of the sticky header.
    await p.goto(ctx.portal.base + "/clients/new");
    await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await p
      .getByRole("button", { name: /^(Add|Save)/ })
      .last()
      .click();
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute("aria-invalid")), settle).toBe("true");
    const clear = await p.evaluate(() => {
      const header = document.querySelector(".site-header")!.getBoundingClientRect();
      const field = document.activeElement as HTMLElement;
      const label = document.querySelector(`label[for="${field.id}"]`)!.getBoundingClientRect();
      const summary = document.querySelector(".form-error")!.getBoundingClientRect();
      const below = Math.max(0, header.bottom);
      return { label: label.top >= below, summary: summary.top >= below && summary.bottom <= window.innerHeight };
    });
    expect(clear).toEqual({ label: true, summary: true });
    expect(unexpected(signed.problems)).toEqual([]);
    await signed.context.close();
  });
});
