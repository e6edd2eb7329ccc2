/**
 * axe-core on every page of the portal, signed out and signed in, at desktop and phone widths: no critical and no
 * serious violation of WCAG 2.0 to 2.2 A and AA (target sizes included) or axe's best practices, and no page
 * wider than the window (nothing scrolls sideways on a phone). Each violation is reported with its rule, the page, the width and the first offending
 * element, so a failure says what to fix.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { demoMentor, demoStaff } from "../../backend/db/demo-data.js";
import { endpoints } from "../../lib/contract.js";
import { journeys, newContext, settle, signInAs } from "../support/browser.js";

const widths = [1280, 375] as const;

const publicPages = [
  "/",
  "/home",
  "/about",
  "/terms",
  "/privacy",
  "/our-mentors",
  "/our-mentors/1",
  "/contact",
  "/es/contact",
  "/ar/our-mentors",
  "/servicesPage?id=1",
  "/authentication",
  "/set-password?token=no-such-link-0123456789",
  "/forgot-password",
  "/forgot-password?sent=1",
  "/my/sign-in",
  "/my/sign-in?sent=1",
  `/my/link?token=${"x".repeat(43)}`,
  `/confirm-email?token=${"x".repeat(43)}`,
  "/no-such-page",
];

async function violations(page: Page, path: string, width: number): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Only violations are read: axe then sends back one node per passing rule instead of every node it checked.
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${path} @${width}px: ${v.id} (${v.impact}) ${v.nodes.length}x, e.g. ${v.nodes[0]?.target.join(" ")}`);
}

/** A page wider than the window scrolls sideways: on a phone, a table or a row that does not fit. */
async function sideways(page: Page, path: string, width: number): Promise<string[]> {
  const { scrollWidth, clipped } = await page.evaluate(() => {
    // Also what a scrolling box hides: a table cell past the window's edge is off screen all the same.
    const clipped = [...document.querySelectorAll("main th, main td, main button, main a, main input, main select")]
      .filter((e) => {
        // The honeypot field is off screen on purpose (and out of the tab order).
        if ((e as HTMLElement).tabIndex < 0 && e.tagName === "INPUT") return false;
        // A stacked table's header row is kept for screen readers in a 1 px box.
        const head = e.closest("thead");
        if (head && head.getBoundingClientRect().width <= 1) return false;
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > window.innerWidth + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 30)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, clipped };
  });
  const found: string[] = [];
  if (scrollWidth > width) found.push(`${path} @${width}px: the page is ${scrollWidth} px wide and scrolls sideways`);
  if (clipped.length) found.push(`${path} @${width}px: off screen: ${clipped.slice(0, 3).join(", ")}`);
  return found;
}

/** Text that a template failed to fill: `({zone})` where the zone's name should be (JSX braces in a string). */
async function placeholders(page: Page, path: string, width: number): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const left = text.match(/\{[A-Za-z_.]+\}/g) ?? [];
  return left.length ? [`${path} @${width}px: unfilled ${[...new Set(left)].join(", ")}`] : [];
}

// A walk is one test: axe on some 30 to 40 pages, one or two seconds each on a quiet machine and up to five on a busy one.
// The suite's 30 s per test is for a step that hangs; here it would only measure the machine.
journeys("accessibility (axe) in Chromium", { timeout: 360_000 }, (ctx) => {
  /**
   * The signed-in pages, with real ids from the demo agent's data and records of its own made through the API once
   * (a paid order, a paid session on /bookings, a document with a file): both widths walk the same pages.
   */
  let seeded: Promise<string[]> | undefined;
  function workspacePages(): Promise<string[]> {
    seeded ??= (async () => {
      const make = ctx.portal.fixtures((await ctx.portal.sessionCookie()).token);
      const client = (
        await make.api.call(endpoints.clients, { params: { agentId: ctx.portal.demoAgentId() }, query: {} })
      ).items.at(-1)!;
      const [job] = await make.api.call(endpoints.jobs, { query: {} });
      const [relocation] = await make.api.call(endpoints.relocations);
      const [mentor] = await make.api.call(endpoints.mentors);
      const { orderId } = await make.paidPlan(client.id);
      const { booking } = await make.paidSession(client.id, {
        mentorId: mentor!.id,
        topic: "Interview practice for a long job title",
      });
      // Its page lays out the file, the upload and the expiry: long names, as people give them.
      const document = await make.document(client.id, {
        title: "Signed lease for the apartment in Lisbon",
        fileName: "signed-lease-for-the-apartment-in-lisbon-final-version.pdf",
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      });
      return [
        "/dashboard",
        "/clients",
        "/clients/new",
        `/clients/${client.id}`,
        `/clients/${client.id}/edit`,
        `/clients/${client.id}/plans`,
        `/clients/${client.id}/delete`,
        `/clients/${client.id}/documents/${document.id}`,
        `/clients/${client.id}/requests`,
        "/joblist",
        `/joblist/${job!.id}`,
        "/relocation",
        `/relocation/${relocation!.id}`,
        "/mentors",
        `/mentors/${mentor!.id}`,
        "/cart",
        "/orders",
        `/orders/${orderId}`,
        `/orders/${orderId}/receipt`,
        "/bookings",
        `/bookings/${booking.id}/cancel`,
        `/bookings/${booking.id}/move`,
        "/contact",
        "/account",
        "/account/zone?back=%2Fbookings",
        "/no-such-page",
      ];
    })();
    return seeded;
  }

  for (const width of widths) {
    it(`staff, ${width} px: no critical or serious violation on any back-office page`, async () => {
      // The demo agent signs in first, so the agents' list shows a last sign-in with its zone.
      await ctx.portal.sessionCookie();
      const { context } = await newContext(ctx.browser, true, { width });
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/authentication/");
      await page.getByLabel("Email").fill(demoStaff.email);
      await page.getByLabel("Password").fill(demoStaff.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/office$/);
      const found: string[] = [];
      for (const path of [
        "/office",
        "/office/agents",
        "/office/agents/new",
        `/office/agents/${ctx.portal.demoAgentId()}`,
        "/office/messages?status=all",
        "/office/audit",
        "/office/jobs",
        "/office/jobs/new",
        "/office/jobs/1",
        "/office/relocations",
        "/office/relocations/new",
        "/office/relocations/1",
        "/office/plans",
        "/office/plans/new",
        "/office/plans/1",
        "/office/mentors",
        "/office/mentors/new",
        "/office/mentors/1",
        "/office/mentors/1/invite",
        "/office/mentors/1/statement",
        "/office/bookings?view=unmarked",
        "/office/orders",
        "/office/orders/1",
        "/office/bookings",
        "/office/bookings?holds=lapsing",
        "/office/orders?refund=due",
        "/office/outbox?status=all",
        "/office/staff",
        "/office/staff/new",
        "/office/staff/1",
        "/office/staff/1/email",
        "/office/settings",
        "/office/settings/texts/ar",
        `/office/agents/${ctx.portal.demoAgentId()}/email`,
        `/office/agents/${ctx.portal.demoAgentId()}/hand-over`,
        "/office/mentors/1/email",
        "/account",
      ]) {
        await page.goto(ctx.portal.base + path);
        found.push(
          ...(await violations(page, path, width)),
          ...(await sideways(page, path, width)),
          ...(await placeholders(page, path, width)),
        );
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });

    it(`a mentor, ${width} px: no critical or serious violation on the mentor's pages`, async () => {
      // A paid session with the demo mentor, so the agenda has a row (with its join link) to check.
      await workspacePages();
      const { context } = await newContext(ctx.browser, true, { width });
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/authentication/");
      await page.getByLabel("Email").fill(demoMentor.email);
      await page.getByLabel("Password").fill(demoMentor.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/mentoring$/);
      const found: string[] = [];
      // The demo mentor's next session: its page asks the agent for a new time.
      const next = ctx.portal.db
        .prepare(
          "select b.id from mentor_bookings b join mentors m on m.id = b.mentor_id where m.email = ? and b.start_at > ? order by b.start_at limit 1",
        )
        .get(demoMentor.email, new Date().toISOString()) as { id: number };
      for (const path of [
        "/mentoring",
        `/mentoring/sessions/${next.id}`,
        "/mentoring/hours",
        "/mentoring/profile",
        "/account",
        "/account/zone?back=%2Fmentoring",
      ]) {
        await page.goto(ctx.portal.base + path);
        found.push(
          ...(await violations(page, path, width)),
          ...(await sideways(page, path, width)),
          ...(await placeholders(page, path, width)),
        );
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });

    it(`a client, ${width} px: no critical or serious violation on the client's own page`, async () => {
      // A client asked for a document, with a paid session: the page has every part. Their agent is one of their own
      // (the demo agent's cart holds the workspace walk's open checkout).
      const agent = await ctx.portal.createAgent(`a11y-agent-${width}@example.com`, "Agnieszka Wiśniewska-Kowalczyk");
      const make = ctx.portal.fixtures((await ctx.portal.sessionCookie(agent.email, agent.password)).token);
      const email = `a11y-client-${width}@example.com`;
      const client = await make.client({ first_name: "Amara", last_name: "Okafor-Lindqvist", email });
      const doc = await make.document(client.id, { title: "Proof of address abroad", file: false });
      await make.document(client.id, { title: "Signed employment contract", file: false });
      await make.api.call(endpoints.requestDocuments, {
        params: { clientId: client.id },
        body: { document_ids: [doc.id], message: "A utility bill from the last three months, please." },
      });
      await make.paidSession(client.id, { topic: "Interview practice for a long job title" });
      const [mail] = await ctx.portal.mailTo(email, /asks you for documents/);
      const link = /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43})/.exec(mail!.parsed.text ?? "")![1]!;
      const { context } = await newContext(ctx.browser, true, { width });
      const page = await context.newPage();
      const found: string[] = [];
      await page.goto(link);
      found.push(...(await violations(page, "/my/link", width)), ...(await sideways(page, "/my/link", width)));
      await page.getByRole("button", { name: "Open my page" }).click();
      await page.waitForURL(/\/my$/);
      found.push(
        ...(await violations(page, "/my", width)),
        ...(await sideways(page, "/my", width)),
        ...(await placeholders(page, "/my", width)),
      );
      await context.close();
      expect(found.join("\n")).toBe("");
    });

    it(`signed out, ${width} px: no critical or serious violation on any public page`, async () => {
      const { context } = await newContext(ctx.browser, true, { width });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of publicPages) {
        await page.goto(ctx.portal.base + path);
        found.push(
          ...(await violations(page, path, width)),
          ...(await sideways(page, path, width)),
          ...(await placeholders(page, path, width)),
        );
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });

    it(`signed in, ${width} px: no critical or serious violation on any workspace page`, async () => {
      const { context } = await newContext(ctx.browser, true, { width });
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie());
      const page = await context.newPage();
      const found: string[] = [];
      const pages = [...(await workspacePages())];
      // The booking form needs a real free slot: the first one the mentor page offers.
      await page.goto(ctx.portal.base + pages.find((p) => /^\/mentors\/\d+$/.test(p))!);
      for (let week = 0; week < 3 && (await page.locator("a.slot").count()) === 0; week++) {
        await page.getByRole("link", { name: "Next 7 days →" }).click();
        await page.waitForLoadState("load");
      }
      const slot = await page.locator("a.slot").first().getAttribute("href", { timeout: settle.timeout });
      pages.push(slot!);
      // The payment pages: a checkout of the demo agent's (the same one, resumed, at the second width).
      const token = (await ctx.portal.sessionCookie()).token;
      const call = (path: string, body: unknown) =>
        fetch(`${ctx.portal.base}/backend/${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ data: any }>);
      const client = ctx.portal.db
        .prepare("select id from clients where agent_id = ? order by id limit 1")
        .get(ctx.portal.demoAgentId()) as {
        id: number;
      };
      await call("agent/addcart", { client_id: client.id, item_type: "job", item_id: 1 });
      const checkout = (await call("stripe/create-checkout-session", {})).data as { session_id: string };
      expect(checkout.session_id).toMatch(/^demo_cs_/);
      pages.push(`/payment/demo/${checkout.session_id}`, `/payment/success?session_id=${checkout.session_id}`);
      for (const path of pages) {
        await page.goto(ctx.portal.base + path);
        found.push(
          ...(await violations(page, path, width)),
          ...(await sideways(page, path, width)),
          ...(await placeholders(page, path, width)),
        );
      }
      await context.close();
      expect(found.join("\n")).toBe("");
    });
  }
});
