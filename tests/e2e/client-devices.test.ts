/**
 * A client stays signed in when they chose to (issue 39, point 5), in Chromium, JavaScript on and off at 1280 px and
 * on at 375 px: a link used with "Keep me signed in" survives a browser restart (its cookie outlives the browser),
 * one used without it does not; the remembered device lists both, signs the other out, then ends access on every
 * device and lands where a new link is asked for.
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle } from "../support/browser.js";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

journeys("a client's devices in Chromium", (ctx) => {
  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    /** The browser closed and opened again: what it keeps is its persistent cookies, nothing of its session. */
    async function restarted(context: BrowserContext) {
      const kept = (await context.cookies()).filter((c) => c.expires !== -1);
      await context.close();
      const again = await newContext(ctx.browser, javaScriptEnabled, { width });
      await again.context.addCookies(kept);
      return again.context;
    }

    it("a remembered device survives a restart, a device not remembered does not; devices are signed out", async () => {
      const { call } = await ctx.portal.agentWithApi(`devices-${tag}@example.com`, "Dev Agent");
      const email = `devices-client-${tag}@example.com`;
      const client = await call("agent/addclient", { first_name: "Mina", last_name: `Device ${tag}`, email });
      const clientId = client.data.id as number;
      const doc = await call(`agent/clients/${clientId}/documents`, { title: "Payslip" });
      const asked = await call(`agent/clients/${clientId}/document-requests`, { document_ids: [doc.data.id] });
      await call(`agent/clients/${clientId}/document-requests/${asked.data.id}/resend`);
      await expect.poll(async () => (await ctx.portal.mailTo(email, /./)).length, settle).toBe(2);
      const [first, second] = (await ctx.portal.mailTo(email, /./)).map((m) => linkIn(m.parsed.text ?? "")!);
      expect(first && second, "two links, one per e-mail").toBeTruthy();

      // The phone: kept signed in.
      const phone = await newContext(ctx.browser, javaScriptEnabled, { width });
      const p = await phone.context.newPage();
      await p.goto(first!);
      await p.getByLabel("Keep me signed in on this device for 30 days").check();
      await p.locator("form button[type=submit]").click();
      await p.waitForURL(/\/my$/);
      // The laptop: not kept.
      const laptop = await newContext(ctx.browser, javaScriptEnabled, { width });
      const l = await laptop.context.newPage();
      await l.goto(second!);
      await l.locator("form button[type=submit]").click();
      await l.waitForURL(/\/my$/);

      const phoneAgain = await restarted(phone.context);
      const p2 = await phoneAgain.newPage();
      await p2.goto(`${ctx.portal.base}/my`);
      await expect.poll(() => p2.locator("h1").innerText(), settle).toBe("Hello Mina");
      const laptopAgain = await restarted(laptop.context);
      const l2 = await laptopAgain.newPage();
      await l2.goto(`${ctx.portal.base}/my`);
      await expect.poll(() => new URL(l2.url()).pathname, settle).toBe("/my/sign-in");

      // The phone lists both devices, signs the other out, then ends access everywhere.
      await p2.getByRole("link", { name: "Your signed-in devices" }).click();
      await p2.waitForURL(/\/my\/devices$/);
      const devices = p2.getByTestId("devices").locator("li");
      await expect.poll(() => devices.count(), settle).toBe(2);
      await expect(devices.first().innerText()).resolves.not.toContain("This device");
      await p2.getByRole("button", { name: "Sign this device out" }).click();
      await expectToast(p2, javaScriptEnabled, "That device is signed out.");
      await expect.poll(() => devices.count(), settle).toBe(1);
      await expect(devices.first().innerText()).resolves.toContain("This device");
      await p2.getByRole("button", { name: "End access now on every device" }).click();
      await p2.waitForURL(/\/my\/sign-in$/);
      await expectToast(p2, javaScriptEnabled, "You are signed out on every device.");
      await p2.goto(`${ctx.portal.base}/my`);
      await expect.poll(() => new URL(p2.url()).pathname, settle).toBe("/my/sign-in");

      await Promise.all([phoneAgain.close(), laptopAgain.close()]);
    });
  });
});
