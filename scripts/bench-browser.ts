/**
 * The JavaScript a page makes the browser fetch, measured in Chromium on a cold load (a new context each load: no
 * cache): every script file it loads until the network is idle, as sent when Chromium asks as it does (Brotli, the
 * build's own copies), as sent when it asks for gzip alone (the build's gzip copies, scripts/precompress.js), and
 * unpacked.
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "./chromium.js";

export type ScriptLoad = { page: string; files: number; sentKb: number; gzipKb: number; rawKb: number };

type Script = { path: string; sent: number; raw: number };

/** One cold load's scripts, with the encodings Chromium offers (its own when `acceptEncoding` is absent). */
async function scriptsOf(browser: Browser, url: string, cookie: string | undefined, acceptEncoding?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    return await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.endsWith(".js"))
        .map((e): Script => ({ path: new URL(e.name).pathname, sent: e.encodedBodySize, raw: e.decodedBodySize })),
    );
  } finally {
    await context.close();
  }
}

export async function scriptsPerPage(base: string, pages: Array<[name: string, path: string, cookie?: string]>) {
  const browser = await launchBrowser();
  const rows: ScriptLoad[] = [];
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  const sum = (scripts: Script[], key: "sent" | "raw") => scripts.reduce((s, x) => s + x[key], 0);
  try {
    for (const [name, at, cookie] of pages) {
      const asked = await scriptsOf(browser, base + at, cookie);
      const gzipped = await scriptsOf(browser, base + at, cookie, "gzip");
      // The same files both ways, or the two figures would not be of one page.
      const same = JSON.stringify(asked.map((s) => s.path).sort()) === JSON.stringify(gzipped.map((s) => s.path).sort());
      if (!same) throw new Error(`${name}: the gzip load fetched other scripts than the first`);
      rows.push({
        page: name,
        files: asked.length,
        sentKb: kb(sum(asked, "sent")),
        gzipKb: kb(sum(gzipped, "sent")),
        rawKb: kb(sum(asked, "raw")),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
