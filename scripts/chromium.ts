/**
 * System Chromium through playwright-core (CHROMIUM_PATH; by default Debian's old headless shell,
 * /usr/bin/chromium-headless-shell, else /usr/bin/chromium), launched as the browser tests and the benchmark launch
 * it: as root without a sandbox, and with nothing of its own going out on a closed network.
 */
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) ??
  "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
