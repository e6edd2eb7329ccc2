/**
 * axe-core on every page of the portal, signed out and signed in, at desktop and phone widths: no critical and no
 * serious violation. Each violation is reported with its rule, the page, the width and the first offending
 * element, so a failure says what to fix.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveBrowser, newContext, settle, signInAs, usePortalAndBrowser } from "../support/browser.js";

const widths = [1280, 375] as const;

const publicPages = ["/", "/home", "/about", "/terms", "/servicesPage?id=1", "/authentication", "/no-such-page"];

async function violations(page: Page, path: string, width: number): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${path} @${width}px: ${v.id} (${v.impact}) ${v.nodes.length}x, e.g. ${v.nodes[0]?.target.join(" ")}`);
}

describe.skipIf(!haveBrowser)("accessibility (axe) in Chromium", () => {
  const ctx = usePortalAndBrowser();

  /** The signed-in pages, with real ids from the demo agent's data and one paid order of its own. */
  function workspacePages(): string[] {
    const db = ctx.portal.db;
    const agent = db.prepare("select id from agents where email = 'demo@example.com'").get() as { id: number };
    const client = db.prepare("select id from clients where agent_id = ? order by id limit 1").get(agent.id) as { id: number };
    const job = db.prepare("select id from jobs order by id limit 1").get() as { id: number };
    const relocation = db.prepare("select id from relocations order by id limit 1").get() as { id: number };
    const mentor = db.prepare("select id from mentors order by id limit 1").get() as { id: number };
    const now = new Date().toISOString();
    const order = db
      .prepare(
        "insert into orders (agent_id, status, mode, amount_minor, currency, created_at, updated_at, paid_at) values (?, 'paid', 'demo', 29000, 'USD', ?, ?, ?)",
      )
      .run(agent.id, now, now, now);
    return [
      "/dashboard",
      "/clients",
      "/clients/new",
      `/clients/${client.id}`,
      `/clients/${client.id}/edit`,
      `/clients/${client.id}/plans`,
      `/clients/${client.id}/delete`,
      "/joblist",
      `/joblist/${job.id}`,
      "/relocation",
      `/relocation/${relocation.id}`,
      "/mentors",
      `/mentors/${mentor.id}`,
      "/cart",
      "/orders",
      `/orders/${order.lastInsertRowid}`,
      "/bookings",
      "/contact",
      "/no-such-page",
    ];
  }

  for (const width of widths) {
    it(`signed out, ${width} px: no critical or serious violation on any public page`, async () => {
      const { context } = await newContext(ctx.browser, true, { width });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of publicPages) {
        await page.goto(ctx.portal.base + path);
        found.push(...(await violations(page, path, width)));
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });

    it(`signed in, ${width} px: no critical or serious violation on any workspace page`, async () => {
      const { context } = await newContext(ctx.browser, true, { width });
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      const page = await context.newPage();
      const found: string[] = [];
      const pages = workspacePages();
      // The booking form needs a real free slot: the first one the mentor page offers.
      await page.goto(ctx.portal.base + pages.find((p) => /^\/mentors\/\d+$/.test(p))!);
      for (let week = 0; week < 3 && (await page.locator("a.slot").count()) === 0; week++) {
        await page.getByRole("link", { name: "Next week →" }).click();
        await page.waitForLoadState("load");
      }
      const slot = await page.locator("a.slot").first().getAttribute("href", { timeout: settle.timeout });
      pages.push(slot!);
      for (const path of pages) {
        await page.goto(ctx.portal.base + path);
        found.push(...(await violations(page, path, width)));
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });
  }
});
