/**
 * Issue 42's pages in Chromium, JavaScript on and off at 1280 px and on at 375 px: an owner uploads the e-mails'
 * logo (refused beside the field first) and sets a WhatsApp template (a bad Content SID refused beside its field);
 * a client agrees to reminders by WhatsApp on /my (a number without its country code refused beside the field, what
 * they typed kept), sees it, and withdraws it; an agent finds the same choice on /account; the office's outbox shows
 * a message by phone with its channel and what Twilio said of its delivery.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";
import { pngOf } from "../support/png.js";

journeys("reminders by phone and the e-mails' logo in Chromium", { timeout: 120_000 }, (ctx) => {
  /**
   * The code the portal sent to a number, as the phone received it: from its outbox row while it waits (or failed:
   * a WhatsApp code needs a template the office set), else from the file the quick start's sender wrote.
   */
  async function sentCode(written: string): Promise<string> {
    const e164 = written.replace(/[^\d+]/g, "");
    const row = ctx.portal.db
      .prepare("select id, channel, payload from outbox where kind = 'phone.code' and to_address = ? order by id desc limit 1")
      .get(e164) as { id: number; channel: string; payload: string } | undefined;
    if (!row) return "";
    const kept = (JSON.parse(row.payload) as { code?: string }).code ?? "";
    if (/^\d{6}$/.test(kept)) return kept;
    const file = path.join(ctx.portal.dataDir, "outbox", `${row.id}.${row.channel}.txt`);
    return fs.existsSync(file) ? (/(\d{6}) is your code/.exec(fs.readFileSync(file, "utf8"))?.[1] ?? "") : "";
  }

  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    it("the owner's logo and template; a client's consent given and withdrawn; the outbox's delivery", async () => {
      const base = ctx.portal.base;
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(office.context, base, await ctx.portal.staffSessionCookie());
      const owner = await office.context.newPage();

      // The logo: nothing chosen is refused beside the field; a PNG is taken and shown as e-mails show it.
      await owner.goto(`${base}/office/settings/logo`);
      await owner.getByRole("button", { name: "Upload the logo" }).click();
      await expect.poll(() => owner.locator("#field-file-error").innerText(), settle).toMatch(/Choose a file/);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "logo-")), `logo-${tag}.png`);
      fs.writeFileSync(file, pngOf(320, 80, [width % 200, 60, 120]));
      await owner.getByLabel("Logo", { exact: true }).setInputFiles(file);
      await owner.getByRole("button", { name: "Upload the logo" }).click();
      await expectToast(owner, javaScriptEnabled, "The new logo is in every e-mail from now on.");
      const img = owner.getByTestId("logo-preview").locator("img");
      const src = await img.getAttribute("src");
      expect(src).toMatch(/^\/brand\/logo\/[0-9a-f]{64}\.png$/);
      const served = await fetch(`${base}${src}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toMatch(/immutable/);

      // A WhatsApp template: a bad SID refused beside its field, the name kept; then saved and listed.
      await owner.goto(`${base}/office/messaging`);
      await expect(owner.getByTestId("phone-mode").innerText()).resolves.toMatch(/written to files/);
      await owner.getByLabel("Reminder").selectOption("unread_messages");
      await owner.getByLabel("Language").selectOption("es");
      await owner.getByLabel("Template name").fill(`unread_es_${tag.replace(/-/g, "_")}`);
      await owner.getByLabel("Content SID").fill("HX123");
      await owner.getByRole("button", { name: "Save the template" }).click();
      await expect.poll(() => owner.locator("#field-content_sid-error").innerText(), settle).toMatch(/HX and 32 hex digits/);
      await expect(owner.getByLabel("Template name").inputValue()).resolves.toBe(`unread_es_${tag.replace(/-/g, "_")}`);
      await owner.getByLabel("Content SID").fill(`HX${"c".repeat(32)}`);
      await owner.getByRole("button", { name: "Save the template" }).click();
      await expectToast(owner, javaScriptEnabled, /^Saved: Unread messages in Spanish uses unread_es_/);
      await expect(owner.getByTestId("template-unread_messages-es").innerText()).resolves.toContain(`HX${"c".repeat(32)}`);

      // A client agrees to WhatsApp reminders on /my, then withdraws.
      const { call } = await ctx.portal.agentWithApi(`phone-${tag}@example.com`, `Phone Agent ${tag}`);
      const made = await call("agent/addclient", {
        first_name: "Nadia",
        last_name: `Phone ${tag}`,
        email: `nadia-${tag}@example.com`,
      });
      const clientId = made.data.id as number;
      const mine = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(mine.context, base, await ctx.portal.clientSessionCookie(clientId));
      const client = await mine.context.newPage();
      await client.goto(`${base}/my`);
      const section = client.locator("#reminders");
      await expect(section.getByRole("heading", { name: "Reminders by SMS or WhatsApp" }).isVisible()).resolves.toBe(true);
      const whatsapp = section.getByRole("form", { name: "WhatsApp" });
      await expect(whatsapp.getByTestId("words-whatsapp").innerText()).resolves.toMatch(/by WhatsApp at this number/);
      await whatsapp.getByLabel("Mobile number, with its country code").fill("612 345 678");
      await whatsapp.getByRole("checkbox").check();
      await whatsapp.getByRole("button", { name: "Send me reminders" }).click();
      await expect
        .poll(() => client.locator("#phone-whatsapp-phone-error").innerText(), settle)
        .toMatch(/with its country code, such as \+44 7911 123456/);
      await expect(client.locator("#phone-whatsapp-phone").inputValue()).resolves.toBe("612 345 678");
      const number = `+34 61${String(width).padStart(4, "0")}${javaScriptEnabled ? "1" : "2"}23`;
      await client.locator("#phone-whatsapp-phone").fill(number);
      await client.locator("#reminders").getByRole("form", { name: "WhatsApp" }).getByRole("checkbox").check();
      await client.locator("#reminders").getByRole("button", { name: "Send me reminders" }).last().click();
      // The number counts once the code sent to it is typed back (issue 66): a wrong one is refused beside the field.
      await expectToast(client, javaScriptEnabled, /^We sent a code by WhatsApp to \+34 6/);
      const codeForm = client.getByTestId("code-whatsapp");
      const plain = async (l: { innerText(): Promise<string> }) => (await l.innerText()).replace(/[\u2066-\u2069]/g, "");
      await expect.poll(() => plain(codeForm), settle).toMatch(/A code is on its way by WhatsApp to \+34 6/);
      const code = await expect
        .poll(() => sentCode(number), settle)
        .toMatch(/^\d{6}$/)
        .then(() => sentCode(number));
      await codeForm.getByLabel("The code we sent").fill(code === "000000" ? "111111" : "000000");
      await codeForm.getByRole("button", { name: "Confirm the number" }).click();
      await expect
        .poll(() => client.getByTestId("code-whatsapp").locator(".field__error").innerText(), settle)
        .toMatch(/^That is not the code we sent\. Tries left: 4\.$/);
      await client.getByTestId("code-whatsapp").getByLabel("The code we sent").fill(code);
      await client.getByTestId("code-whatsapp").getByRole("button", { name: "Confirm the number" }).click();
      await expectToast(client, javaScriptEnabled, /^Done: reminders by WhatsApp go to \+34 6/);
      await expect
        .poll(() => plain(client.getByTestId("consent-whatsapp")), settle)
        .toMatch(/^By WhatsApp to \+34 6[\d ]+, since /);
      await client.getByRole("button", { name: "Stop reminders by WhatsApp" }).click();
      await expectToast(client, javaScriptEnabled, "Done: no more reminders by WhatsApp.");
      await expect.poll(() => client.locator("#reminders").innerText(), settle).toContain("You get reminders by e-mail only.");

      // An agent's own page offers the same.
      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, base, await ctx.portal.sessionCookie(`phone-${tag}@example.com`, "agent-password"));
      const agent = await agentSide.context.newPage();
      await agent.goto(`${base}/account`);
      await expect(agent.locator("#reminders").getByRole("form", { name: "SMS" }).isVisible()).resolves.toBe(true);

      // A message by phone in the outbox, with its channel and delivery.
      const row = ctx.portal.db
        .prepare(
          `insert into outbox (kind, dedupe_key, to_address, payload, status, attempts, next_attempt_at, created_at, sent_at,
             channel, provider_id, delivery_status, delivery_at)
           values ('booking.reminder', ?, '+34610000001', '{}', 'sent', 1, ?, ?, ?, 'whatsapp', ?, 'delivered', ?)`,
        )
        .run(
          `e2e-phone-${tag}`,
          new Date().toISOString(),
          new Date().toISOString(),
          new Date().toISOString(),
          `SM${tag}`,
          new Date().toISOString(),
        );
      await owner.goto(`${base}/office/outbox`);
      const id = Number(row.lastInsertRowid);
      await expect(owner.getByTestId(`channel-${id}`).innerText()).resolves.toContain("WhatsApp");
      await expect(owner.getByTestId(`delivery-${id}`).innerText()).resolves.toMatch(/Twilio: delivered/);

      for (const side of [office, mine, agentSide]) expect(unexpected(side.problems)).toEqual([]);
    });
  });
});
