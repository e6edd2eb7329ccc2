/**
 * Signed agreements (issue 40, point 3) in Chromium, JavaScript on and off at 1280 px and on at 375 px (the client
 * in Arabic there): the office writes the Relocation agreement with Arabic words; a paid Relocation plan sends it;
 * the client opens the e-mailed link, is refused beside each field until they type their name as their agent has it
 * and tick consent, signs, and downloads the signed PDF; the agent sees the signature's record and the PDF among the
 * client's documents.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, mainJourneyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

/** The bytes a download link gives, fetched with the page's own cookies. */
async function downloaded(page: Page, href: string) {
  const res = await page.request.get(new URL(href, page.url()).toString());
  return { status: res.status(), type: res.headers()["content-type"], bytes: await res.body() };
}

journeys("signed agreements in Chromium", { timeout: 120_000 }, (ctx) => {
  describe.each(mainJourneyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const arabic = width === 375;

    it("the office writes it, a payment sends it, the client signs it as their agent has their name, the agent sees the record", async () => {
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(office.context, ctx.portal.base, await ctx.portal.staffSessionCookie());
      const staff = await office.context.newPage();
      await staff.goto(`${ctx.portal.base}/office/agreements`);
      const relocation = staff.locator("#service-2");
      await relocation
        .getByLabel("The agreement in English")
        .fill(`Relocation terms ${tag} for {{client_name}}: {{plan}} at {{price}}.`);
      await relocation
        .getByLabel("The agreement in Arabic")
        .fill(`شروط الانتقال ${tag} لـ{{client_name}}: {{plan}} بسعر {{price}}.`);
      await relocation.getByRole("button", { name: /Create the agreement|Save as a new version/ }).click();
      await expectToast(staff, javaScriptEnabled, /^Saved as version \d+\.$/);

      const { cookie, call } = await ctx.portal.agentWithApi(`agreements-${tag}@example.com`, "Hana Agent");
      const clientEmail = `agreements-client-${tag}@example.com`;
      const clientId = await ctx.portal.clientWithRelocation(call, {
        first_name: "Omar",
        last_name: `Sign ${tag}`,
        email: clientEmail,
        language: arabic ? "ar" : "en",
      });
      const words = arabic
        ? {
            subject: /^اتفاقية الانتقال بانتظار توقيعك$/,
            text: `شروط الانتقال ${tag} لـOmar Sign ${tag}`,
            name: "اسمك الكامل",
            consent: "قرأت هذه الاتفاقية",
            sign: "وقّع الاتفاقية",
            nameRequired: /مطلوب/,
            mismatch: `اكتب اسمك الكامل كما هو مسجّل لدى وكيلك: Omar Sign ${tag}.`,
            consentNeeded: "ضع علامة في المربع للموافقة.",
            signed: "وقّعت الاتفاقية. نسخة PDF الموقّعة مع مستنداتك.",
            download: "نزّل الاتفاقية الموقّعة (PDF)",
          }
        : {
            subject: /^Your Relocation agreement to sign$/,
            text: `Relocation terms ${tag} for Omar Sign ${tag}`,
            name: "Your full name",
            consent: "I have read this agreement",
            sign: "Sign the agreement",
            nameRequired: /required/,
            mismatch: `Type your full name as your agent has it: Omar Sign ${tag}`,
            consentNeeded: "Tick the box to agree",
            signed: "You signed the agreement. The signed PDF is with your documents.",
            download: "Download the signed agreement (PDF)",
          };
      const [mail] = await ctx.portal.mailTo(clientEmail, words.subject, 15_000);
      expect(mail, "the agreement e-mailed in the client's language").toBeTruthy();

      const clientSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await clientSide.context.newPage();
      await me.goto(linkIn(mail!.parsed.text ?? "")!);
      await me.locator("form button[type=submit]").click();
      await me.waitForURL(/\/my\/agreements\/\d+$/);
      await expect.poll(() => me.getByTestId("agreement-text").innerText(), settle).toContain(words.text);
      await expect(me.locator("html").getAttribute("dir")).resolves.toBe(arabic ? "rtl" : "ltr");
      await me.getByRole("button", { name: words.sign }).click();
      await expect.poll(() => me.locator("#full_name-error").innerText(), settle).toMatch(words.nameRequired);
      await expect.poll(() => me.locator("#consent-error").innerText(), settle).toContain(words.consentNeeded);
      await me.getByLabel(words.name).fill("Someone Else");
      await me.getByLabel(words.consent).check();
      await me.getByRole("button", { name: words.sign }).click();
      await expect.poll(() => me.locator("#full_name-error").innerText(), settle).toContain(words.mismatch);
      await expect(me.getByLabel(words.name).inputValue()).resolves.toBe("Someone Else");
      await me.getByLabel(words.name).fill(`omar  sign ${tag}`);
      if (!(await me.getByLabel(words.consent).isChecked())) await me.getByLabel(words.consent).check();
      await me.getByRole("button", { name: words.sign }).click();
      await expectToast(me, javaScriptEnabled, words.signed);
      const pdfLink = me.getByRole("link", { name: words.download });
      await expect.poll(() => pdfLink.count(), settle).toBe(1);
      const pdf = await downloaded(me, (await pdfLink.getAttribute("href"))!);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe("application/pdf");
      expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");

      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      await agent.getByRole("link", { name: "Agreements" }).click();
      await agent.waitForURL(/\/agreements$/);
      const card = agent.locator(".card", { hasText: "Relocation agreement" }).first();
      await expect.poll(() => card.innerText(), settle).toContain("Signed");
      await expect(card.innerText()).resolves.toMatch(new RegExp(`omar\\s+sign ${tag}`));
      await expect(card.innerText()).resolves.toMatch(/SHA-256 of the text shown\s+[0-9a-f]{64}/);
      const agentPdf = await downloaded(
        agent,
        (await card.getByRole("link", { name: "The signed agreement (PDF)" }).getAttribute("href"))!,
      );
      expect(agentPdf.bytes.equals(pdf.bytes)).toBe(true);

      for (const side of [office, clientSide, agentSide]) {
        expect(unexpected(side.problems)).toEqual([]);
        await side.context.close();
      }
    });
  });
});
