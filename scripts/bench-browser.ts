/**
 * The JavaScript a page makes the browser fetch, measured in Chromium on a cold load (a new context each page: no
 * cache): every script file it loads until the network is idle, as sent (Brotli, the build's own copies) and as the
 * same files would be with gzip.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { launchBrowser } from "./chromium.js";

export type ScriptLoad = { page: string; files: number; sentKb: number; gzipKb: number; rawKb: number };

export async function scriptsPerPage(base: string, pages: Array<[name: string, path: string, cookie?: string]>) {
  const browser = await launchBrowser();
  const rows: ScriptLoad[] = [];
  try {
    for (const [name, at, cookie] of pages) {
      const context = await browser.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} });
      const page = await context.newPage();
      await page.goto(base + at, { waitUntil: "networkidle" });
      const scripts = await page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => new URL(e.name).pathname.endsWith(".js"))
          .map((e) => ({ path: new URL(e.name).pathname, sent: e.encodedBodySize, raw: e.decodedBodySize })),
      );
      const gzip = scripts.reduce(
        (sum, s) => sum + zlib.gzipSync(fs.readFileSync(path.join("public", s.path)), { level: 9 }).length,
        0,
      );
      const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
      rows.push({
        page: name,
        files: scripts.length,
        sentKb: kb(scripts.reduce((sum, s) => sum + s.sent, 0)),
        gzipKb: kb(gzip),
        rawKb: kb(scripts.reduce((sum, s) => sum + s.raw, 0)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
