/**
 * Issue 26 in Chromium. Every public page in Arabic, Spanish and French is in the walk (the walk, tests/support/walk.ts: `lang`
 * and `dir`, no catalogue key or English sentence, nothing wider than the window, axe, hydration that says what the
 * server said, at 1280 and 375 px). Here: the Arabic pages mirrored, the switch (same page, choice kept), the suggestion (never a redirect), the public enquiry form in Spanish,
 * a refused sign-in in Arabic, and /robots.txt and /sitemap.xml.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import { catalogues } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { expectToast, journeys, newContext, settle, unexpected } from "../support/browser.js";
import { pdfBytes } from "../support/files.js";
import { axeProblems, languageProblems } from "../support/page-checks.js";

async function check(page: Page, lang: Lang, where: string, width: number, axe = true): Promise<string[]> {
  const found = await languageProblems(page, lang, where);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) found.push(`${where}: ${wide} px wide at ${width}`);
  return axe ? [...found, ...(await axeProblems(page, where))] : found;
}

journeys("the public pages in every language, in Chromium", { timeout: 240_000 }, (ctx) => {
  it("Arabic at 375 px with scripts on: mirrored, and the screenshots of the home and sign-in pages kept", async () => {
    const { context } = await newContext(ctx.browser, true, { width: 375 });
    const page = await context.newPage();
    const out = path.resolve("test-results");
    fs.mkdirSync(out, { recursive: true });
    for (const [p, file] of [
      ["/ar", "arabic-home-375.png"],
      ["/ar/authentication", "arabic-sign-in-375.png"],
    ] as const) {
      await page.goto(ctx.portal.base + p);
      await page.waitForLoadState("networkidle");
      expect(await check(page, "ar", `${p} @375 (scripts on)`, 375)).toEqual([]);
      await page.screenshot({ path: path.join(out, file), fullPage: true });
    }
    // Right to left: the brand starts at the right edge; the phone number and e-mail addresses read left to right.
    await page.goto(ctx.portal.base + "/ar");
    const brand = await page.locator(".brand").boundingBox();
    expect(brand!.x + brand!.width).toBeGreaterThan(375 / 2);
    expect(await page.getByTestId("site-phone").locator("bdi").getAttribute("dir")).toBe("ltr");
    // The demo sign-in reads "demo@example.com / demo-password" on one line, never broken at the "/".
    await page.goto(ctx.portal.base + "/ar/authentication");
    const pair = page.locator(".demo-hint bdi");
    expect(await pair.innerText()).toBe("demo@example.com\u00a0/\u00a0demo-password");
    expect(await pair.evaluate((e) => e.getClientRects().length)).toBe(1);
    expect((await pair.boundingBox())!.height).toBeLessThan(30);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "scripts on" : "scripts off";

    it(`the switch opens the same page in another language and the choice is kept (${mode})`, async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/servicesPage?id=2");
      await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();
      await page.waitForURL(/\/es\/servicesPage\?id=2$/);
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Reubicación");
      // The choice is kept: the English address of another page opens it in Spanish.
      await page.goto(ctx.portal.base + "/terms");
      expect(new URL(page.url()).pathname).toBe("/es/terms");
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Términos y condiciones");
      // Links stay in the language; English chosen again is kept too.
      await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
      await page.waitForURL(/\/terms$/);
      await page.goto(ctx.portal.base + "/about");
      expect(new URL(page.url()).pathname).toBe("/about");
      await context.close();
    });

    it(`the browser's language is suggested, never followed (${mode})`, async () => {
      const context = await ctx.browser.newContext({ javaScriptEnabled, locale: "fr-FR" });
      const page = await context.newPage();
      const res = await page.goto(ctx.portal.base + "/about");
      expect([res?.status(), new URL(page.url()).pathname]).toEqual([200, "/about"]);
      const suggestion = page.locator(".language-suggestion");
      await expect.poll(() => suggestion.innerText(), settle).toContain("Cette page existe aussi en français.");
      expect(await suggestion.getAttribute("lang")).toBe("fr");
      await suggestion.getByRole("link").click();
      await page.waitForURL(/\/fr\/about$/);
      // Chosen: no suggestion any more, in French or in English.
      expect(await page.locator(".language-suggestion").count()).toBe(0);
      await context.close();
    });

    it(`a visitor writes to the firm in Spanish: what is missing is said in Spanish, then the message is sent (${mode})`, async () => {
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width: 375 });
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/es/contact");
      const subject = `Reubicación con familia (${mode})`;
      await page.getByLabel("Asunto").fill(subject);
      await page.getByLabel("Mensaje").fill("Hola");
      await page.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect
        .poll(() => page.locator("#field-message-error").innerText(), settle)
        .toBe("Cuéntenos un poco más (al menos 10 caracteres)");
      await expect(page.locator("#field-email-error").innerText()).resolves.toBe("Escriba su correo electrónico");
      await expect(page.getByLabel("Asunto").inputValue()).resolves.toBe(subject);
      await page.getByLabel("Nombre").fill("Lucía Fernández");
      await page.getByLabel("Correo electrónico").fill("lucia.fernandez@example.com");
      await page.getByLabel("Mensaje").fill("¿Trabajan ustedes con familias con dos hijos en edad escolar?");
      await page.getByRole("button", { name: "Enviar mensaje" }).click();
      await expectToast(page, javaScriptEnabled, "¡Gracias! Le responderemos en un día laborable.");
      expect(new URL(page.url()).pathname).toBe("/es/contact");
      const row = ctx.portal.db.prepare("select name, email, agent_id from contact_messages where subject = ?").get(subject) as {
        name: string;
        email: string;
        agent_id: number | null;
      };
      expect(row).toEqual({ name: "Lucía Fernández", email: "lucia.fernandez@example.com", agent_id: null });
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it(`a refused sign-in is said in Arabic, the email kept (${mode})`, async () => {
      const { context } = await newContext(ctx.browser, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/ar/authentication");
      await page.getByLabel("البريد الإلكتروني").fill("nobody-here@example.com");
      await page.getByLabel("كلمة المرور").fill("not-the-password-1");
      await page.getByRole("button", { name: "تسجيل الدخول" }).last().click();
      await expect
        .poll(() => page.locator(".form-error").innerText(), settle)
        .toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة.");
      await expect(page.getByLabel("البريد الإلكتروني").inputValue()).resolves.toBe("nobody-here@example.com");
      expect(new URL(page.url()).pathname).toBe("/ar/authentication");
      await context.close();
    });
  }

  // Each language, Arabic (right to left) both ways, Spanish with scripts off and French with them on; each page at
  // 375 px, and the client's own page at 1280 px too. Every page of theirs in every language is also in the walk
  // (tests/support/walk.ts), with scripts on at both widths.
  for (const [lang, modes] of [
    ["ar", [false, true]],
    ["es", [false]],
    ["fr", [true]],
  ] as const) {
    for (const javaScriptEnabled of modes) {
      const mode = javaScriptEnabled ? "on" : "off";
      const width = 375;
      it(`a client whose language is ${lang}: the e-mailed link, the link page and their own page in it (375 and 1280 px, scripts ${mode})`, async () => {
        const agent = await ctx.portal.createAgent(`lang-agent-${lang}-${mode}@example.com`, "Agnès Agent");
        const make = ctx.portal.fixtures((await ctx.portal.sessionCookie(agent.email, agent.password)).token);
        const email = `lang-client-${lang}-${mode}@example.com`;
        const client = await make.client({
          first_name: "Nour",
          last_name: "Haddad",
          email,
          language: lang,
          time_zone: "Asia/Dubai",
        });
        const doc = await make.document(client.id, { title: "Passport", file: false });
        await make.api.call(endpoints.requestDocuments, { params: { clientId: client.id }, body: { document_ids: [doc.id] } });
        await make.paidSession(client.id, { topic: "Interview practice" });
        const [mail] = await ctx.portal.mailTo(
          email,
          new RegExp(catalogues[lang].mail.documentsSubject.replace("{{agent}}", "Agnès Agent")),
        );
        expect(mail, "the request in the client's language").toBeTruthy();
        const link = /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}&lang=[a-z]{2})/.exec(mail!.parsed.text ?? "")![1]!;
        expect(link.endsWith(`&lang=${lang}`)).toBe(true);
        const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width });
        const page = await context.newPage();
        await page.goto(link);
        const found = await check(page, lang, `/my/link (${lang})`, width, javaScriptEnabled);
        await page.getByRole("button", { name: catalogues[lang].my.open }).click();
        await page.waitForURL(/\/my$/);
        await expect
          .poll(() => page.locator("h1").innerText(), settle)
          .toBe(catalogues[lang].my.hello.replace("{{name}}", "Nour"));
        found.push(...(await check(page, lang, `/my (${lang})`, width, javaScriptEnabled)));
        await page.setViewportSize({ width: 1280, height: 900 });
        found.push(...(await check(page, lang, `/my (${lang}, 1280 px)`, 1280, javaScriptEnabled)));
        await page.setViewportSize({ width, height: 900 });
        expect(found).toEqual([]);
        expect(await page.locator(".lead").innerText()).toBe(catalogues[lang].my.waitingOne);
        // The server's refusal of a file (its bytes are a GIF) is said in the client's language, beside the field; then
        // a PDF goes, and the thanks are in it too.
        // The document is named in the client's language, as the catalogue names a passport.
        const title = catalogues[lang].documentKinds.passport;
        const passport = page.locator(".my-document").filter({ hasText: title });
        await passport.getByLabel(catalogues[lang].my.files).setInputFiles({
          name: "passport.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00"),
        });
        await passport.getByRole("button", { name: catalogues[lang].my.upload, exact: true }).click();
        await expect.poll(() => passport.locator(".field__error").innerText(), settle).toBe(catalogues[lang].my.wrongType);
        await passport
          .getByLabel(catalogues[lang].my.files)
          .setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: pdfBytes("passport") });
        await passport.getByRole("button", { name: catalogues[lang].my.upload, exact: true }).click();
        await expectToast(page, javaScriptEnabled, catalogues[lang].my.sentOne.replace("{{title}}", title));
        // The page to ask for a new link, in the language its link names.
        await page.goto(`${ctx.portal.base}/my/sign-in?lang=${lang}`);
        expect(await check(page, lang, `/my/sign-in?lang=${lang}`, width, javaScriptEnabled)).toEqual([]);
        await context.close();
        expect(unexpected(problems)).toEqual([]);
      });
    }
  }

  it("robots.txt and sitemap.xml answer 200 (never sign-in), the sitemap with every public page in every language", async () => {
    const robots = await fetch(ctx.portal.base + "/robots.txt", { redirect: "manual" });
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain("Disallow: /office");
    expect(rules).toMatch(/Sitemap: http:\/\/\S+\/sitemap\.xml/);
    const sitemap = await fetch(ctx.portal.base + "/sitemap.xml", { redirect: "manual" });
    expect([sitemap.status, sitemap.headers.get("content-type")]).toEqual([200, "application/xml; charset=utf-8"]);
    const xml = await sitemap.text();
    for (const p of ["/", "/ar", "/es/about", "/fr/privacy", "/ar/servicesPage?id=3", "/es/contact", "/fr/authentication"]) {
      expect(xml).toContain(`${p}</loc>`);
    }
    expect(xml).not.toContain("set-password");
    expect(xml).toContain('hreflang="x-default"');
  });
});
