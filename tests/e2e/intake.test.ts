/**
 * Intake questionnaires (issue 40) in Chromium, JavaScript on and off at 1280 px and on at 375 px (the client in
 * Arabic there): the office writes a questionnaire with Arabic words and a question shown only when an earlier answer
 * is "yes", sent when Relocation is paid; an agent pays a Relocation plan; the client opens the e-mailed link,
 * answers the first part (a required answer left empty is said beside it), leaves, comes back by a new link,
 * finishes and sends; the agent returns one answer with a word; the client corrects only that one; the agent accepts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, mainJourneyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";

const ADDRESS = "شارع الملك فهد ١٢، دبي (٢٠٢١–٢٠٢٦)";
const PHONE = "+971 50 123 4567";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

/** Uses a one-time link: its page's button signs the client in and goes where the link leads. */
async function useLink(page: Page, link: string) {
  await page.goto(link);
  await page.locator("form button[type=submit]").click();
}

journeys("intake questionnaires in Chromium", { timeout: 120_000 }, (ctx) => {
  describe.each(mainJourneyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const arabic = width === 375;

    it("the office writes it, a payment sends it, the client answers in two visits, the agent returns one answer and accepts", async () => {
      // The office writes the questionnaire.
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(office.context, ctx.portal.base, await ctx.portal.staffSessionCookie());
      const staff = await office.context.newPage();
      await staff.goto(`${ctx.portal.base}/office/questionnaires`);
      const create = staff.locator("#new-questionnaire");
      await create.getByRole("button", { name: "Create the questionnaire" }).click();
      await expect.poll(() => staff.locator("#new-questionnaire-name-error").innerText(), settle).toContain("Name");
      await create.getByLabel("Name in the office").fill(`Intake ${tag}`);
      await create.getByLabel("Title", { exact: true }).fill(`Before you move ${tag}`);
      await create.getByLabel("Title in Arabic").fill(`قبل انتقالك ${tag}`);
      await create.getByRole("checkbox", { name: "Relocation" }).check();
      await create.getByRole("button", { name: "Create the questionnaire" }).click();
      await staff.waitForURL(/\/office\/questionnaires\/\d+$/);
      const formId = /\/(\d+)$/.exec(staff.url())![1];
      for (const [title, ar] of [
        ["About you", "عنك"],
        ["Family", "العائلة"],
      ]) {
        const add = staff.locator("#add-section");
        await add.getByLabel("Section title", { exact: true }).fill(title!);
        await add.getByLabel("Section title in Arabic").fill(ar!);
        await add.getByRole("button", { name: "Add a section" }).click();
        await expectToast(staff, javaScriptEnabled, "The section was added.");
      }
      const ask = async (section: string, q: { kind: string; label: string; ar: string; showIf?: string }) => {
        await staff.locator(".card", { hasText: section }).getByRole("link", { name: "Add a question" }).click();
        await staff.waitForURL(/\/question\?section=/);
        const form = staff.locator("#question");
        await form.getByLabel("Kind of answer").selectOption({ label: q.kind });
        await form.getByLabel("The client must answer it").check();
        await form.getByLabel("Question", { exact: true }).fill(q.label);
        await form.getByLabel("Question in Arabic").fill(q.ar);
        if (q.showIf) {
          await form.getByLabel("Show only when").selectOption({ label: q.showIf });
          await form.getByLabel("…was answered").fill("yes");
        }
        await form.getByRole("button", { name: "Add a question" }).click();
        await staff.waitForURL(new RegExp(`/office/questionnaires/${formId}(#.*)?$`));
      };
      await ask("About you", { kind: "Date", label: "Date of birth", ar: "تاريخ الميلاد" });
      await ask("About you", { kind: "Long text", label: "Address", ar: "العنوان" });
      await ask("About you", { kind: "Phone number", label: "Phone", ar: "الهاتف" });
      await ask("Family", { kind: "Yes or no", label: "Do you have children?", ar: "هل لديك أطفال؟" });
      await ask("Family", { kind: "Number", label: "How many children?", ar: "كم عدد أطفالك؟", showIf: "Do you have children?" });
      await expect
        .poll(() => staff.locator(".card", { hasText: "Family" }).first().innerText(), settle)
        .toContain("shown on a condition");

      // An agent pays a Relocation plan for the client: the questionnaire goes out.
      const { cookie, call } = await ctx.portal.agentWithApi(`intake-${tag}@example.com`, "Hana Agent");
      const clientEmail = `intake-client-${tag}@example.com`;
      const clientId = await ctx.portal.clientWithRelocation(call, {
        first_name: "Omar",
        last_name: `Intake ${tag}`,
        email: clientEmail,
        language: arabic ? "ar" : "en",
      });
      const title = arabic ? `قبل انتقالك ${tag}` : `Before you move ${tag}`;
      const words = arabic
        ? {
            subject: `أسئلة من وكيلك: ${title}`,
            required: "إلزامي",
            saveNext: "احفظ وتابع",
            send: "أرسلها إلى وكيلي",
            yes: "نعم",
          }
        : {
            subject: `Questions from your agent: ${title}`,
            required: "required",
            saveNext: "Save and continue",
            send: "Send to my agent",
            yes: "Yes",
          };
      const [sent] = await ctx.portal.mailTo(clientEmail, new RegExp(`^${words.subject}$`), 15_000);
      expect(sent, "the questionnaire e-mailed in the client's language").toBeTruthy();

      // First visit: the first part, a required answer missed then given.
      const first = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await first.context.newPage();
      await useLink(me, linkIn(sent!.parsed.text ?? "")!);
      await me.waitForURL(/\/my\/questionnaires\/\d+/);
      const copyId = /\/my\/questionnaires\/(\d+)/.exec(me.url())![1];
      await expect.poll(() => me.locator("h1").innerText(), settle).toBe(title);
      await expect(me.locator("html").getAttribute("dir")).resolves.toBe(arabic ? "rtl" : "ltr");
      await me.getByRole("button", { name: words.saveNext }).click();
      const born = me.locator(".question", { hasText: arabic ? "تاريخ الميلاد" : "Date of birth" });
      await expect
        .poll(() => born.locator(".field__error").innerText(), settle)
        .toBe(arabic ? "أجب عن هذا السؤال." : "Answer this question");
      await born.locator("input").fill("1990-02-20");
      // An Arabic address with a number, a range of years and a phone number, read back as typed (issue 66).
      await me
        .locator(".question", { hasText: arabic ? "العنوان" : "Address" })
        .locator("textarea")
        .fill(ADDRESS);
      await me
        .locator(".question", { hasText: arabic ? "الهاتف" : "Phone" })
        .locator("input")
        .fill(PHONE);
      await me.getByRole("button", { name: words.saveNext }).click();
      await me.waitForURL(/section=/);
      await first.context.close();

      // Second visit, by a new link asked for on the sign-in page: the answers are there; the rest is answered.
      const second = await newContext(ctx.browser, javaScriptEnabled, { width });
      const back = await second.context.newPage();
      await back.goto(`${ctx.portal.base}/my/sign-in`);
      await back.locator("input[name=email]").fill(clientEmail);
      await back.locator("form button[type=submit]").click();
      const [signIn] = await ctx.portal.mailTo(clientEmail, arabic ? /^رابطك إلى/ : /^Your link to/, 15_000);
      await useLink(back, linkIn(signIn!.parsed.text ?? "")!);
      await back.waitForURL(/\/my$/);
      await back.locator(".my-questionnaire", { hasText: title }).getByRole("link").click();
      await back.waitForURL(new RegExp(`/my/questionnaires/${copyId}`));
      const children = back.locator(".question", { hasText: arabic ? "هل لديك أطفال؟" : "Do you have children?" });
      const howMany = back.locator(".question", { hasText: arabic ? "كم عدد أطفالك؟" : "How many children?" });
      // With scripts, the count is asked only once the answer is yes; without them it says when it applies.
      if (javaScriptEnabled) await expect.poll(() => howMany.isVisible(), settle).toBe(false);
      await children.getByRole("radio", { name: words.yes }).check();
      await expect.poll(() => howMany.isVisible(), settle).toBe(true);
      await howMany.locator("input").fill("2");
      await back.getByRole("button", { name: words.saveNext }).click();
      await back.waitForURL(/section=review/);
      await expect.poll(() => back.locator(".answers").first().innerText(), settle).toContain("1990-02-20");
      await expect(back.locator(".answers").first().innerText()).resolves.toContain(ADDRESS);
      await expect(back.locator(".answers bdi[dir=ltr]").first().innerText()).resolves.toBe(PHONE);
      await back.getByRole("button", { name: words.send }).click();
      await back.waitForURL(/\/my(#questionnaires)?$/);

      // The agent returns the date with a word.
      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      await agent.getByRole("link", { name: "Questionnaires" }).click();
      await agent.waitForURL(/\/questionnaires$/);
      await agent
        .locator(".card", { hasText: `Intake ${tag}` })
        .getByRole("link", { name: "Review" })
        .click();
      await agent.waitForURL(/\/questionnaires\/\d+$/);
      await expect.poll(() => agent.locator(".answers").first().innerText(), settle).toContain("1990-02-20");
      await expect(agent.locator(".answers").first().innerText()).resolves.toContain(ADDRESS);
      await expect(agent.locator(".answers bdi[dir=ltr]").first().innerText()).resolves.toBe(PHONE);
      await expect(agent.locator(".answers bdi[dir=auto]", { hasText: "شارع" }).count()).resolves.toBe(1);
      await agent.getByRole("button", { name: "Return to the client" }).click();
      await expect
        .poll(() => agent.locator(".form-error").first().innerText(), settle)
        .toBe("Tick at least one answer to correct.");
      const item = agent.locator(".return-item", { hasText: "Date of birth" });
      await item.getByRole("checkbox").check();
      await item.getByLabel("What to correct (optional)").fill("Check the year, please.");
      await agent.getByRole("button", { name: "Return to the client" }).click();
      await expectToast(agent, javaScriptEnabled, "The answers were returned to the client to correct.");

      // The client corrects only that answer and sends again.
      const returnedSubject = arabic ? `إجابات تحتاج إلى تصحيح: ${title}` : `Some answers to correct: ${title}`;
      const [returned] = await ctx.portal.mailTo(clientEmail, new RegExp(`^${returnedSubject}$`), 15_000);
      await back.goto(`${ctx.portal.base}/my/questionnaires/${copyId}`);
      await expect.poll(() => back.locator("main, body").first().innerText(), settle).toContain("Check the year, please.");
      expect(returned!.parsed.text).toContain("/my/link?token=");
      const date = back.locator(".question", { hasText: arabic ? "تاريخ الميلاد" : "Date of birth" }).locator("input");
      await date.fill("1991-02-20");
      await back.getByRole("button", { name: words.saveNext }).click();
      // Saved once the next section is shown: going elsewhere before would cancel the save (a busy machine did).
      await back.waitForURL(/section=/);
      await back.goto(`${ctx.portal.base}/my/questionnaires/${copyId}?section=review`);
      await back.getByRole("button", { name: words.send }).click();
      await back.waitForURL(/\/my(#questionnaires)?$/);

      await agent.reload();
      await expect.poll(() => agent.locator(".answers").first().innerText(), settle).toContain("1991-02-20");
      await agent.getByRole("button", { name: "Accept the answers" }).click();
      await expectToast(agent, javaScriptEnabled, "The answers were accepted.");
      await expect.poll(() => agent.locator(".tag--accepted").first().innerText(), settle).toBe("Accepted");

      for (const side of [office, second, agentSide]) {
        expect(unexpected(side.problems)).toEqual([]);
        await side.context.close();
      }
    });
  });
});
