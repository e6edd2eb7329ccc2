/**
 * The walk (run by tests/e2e/every-page-*.test.ts): every route module of the portal (the table in tests/support/route-table.ts, which a new route file
 * fails until it is in it), opened in Chromium as each kind of account that may see it, with scripts on, one page
 * after another in one tab. A page is loaded once, then read at 1280 px and again at 375 px by resizing the window.
 * It fails on what a person would see break:
 * - a page error or a `console.error` (React's hydration mismatches and the CSP's refusals among them);
 * - an error page where the page promised its own content, or one that scripts turned it into after loading;
 * - a request for the page's own scripts, styles or catalogue that failed, and any 5xx from the portal;
 * - a page wider than the window, or anything in it past the window's edge (nothing scrolls sideways on a phone);
 *   at 1280 px, a place menu of the header in more than one row, or "Sign out" on two lines;
 * - a NUL byte in the page as sent (a browser shows it as "�"; React 18's streaming renderer wrote one where a
 *   character of several bytes met the end of its 2 KB buffer, until patches/react-dom+18.3.1.patch);
 * - text a template failed to fill (`{zone}`), or a time in raw UTC ("2026-12-01 10:00 UTC") from a stored line;
 * - on a page in Arabic, Spanish or French (every public page is walked in each): `lang` and `dir` other than the
 *   language's, a catalogue key shown, or an English sentence of the catalogue left on the page (what is marked as
 *   written in another language, a plan's English name, is not the page's own text);
 * - axe-core's critical and serious violations of WCAG 2.0 to 2.2 A and AA (target sizes included) and its best
 *   practices, reported with the rule, the page, the width and the first offending element (on every page but the
 *   Spanish and French copies of the public pages, whose markup is the English pages' in other words);
 * - what a page promises for the walk's records (`promised`: the client's own time beside the agent's).
 * The document each page answers with is what a browser with scripts off receives: its status is checked (never a
 * 5xx, and the one the table promises), and so is every route that answers with a file or a redirect rather than a
 * page (CSV, calendars, robots.txt, the language switch), fetched with the kind's cookie.
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { createApiClient } from "../../app/lib/api.server.js";
import { demoMentor, demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { isLang, prefixedLanguages, type Lang } from "../../lib/i18n/languages.js";
import { journeys, newContext, signInAs, type usePortalAndBrowser } from "./browser.js";
import { pdfBytes } from "./files.js";
import { axeProblems, axeSource, languageProblems } from "./page-checks.js";
import { readOutbox } from "./portal.js";
import { routeFiles } from "./route-files.js";
import { routes, type Ids, type Who } from "./route-table.js";

export type Kind = "visitor" | "agent" | "owner" | "mentor" | "client";

/** Which of the table's entries each kind walks: its own area's, and the pages every account has. */
const areas: Record<Kind, Who[]> = {
  visitor: ["public"],
  agent: ["agent", "account"],
  owner: ["staff", "owner", "account"],
  mentor: ["mentor", "account"],
  client: ["client"],
};

/**
 * Addresses beyond the table's one per route: the same modules in another language or state (a list filtered, a
 * form's "sent" page), and public pages as a signed-in kind sees them (its own header and menu).
 */
const more: Record<Kind, (ids: Ids) => Array<string | [string, number]>> = {
  visitor: (ids) => [
    ...prefixedLanguages.flatMap((lang) =>
      localizedPages.map(([page, status]) => [localized(lang, page), status] as [string, number]),
    ),
    "/",
    "/terms",
    "/privacy",
    "/our-mentors",
    `/our-mentors/${ids.mentor}`,
    "/servicesPage?id=1",
    "/authentication",
    ["/set-password?token=no-such-link-0123456789", 404],
    "/forgot-password?sent=1",
    "/my/sign-in?sent=1",
    `/my/link?token=${"x".repeat(43)}`,
  ],
  agent: (ids) => [
    "/",
    "/contact",
    "/our-mentors",
    `/payment/demo/${ids.openCheckout}`,
    `/payment/success?session_id=${ids.openCheckout}`,
    `/orders/${ids.arabicOrder}`,
    `/orders/${ids.arabicOrder}/receipt`,
    `/bookings/${ids.arabicBooking}/move`,
    // Booking for the client in Dubai: her time beside the agent's (what the page promises, checked below).
    `/mentors/${ids.mentor}/book?start=${encodeURIComponent(ids.start!)}&client=${ids.arabicClient}`,
  ],
  owner: (ids) => [
    "/",
    `/office/orders/${ids.arabicOrder}`,
    "/office/messages?status=all",
    "/office/bookings?view=unmarked",
    "/office/bookings?holds=lapsing",
    "/office/orders?refund=due",
    "/office/outbox?status=all",
    "/office/settings/texts/ar",
    "/office/mentors/1/invite",
  ],
  mentor: () => ["/", "/account/zone?back=%2Fmentoring"],
  client: () => ["/"],
};

/** The public pages, walked in each of Arabic, Spanish and French too (an error page among them: no such service). */
const localizedPages: Array<[string, number]> = [
  ["/", 200],
  ["/about", 200],
  ["/servicesPage?id=1", 200],
  ["/servicesPage?id=2", 200],
  ["/servicesPage?id=3", 200],
  ["/terms", 200],
  ["/privacy", 200],
  ["/contact", 200],
  ["/our-mentors", 200],
  ["/our-mentors/1", 200],
  ["/authentication", 200],
  ["/forgot-password", 200],
  ["/forgot-password?sent=1", 200],
  // A made-up link: the page says it cannot be used (404).
  [`/set-password?token=${"x".repeat(43)}`, 404],
  ["/servicesPage?id=9", 404],
];
const localized = (lang: Lang, page: string) => (page === "/" ? `/${lang}` : `/${lang}${page}`);

/** A page in another language than English says it all in it, marked as such. */
async function inItsLanguage(page: Page, at: string): Promise<Found> {
  const lang = at.split(/[/?]/)[1] ?? "";
  return isLang(lang) && lang !== "en" ? languageProblems(page, lang, at) : [];
}

/**
 * The company by the name the office gave it, where a page names it: the title, the logo's accessible name (its
 * first word shown) and the footer's copyright line; the old name nowhere on the page.
 */
async function namesTheCompany(page: Page, at: string): Promise<Found> {
  const { title, brand, shown, footer, text } = await page.evaluate(() => ({
    title: document.title,
    brand: [...document.querySelectorAll(".brand > :not([aria-hidden])")].map((e) => e.textContent).join(""),
    shown: document.querySelector(".brand__name")?.textContent ?? "",
    footer: document.querySelector(".site-footer")?.textContent ?? null,
    text: document.body.innerText,
  }));
  const found: Found = [];
  if (!title.includes(COMPANY)) found.push(`${at}: the title "${title}" does not name ${COMPANY}`);
  if (!brand.startsWith(COMPANY) || !COMPANY.startsWith(shown)) found.push(`${at}: the logo says "${shown}", named "${brand}"`);
  if (footer !== null && !footer.includes(COMPANY)) found.push(`${at}: the footer does not name ${COMPANY}`);
  // The audit log keeps the rename itself ("changed from 'Waypoint Consultancy'"): history, not a name shown.
  if (/Waypoint Consultancy/.test(title + text) && !at.startsWith("/office/audit"))
    found.push(`${at}: the old name is still shown`);
  return found;
}

/** A client whose name is written right to left, beside money and times on the pages that show them. */
const ARABIC_CLIENT = { first_name: "ليلى", last_name: "الحسيني" };

/**
 * Wherever the Arabic client's name sits beside other text (a price, a time, an English sentence), it is isolated
 * (<bdi> or an element with its own `dir`): otherwise "…for ليلى الحسيني: $290.00" reads "for 290.00$ :ليلى الحسيني".
 * A name that is its element's whole text (a table's cell, a link) has nothing beside it to scramble.
 */
async function isolated(page: Page, at: string): Promise<Found> {
  const bare = await page.evaluate((name) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!text.includes(name)) continue;
      const parent = node.parentElement!;
      if (parent.closest("bdi, [dir]:not(html), script")) continue;
      // Isolated in the text itself (an <option> holds no markup): FSI … PDI.
      if (text.includes(`\u2068${name}\u2069`)) continue;
      // The whole text of a box of its own (a table's cell): nothing beside it in its line. An inline element (a
      // link) is no such box: "<a>name</a>: $290" scrambles all the same.
      let box: Element = parent;
      while (getComputedStyle(box).display === "inline" && box.parentElement && box.parentElement.textContent?.trim() === name) {
        box = box.parentElement;
      }
      if (box.textContent?.trim() === name && getComputedStyle(box).display !== "inline") continue;
      found.push((parent.textContent ?? "").trim().slice(0, 80));
    }
    return found;
  }, `${ARABIC_CLIENT.first_name} ${ARABIC_CLIENT.last_name}`);
  return bare.map((text) => `${at}: a right-to-left name beside other text, not isolated: "${text}"`);
}

/**
 * What a page promises to show for the walk's records, beyond opening well: its address, and the text. The agent
 * books for, or moves the session of, the client in Dubai: her own time is beside the agent's.
 */
const promised = new Map<string, string>();
function promise(ids: Ids) {
  promised.set(
    `/mentors/${ids.mentor}/book?start=${encodeURIComponent(ids.start!)}&client=${ids.arabicClient}`,
    "ليلى الحسيني's time (Asia/Dubai)",
  );
  promised.set(`/bookings/${ids.arabicBooking}/move`, "ليلى الحسيني lives in Asia/Dubai");
}

/** The modules that answer with a file, a redirect or JSON rather than a page: fetched, not drawn. */
const pageless = new Set(
  [...routeFiles()]
    .filter(([, file]) => !/export default|export \{ default/.test(fs.readFileSync(file, "utf8")))
    .map(([name]) => name),
);

const widths = [1280, 375] as const;

/** The company as the owner renames it before the walk (the old name is nowhere after). */
const COMPANY = "Atlas & Söhne Relocation";

type Found = string[];

async function axe(page: Page, at: string, width: number): Promise<Found> {
  return axeProblems(page, `${at} @${width}px`);
}

/**
 * On a wide screen the header's rows hold: each place menu (the office's, the workspace's, the mentor's) in one row,
 * and "Sign out" on one line (the mentor's wrapped, and the office's menu broke, at 1280 px).
 */
async function headerInOneRow(page: Page, at: string): Promise<Found> {
  const { rows, signOutLines } = await page.evaluate(() => {
    const rows = [...document.querySelectorAll(".workspace-nav ul")].map(
      (ul) => new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().top))).size,
    );
    const button = document.querySelector<HTMLElement>(".signout-form button");
    let signOutLines = 0;
    if (button) {
      const range = document.createRange();
      range.selectNodeContents(button);
      signOutLines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return { rows, signOutLines };
  });
  const found: Found = [];
  for (const [i, n] of rows.entries())
    if (n > 1) found.push(`${at}: the header's place menu ${i + 1} takes ${n} rows at 1280 px`);
  if (signOutLines > 1) found.push(`${at}: "Sign out" wraps at 1280 px`);
  return found;
}

/** A page wider than the window scrolls sideways: on a phone, a table or a row that does not fit. */
async function sideways(page: Page, at: string, width: number): Promise<Found> {
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
  const found: Found = [];
  if (scrollWidth > width) found.push(`${at} @${width}px: the page is ${scrollWidth} px wide and scrolls sideways`);
  if (clipped.length) found.push(`${at} @${width}px: off screen: ${clipped.slice(0, 3).join(", ")}`);
  return found;
}

/**
 * Text that a template failed to fill: `({zone})` where the zone's name should be (JSX braces in a string). A field
 * the office writes into its own words (`{{client_name}}` in an agreement) is shown as code: not counted.
 */
async function placeholders(page: Page, at: string): Promise<Found> {
  const shownAsCode = await page.locator("code").allInnerTexts();
  const text = shownAsCode.reduce((all, code) => all.replaceAll(code, ""), await page.locator("body").innerText());
  const left = text.match(/\{\{?[A-Za-z_.]+\}?\}/g) ?? [];
  // A time as the API writes it into a stored line ("2026-12-01 10:00 UTC"): every page says times in its reader's zone.
  const raw = text.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g) ?? [];
  return [
    ...(left.length ? [`${at}: unfilled ${[...new Set(left)].join(", ")}`] : []),
    ...(raw.length ? [`${at}: a time in raw UTC: ${raw[0]}`] : []),
  ];
}

/**
 * One tab for a kind's whole walk: each page is a new document loaded in it, as a person going from page to page
 * would, not a tab of its own. A new tab is a new renderer process that compiles every script again: measured here,
 * that was more than half the CPU time of opening a page. `visit` opens one page and reads it at both widths: what
 * went wrong, each line naming the page. `expected` is the status the page promises (a Not found page promises 404
 * and its error page).
 */
async function openTab(context: BrowserContext, base: string) {
  // axe-core is in every page from its start, as the tab's init script: Chromium compiles it once for the whole walk,
  // where putting it into each loaded page (axeProblems' own way) cost some 140 ms a page: 71 s for the office's
  // walk became 61.
  await context.addInitScript({ content: axeSource() });
  const page = await context.newPage();
  const origin = new URL(base).origin;
  // What the page being read is, and what was found on it: the listeners below write to the current one.
  let at = "";
  let expected = 200;
  let found: Found = [];
  page.on("pageerror", (e) => found.push(`${at}: page error: ${e.message}`));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // Chromium logs the page's own promised 404 as a failed resource.
    if (expected >= 400 && msg.text().includes(`status of ${expected}`)) return;
    found.push(`${at}: console error: ${msg.text()}`);
  });
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin) return;
    if (res.status() >= 500) found.push(`${at}: ${res.status()} from ${url.pathname}${url.search}`);
    else if (res.status() >= 400 && /^\/(build|locales)\/|^\/favicon/.test(url.pathname))
      found.push(`${at}: ${res.status()} for its own ${url.pathname}`);
  });
  page.on("requestfailed", (req) => {
    const url = new URL(req.url());
    // A request the page itself gave up on (a prefetch overtaken by another, or the last page's, left) is no
    // failure of the server's.
    if (url.origin === origin && req.failure()?.errorText !== "net::ERR_ABORTED")
      found.push(`${at}: request failed: ${url.pathname} (${req.failure()?.errorText})`);
  });

  async function visit(address: string, status: number, { axe: withAxe = true } = {}): Promise<Found> {
    const t0 = Date.now();
    if (process.env.WALK_DEBUG) console.log("walk", address);
    [at, expected, found] = [address, status, []];
    try {
      await page.setViewportSize({ width: widths[0], height: 900 });
      const res = await page.goto(base + at);
      if (process.env.WALK_DEBUG) console.log("  loaded", Date.now() - t0);
      const answered = res?.status() ?? 0;
      if (answered !== expected) found.push(`${at}: answered ${answered}, not ${expected}`);
      const nul = (await res?.body())?.indexOf(0) ?? -1;
      if (nul >= 0) found.push(`${at}: a NUL byte in the page as sent, at byte ${nul}`);
      // Scripts take the page over (the root layout marks it), then anything they broke shows.
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 10_000 });
      const error = await page.evaluate(() => document.querySelector(".error-page")?.getAttribute("data-status") ?? null);
      if (error !== null && Number(error) !== expected) found.push(`${at}: an error page (${error}) once scripts ran`);
      found.push(...(await placeholders(page, at)), ...(await inItsLanguage(page, at)));
      if (expected === 200) found.push(...(await namesTheCompany(page, at)));
      const text = promised.get(at);
      if (text) {
        // Read without the marks that isolate a name (lib/bidi.ts), which a reader does not see.
        const shown = (await page.locator("main").innerText()).replace(/[\u2068\u2069]/g, "");
        if (!shown.includes(text)) found.push(`${at}: does not show "${text}" in "${shown.slice(0, 300)}"`);
      }
      found.push(...(await isolated(page, at)));
      const t1 = Date.now();
      for (const width of widths) {
        if (width !== widths[0]) await page.setViewportSize({ width, height: 900 });
        if (width === widths[0]) found.push(...(await headerInOneRow(page, at)));
        found.push(...(await sideways(page, at, width)), ...(withAxe ? await axe(page, at, width) : []));
        if (process.env.WALK_DEBUG) console.log("  axe", width, Date.now() - t1);
      }
    } catch (e) {
      found.push(`${at}: ${(e as Error).message.split("\n")[0]}`);
    }
    if (process.env.WALK_DEBUG) console.log("walked", at, Date.now() - t0, "ms");
    return found;
  }
  return { visit, close: () => page.close() };
}

/** A route that answers with a file or a redirect: fetched with the kind's cookie, as a browser without scripts would. */
async function fetchRoute(context: BrowserContext, base: string, at: string, expected: number): Promise<Found> {
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await fetch(base + at, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  await res.arrayBuffer();
  return res.status === expected ? [] : [`${at}: answered ${res.status}, not ${expected}`];
}

// One test a kind: some 20 to 50 pages, each loaded once and checked at two widths (axe twice), a second or two each
// on a quiet machine. The suite's 30 s per test is for a step that hangs; here it would only measure the machine.
/**
 * The walk of `kinds`, as one file's journeys: its own portal, records and renamed company. The kinds are spread over
 * three files (tests/e2e/every-page-*.test.ts) so that the suite's two workers share them.
 */
export function walk(title: string, kinds: Kind[], also: { table?: boolean; mails?: boolean } = {}) {
  journeys(title, { timeout: 420_000 }, (ctx) => walkOf(ctx, kinds, also));
}

function walkOf(ctx: ReturnType<typeof usePortalAndBrowser>, kinds: Kind[], also: { table?: boolean; mails?: boolean }) {
  const ids: Ids = {};
  const sessions = {} as Record<Exclude<Kind, "visitor">, { name: string; value: string }>;

  beforeAll(async () => {
    const { portal } = ctx;
    const transport = httpTransport(`${portal.base}/backend/`, 10_000);
    const public_ = createApiClient(transport);
    // First the owner renames the company: every page and e-mail after this says the new name, none the old.
    const office = await public_.call(endpoints.officeLogin, { body: { email: demoStaff.email, password: demoStaff.password } });
    const owner = createApiClient(transport, { token: office.token });
    const business = await owner.call(endpoints.businessSettings);
    await owner.call(endpoints.saveBusiness, { body: { ...business, company_name: COMPANY } });
    // The records live with an agent of their own, so no other journey's data shows on its pages.
    // Long names, as people give them: the pages lay them out at 375 px too.
    const agent = await portal.createAgent("walk-agent@example.com", "Agnieszka Wiśniewska-Kowalczyk");
    const agentSession = await portal.sessionCookie(agent.email, agent.password);
    sessions.agent = agentSession;
    const make = portal.fixtures(agentSession.token);
    const me = await make.api.call(endpoints.tokencheck);
    const client = await make.client({
      first_name: "Amara",
      last_name: "Okafor-Lindqvist",
      destination_country: "DE",
      email: "walk-client@example.com",
    });
    const document = await make.document(client.id, {
      title: "Signed lease for the apartment in Lisbon",
      fileName: "signed-lease-for-the-apartment-in-lisbon-final-version.pdf",
      expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    const plan = await make.paidPlan(client.id);
    const { booking } = await make.paidSession(client.id, { topic: "Interview practice for a long job title" });
    const [job] = await make.api.call(endpoints.jobs, { query: {} });
    const [relocation] = await make.api.call(endpoints.relocations);
    const [mentor] = await make.api.call(endpoints.mentors);
    const schedule = await make.api.call(endpoints.schedule, { body: { mentor_id: mentor!.id, time_zone: "UTC" } });
    // The client is asked for a payslip: one link signs them in (a session of theirs), another is left for the
    // visitor's landing page, and they send a file of their own.
    const asked = await make.document(client.id, { title: "Payslip", file: false });
    const link = async () => {
      const before = (await portal.mailTo(client.email!, /documents/, 0)).length;
      await make.api.call(endpoints.requestDocuments, { params: { clientId: client.id }, body: { document_ids: [asked.id] } });
      for (const until = Date.now() + 8000; ;) {
        const mails = await portal.mailTo(client.email!, /documents/, 0);
        if (mails.length > before) return /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.parsed.text ?? "")![1]!;
        if (Date.now() > until) throw new Error("no new link e-mailed to the client");
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const own = await public_.call(endpoints.clientLinkUse, { body: { token: await link() } });
    sessions.client = await portal.sessionHolding({ clientToken: own.token, client: own.client });
    const sent = await transport({
      method: "POST",
      path: `my/documents/${asked.id}/file?name=sent.pdf`,
      headers: { Authorization: `Bearer ${own.token}` },
      upload: { bytes: pdfBytes("sent.pdf"), type: "application/pdf" },
    });
    const clientFile = (sent.payload as { data: { files: Array<{ id: number }> } }).data.files.at(-1)!.id;
    // The demo's questionnaire, sent to the client: the agent's, the client's and the office's pages of it.
    const form = (await make.api.call(endpoints.clientQuestionnaires, { params: { clientId: client.id } })).can_send[0]!;
    const copy = await make.api.call(endpoints.sendQuestionnaire, {
      params: { clientId: client.id },
      body: { questionnaire_id: form.id },
    });
    // An agreement the office wrote for Job Placement, sent to the client to sign.
    await owner.call(endpoints.officeSaveAgreement, {
      params: { serviceId: 3 },
      body: { text: "Placement terms for {{client_name}}." },
    });
    const agreement = await make.api.call(endpoints.sendAgreement, { params: { clientId: client.id }, body: { service_id: 3 } });
    sessions.owner = await portal.sessionHolding({ staffToken: office.token, staff: office.staff });
    const mentoring = await public_.call(endpoints.mentorLogin, {
      body: { email: demoMentor.email, password: demoMentor.password },
    });
    sessions.mentor = await portal.sessionHolding({ mentorToken: mentoring.token, mentor: mentoring.mentor });
    const passwordLink = await owner.call(endpoints.agentPasswordLink, {
      params: { id: me.agent.id },
    });
    // A client whose name is written right to left, with a paid plan and session: orders, receipts, the agenda.
    // She lives in Dubai: the agenda and the move page say her time beside the agent's.
    const arabic = await make.client({
      ...ARABIC_CLIENT,
      email: "walk-arabic@example.com",
      language: "ar",
      time_zone: "Asia/Dubai",
    });
    const arabicOrder = (await make.paidPlan(arabic.id)).orderId;
    const arabicBooking = (await make.paidSession(arabic.id, { topic: "مقابلة عمل" })).booking.id;
    // Last, a checkout left open (the demo payment page's pay and cancel): the cart page shows it in progress.
    await make.api.call(endpoints.addCart, { body: { client_id: client.id, item_type: "job", item_id: job!.id } });
    await make.api.call(endpoints.addCart, { body: { client_id: arabic.id, item_type: "job", item_id: job!.id } });
    const open = await make.api.call(endpoints.createCheckout);
    Object.assign(ids, {
      openCheckout: open.session_id,
      arabicOrder: String(arabicOrder),
      arabicBooking: String(arabicBooking),
      arabicClient: String(arabic.id),
      client: String(client.id),
      doc: String(document.id),
      file: String(document.files[0]!.id),
      order: String(plan.orderId),
      session: plan.sessionId,
      booking: String(booking.id),
      job: String(job!.id),
      relocation: String(relocation!.id),
      mentor: String(mentor!.id),
      plan: String(plan.planId),
      agent: String(me.agent.id),
      start: schedule.next_free!,
      clientLink: await link(),
      clientDoc: String(asked.id),
      clientFile: String(clientFile),
      form: String(form.id),
      questionnaire: String(copy.id),
      agreement: String(agreement.id),
      link: new URL(passwordLink.password_link).searchParams.get("token")!,
    });
    promise(ids);
  });

  if (also.table)
    it("walks every route of the table: each has a page or a file to check, as some kind", () => {
      const walked = new Set(Object.values(areas).flat());
      for (const [name, entry] of Object.entries(routes)) expect(walked.has(entry.who), name).toBe(true);
    });

  for (const kind of kinds) {
    it(`${kind}: every page opens, hydrates and reads well at 1280 and 375 px`, async () => {
      const { context } = await newContext(ctx.browser, true);
      if (kind !== "visitor") await signInAs(context, ctx.portal.base, sessions[kind]);
      const entries = Object.entries(routes).filter(([, entry]) => areas[kind].includes(entry.who));
      // Signing out would end the kind's session: that route is the visitor's, walked last.
      entries.sort(([a], [b]) => Number(a === "logout") - Number(b === "logout"));
      const found: Found = [];
      const walked = new Set<string>();
      const tab = await openTab(context, ctx.portal.base);
      for (const [name, entry] of entries) {
        const at = entry.at(ids).path;
        walked.add(at);
        // The upload routes are actions a form posts to (the route tests and journeys hold them).
        if (name.endsWith(".upload")) continue;
        const expected = entry.ok ?? 200;
        found.push(
          ...(pageless.has(name) ? await fetchRoute(context, ctx.portal.base, at, expected) : await tab.visit(at, expected)),
        );
      }
      for (const page of more[kind](ids)) {
        const [at, expected] = typeof page === "string" ? [page, 200] : page;
        if (walked.has(at)) continue;
        walked.add(at);
        // The Spanish and French copies of the public pages are the English ones' markup in other words, left to
        // right: read for their language, width and errors; axe reads the English and the Arabic (mirrored) ones.
        const copy = kind === "visitor" && /^\/(es|fr)(\/|\?|$)/.test(at);
        found.push(...(await tab.visit(at, expected, { axe: !copy })));
      }
      await tab.close();
      await context.close();
      expect(found.join("\n")).toBe("");
    });
  }

  if (also.mails)
    it("every e-mail sent after the rename comes from the company by its new name, and names it", async () => {
      const mails = await readOutbox(path.join(ctx.portal.dataDir, "outbox"));
      // The fixtures' own: the client's requests, the sessions' and orders' confirmations with their invites.
      expect(mails.length).toBeGreaterThan(3);
      for (const mail of mails) {
        const from = mail.parsed.from?.value[0];
        expect([mail.parsed.subject, from?.name], mail.name).toEqual([mail.parsed.subject, COMPANY]);
        expect(mail.parsed.text, mail.name).toContain(COMPANY);
        expect(mail.raw, mail.name).not.toContain("Waypoint Consultancy");
      }
    });
}
