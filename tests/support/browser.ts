/**
 * System Chromium through playwright-core (CHROMIUM_PATH; by default Debian's old headless shell,
 * /usr/bin/chromium-headless-shell, else /usr/bin/chromium). The shell is the Chromium that Playwright itself
 * runs headless tests on, without the full browser's window and compositor: measured here it loads and hydrates a
 * portal page in about half the time (some 400 ms against 780), and pages are most of the suite's time.
 * Locally a missing browser skips the browser tests with a message; under CI=true it fails them.
 */
import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { chromiumPath, launchBrowser } from "../../scripts/chromium.js";
import { startPortal, type Portal } from "./portal.js";

export { chromiumPath, launchBrowser };
export const haveBrowser = fs.existsSync(chromiumPath);

if (!haveBrowser) {
  if (process.env.CI === "true") throw new Error(`CI=true but no Chromium at ${chromiumPath}`);
  console.warn(
    `No Chromium at ${chromiumPath}: browser tests are skipped (install it: apt-get install -y chromium-headless-shell)`,
  );
}

/**
 * The transport the browser journeys run on: the embedded API in process, as `npm start` runs it. The other way,
 * HTTP to API_BASE_URL, answers alike call for call (tests/integration/transports.test.ts, files both ways
 * included), and the pages over it are held by the api-down, faults, outage-pages and server tests.
 */
export const jsModes = [
  { name: "JavaScript on", javaScriptEnabled: true },
  { name: "JavaScript off", javaScriptEnabled: false },
] as const;

/**
 * The widths a main journey runs at in each mode: both ways at 1280 px, and at 375 px with scripts on, as a phone
 * opens the portal (the walk reads every page at 375 px too, and the journeys' pages with scripts off are the same
 * markup at either width).
 */
export const widthsFor = (javaScriptEnabled: boolean) => (javaScriptEnabled ? [1280, 375] : [1280]);

/**
 * A main journey's runs, for describe.each: each mode at each of its widths. The main journeys are the ones a person
 * does on a phone as often as at a desk: signing in (with a second factor), a client's own area and agreements, a client's
 * conversation and questionnaires, booking a mentor (the agent's day and the sign-in page test 375 px themselves).
 */
export const mainJourneyRuns = jsModes.flatMap((mode) => widthsFor(mode.javaScriptEnabled).map((width) => ({ ...mode, width })));

/**
 * Any other journey's runs: both ways at 1280 px (issue 68: a third run at 375 px of the office's and the agents'
 * desk work was a third of their time; every page they open is still read at 375 px by the walk).
 */
export const journeyRuns = jsModes.map((mode) => ({ ...mode, width: 1280 }));

/** A context that records page errors, console errors and CSP violations, so a test can assert none. */
export async function newContext(
  browser: Browser,
  javaScriptEnabled: boolean,
  options: { width?: number; timezoneId?: string } = {},
) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  // A step that cannot happen fails by itself, naming the step, well before the test's own time-out.
  context.setDefaultTimeout(10_000);
  // Every toast the page shows, kept: a toast closes after 2 s, and on a busy machine the test's next look can come
  // after it has gone (expectToast reads this as well as what is on screen).
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node instanceof HTMLElement) {
            for (const toast of [node, ...node.querySelectorAll<HTMLElement>(".Toastify__toast")]) {
              if (toast.classList.contains("Toastify__toast")) seen.push(toast.textContent ?? "");
            }
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const problems: string[] = [];
  context.on("page", (page) => watch(page, problems));
  return { context, problems };
}

function watch(page: Page, problems: string[]) {
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message} @ ${page.url()}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
}

export async function signInAs(context: BrowserContext, base: string, cookie: { name: string; value: string }) {
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: base, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Waits for a toast with this text: the toast itself with JavaScript on (an older one may still be
 * leaving), the printed flash with it off.
 */
export async function expectToast(page: Page, javaScriptEnabled: boolean, text: string | RegExp): Promise<void> {
  const candidates = javaScriptEnabled ? page.locator(".Toastify__toast") : page.getByTestId("flash");
  const pattern = ignoringIsolates(text);
  try {
    if (!javaScriptEnabled) {
      await candidates.filter({ hasText: pattern }).first().waitFor({ state: "visible", timeout: 10_000 });
    } else {
      // Shown since the page loaded, on screen still or closed already (newContext keeps every toast's text).
      await page.waitForFunction(
        ({ source, flags }) => {
          const re = new RegExp(source, flags);
          const seen = (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [];
          // Each toast shown answers one wait: taken from the record, so the same words twice need two toasts.
          const at = seen.findIndex((t) => re.test(t));
          if (at < 0) return false;
          seen.splice(at, 1);
          return true;
        },
        { source: pattern.source, flags: pattern.flags },
        { timeout: 10_000, polling: 50 },
      );
    }
  } catch (error) {
    // Say what the page said instead (another toast, "Server busy", an error page), and where it was.
    const shown = await candidates.allInnerTexts().catch(() => []);
    const heading = await page
      .locator("h1")
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => "");
    throw new Error(`No toast "${String(text)}" on ${page.url()} (h1 "${heading}"); toasts shown: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

/** Polls until a page shows what is expected: navigation and rendering may lag behind a URL change. */
export const settle = { timeout: 5000, interval: 50 };

/** Problems other than the 400 a refused form answers with (Chromium logs that as a failed resource). */
export function unexpected(problems: string[]): string[] {
  return problems.filter((p) => !p.includes("the server responded with a status of 400"));
}

let shared: Browser | undefined;
let launching: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, launched by the first browser file a worker runs and kept for the next (a worker runs
 * its files one after another in one process, vitest.config.ts): a launch costs some half a second of CPU, 30 times
 * a run. Each file closes every context it opened (`closeContexts`), so no page of one file runs on into the next.
 * Playwright ends the browser with the worker's process.
 */
export async function sharedBrowser(): Promise<Browser> {
  if (shared?.isConnected()) return shared;
  launching ??= launchBrowser().finally(() => {
    launching = undefined;
  });
  shared = await launching;
  return shared;
}

/** Closes every context (and so every page) open in the browser: what a file leaves behind ends with it. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** A portal (the production build) and the worker's Chromium for the enclosing describe block; read them inside tests. */
export function usePortalAndBrowser(env: Record<string, string> = {}, transport: "in-process" | "http" = "in-process") {
  const ctx = {} as { portal: Portal; browser: Browser };
  beforeAll(async () => {
    [ctx.portal, ctx.browser] = await Promise.all([startPortal(env, { transport }), sharedBrowser()]);
  });
  afterAll(async () => {
    await closeContexts(ctx.browser);
    await ctx.portal?.stop();
  });
  return ctx;
}

/**
 * A file's browser journeys: skipped where there is no Chromium, with one portal (on the in-process transport: the
 * parity test keeps HTTP honest; `env` for its settings) and one browser for the whole block.
 */
export function journeys(title: string, ...args: [Body] | [{ timeout: number; env?: Record<string, string> }, Body]) {
  const [{ env, ...options }, body] = args.length === 1 ? [{}, args[0]] : args;
  describe.skipIf(!haveBrowser)(title, options, () => body(usePortalAndBrowser(env)));
}
type Body = (ctx: ReturnType<typeof usePortalAndBrowser>) => void;

/**
 * Chooses the client whose entry (name · email · destination) starts with `name` in a "For client" picker. With
 * scripts on the address changes before the new page is drawn, so the picker is waited for (up to `settle`).
 */
export async function pickClient(page: Page, name: string): Promise<void> {
  const select = page.getByLabel("For client");
  const read = () =>
    select
      .locator("option")
      .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })));
  // A name is set apart for right-to-left text (FSI … PDI, lib/bidi.ts): read without the marks.
  const matches = (shown: string) => {
    const label = shown.replace(/[\u2068\u2069]/g, "");
    return label === name || label.startsWith(`${name} · `);
  };
  let options = await read();
  for (const until = Date.now() + settle.timeout; !options.some((o) => matches(o.label)) && Date.now() < until;) {
    await page.waitForTimeout(settle.interval);
    options = await read();
  }
  const found = options.find(({ label }) => matches(label));
  if (!found) throw new Error(`No client "${name}" among: ${options.map((o) => o.label).join(" | ")}`);
  await select.selectOption(found.value);
}

/**
 * A text as a pattern that also matches it with names set apart for right-to-left text (FSI … PDI, lib/bidi.ts),
 * which a reader does not see: "Cancelled for Ag Enda's agent" matches "Cancelled for \u2068Ag Enda\u2069's agent".
 */
export function ignoringIsolates(text: string | RegExp): RegExp {
  if (text instanceof RegExp) return text;
  return new RegExp([...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\u2068\u2069]*"));
}
