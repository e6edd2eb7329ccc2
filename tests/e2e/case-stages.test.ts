/**
 * Where a client's case stands (issue 39, point 3) in Chromium, JavaScript on and off at 1280 px and on at 375 px
 * (the client in Arabic there): the agent moves a paid Relocation case to "Application filed" with a word (a move
 * with no stage is refused beside the field); the client is e-mailed in their language, opens their page by the
 * e-mail's link and sees the stage, what comes next and the agent's word.
 */
import { describe, expect, it } from "vitest";
import { expectToast, journeyRuns, journeys, newContext, settle, signInAs } from "../support/browser.js";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

journeys("a client's case stages in Chromium", (ctx) => {
  describe.each(journeyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const arabic = width === 375;

    it("the agent moves the case with a word; the client is e-mailed in their language and sees where it stands", async () => {
      const { cookie, call } = await ctx.portal.agentWithApi(`stages-${tag}@example.com`, "Hana Agent");
      const clientEmail = `stages-client-${tag}@example.com`;
      const clientId = await ctx.portal.clientWithRelocation(call, {
        first_name: "Omar",
        last_name: `Case ${tag}`,
        email: clientEmail,
        language: arabic ? "ar" : "en",
      });

      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      await agent.getByRole("link", { name: "Case progress" }).click();
      await agent.waitForURL(/\/case$/);
      await expect.poll(() => agent.locator("h1").innerText(), settle).toBe(`Where Omar Case ${tag}'s case stands`);
      const relocation = agent.locator("#service-2");
      await expect(relocation.innerText()).resolves.toContain("Not started");
      await relocation.getByRole("button", { name: "Move the case" }).click();
      await expect.poll(() => agent.locator("#case-2-stage-error").innerText(), settle).toBe("Choose a stage");
      await agent.locator("#service-2").getByLabel("Stage", { exact: true }).selectOption({ label: "Application filed" });
      await agent.locator("#service-2").getByLabel("A word for the client (optional)").fill("Filed at the consulate today.");
      await agent.locator("#service-2").getByRole("button", { name: "Move the case" }).click();
      await expectToast(agent, javaScriptEnabled, "Relocation: the case is now at “Application filed”. The client was told.");
      await expect.poll(() => agent.locator("#service-2 [aria-current=step]").innerText(), settle).toContain("Application filed");

      const words = arabic
        ? {
            subject: /^الانتقال: وصل ملفك إلى مرحلة «تقديم الطلب»$/,
            now: "المرحلة الحالية: تقديم الطلب",
            next: "المرحلة التالية: القرار.",
          }
        : {
            subject: /^Relocation: your case is at “Application filed”$/,
            now: "Now: Application filed",
            next: "Next: Decision.",
          };
      const [mail] = await ctx.portal.mailTo(clientEmail, words.subject);
      expect(mail, "the e-mail in the client's language").toBeTruthy();
      expect(mail!.parsed.text).toContain("Filed at the consulate today.");
      const clientSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await clientSide.context.newPage();
      await me.goto(linkIn(mail!.parsed.text ?? "")!);
      await me.locator("form button[type=submit]").click();
      await me.waitForURL(/\/my$/);
      const card = me.getByTestId("case-2");
      await expect.poll(() => card.innerText(), settle).toContain(words.now);
      await expect(card.innerText()).resolves.toContain(words.next);
      await expect(card.innerText()).resolves.toContain("Filed at the consulate today.");
      await expect(me.locator("html").getAttribute("dir")).resolves.toBe(arabic ? "rtl" : "ltr");

      await Promise.all([agentSide.context.close(), clientSide.context.close()]);
    });
  });
});
