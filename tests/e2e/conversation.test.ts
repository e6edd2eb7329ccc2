/**
 * A client's conversation (issue 39) in Chromium, JavaScript on and off at 1280 px and on at 375 px (the client in
 * Arabic there, right to left): the agent writes with a PDF attached (an empty message is refused beside the field); the client is
 * e-mailed in their language, opens the thread by the e-mail's one-time link, reads it and answers; the agent sees
 * the answer (with scripts on, without reloading) and the read mark on their own message; the office reads the
 * thread and writes as the office; the client finds it from their page, counted as new.
 */
import { describe, expect, it } from "vitest";
import { expectToast, mainJourneyRuns, journeys, newContext, settle, signInAs } from "../support/browser.js";
import { pdfBytes } from "../support/files.js";

const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43}\S*)/.exec(text)?.[1];

// The other side is e-mailed at once (MESSAGE_NOTIFY_DELAY_SECONDS=0), by the mail worker's next round.
journeys("a client's conversation in Chromium", { timeout: 90_000, env: { MESSAGE_NOTIFY_DELAY_SECONDS: "0" } }, (ctx) => {
  describe.each(mainJourneyRuns)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const arabic = width === 375;

    it("the agent writes, the client reads and answers, each sees the other's read mark, the office joins", async () => {
      const { cookie, call } = await ctx.portal.agentWithApi(`conv-${tag}@example.com`, "Omar Agent");
      const clientEmail = `conv-client-${tag}@example.com`;
      const client = await call("agent/addclient", {
        first_name: "Lina",
        last_name: `Talk ${tag}`,
        email: clientEmail,
        language: arabic ? "ar" : "en",
      });
      const clientId = client.data.id as number;

      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      await agent.getByRole("link", { name: "Messages", exact: true }).click();
      await agent.waitForURL(/\/messages$/);
      await expect.poll(() => agent.locator("h1").innerText(), settle).toBe(`Messages with Lina Talk ${tag}`);
      await expect(agent.locator(".empty-state").innerText()).resolves.toBe("No messages yet.");
      // Nothing typed: refused beside the field, nothing sent.
      await agent.getByRole("button", { name: "Send" }).click();
      await expect.poll(() => agent.locator("#field-body-error").innerText(), settle).toBe("Message is required");
      await agent.getByLabel("Your message").fill("Your visa appointment is on Monday at 10:00.");
      // With the appointment letter attached.
      await agent
        .getByLabel("Files (optional)")
        .setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: pdfBytes("the appointment letter") });
      await agent.getByRole("button", { name: "Send" }).click();
      await expectToast(agent, javaScriptEnabled, "Your message was sent.");
      const mine = agent.locator(".thread__message--mine");
      await expect.poll(() => mine.innerText(), settle).toContain("Your visa appointment is on Monday at 10:00.");
      await expect(mine.innerText()).resolves.toContain("Sent, not read yet");
      // A sent message leaves the form empty.
      await expect(agent.getByLabel("Your message").inputValue()).resolves.toBe("");

      // The client is e-mailed in their language; the link opens the thread.
      const words = arabic
        ? {
            subject: /^رسالة جديدة بشأن ملفك$/,
            heading: "رسائلك مع وكيلك",
            label: "رسالتك",
            send: "إرسال",
            sent: "أُرسلت رسالتك.",
            open: "الرسائل · رسالة جديدة واحدة",
          }
        : {
            subject: /^A new message about your case$/,
            heading: "Messages with your agent",
            label: "Your message",
            send: "Send",
            sent: "Your message was sent.",
            open: "Messages · 1 new message",
          };
      const [notice] = await ctx.portal.mailTo(clientEmail, words.subject);
      expect(notice, "the notice in the outbox").toBeTruthy();
      const link = linkIn(notice!.parsed.text ?? "")!;
      expect(link, "the link in the notice").toBeTruthy();
      const clientSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await clientSide.context.newPage();
      await me.goto(link);
      await me.locator("form button[type=submit]").click();
      await me.waitForURL(/\/my\/messages$/);
      await expect.poll(() => me.locator("h1").innerText(), settle).toBe(words.heading);
      await expect(me.locator("html").getAttribute("dir")).resolves.toBe(arabic ? "rtl" : "ltr");
      await expect(me.locator(".thread__message").first().innerText()).resolves.toContain("Omar Agent");
      await expect(me.locator(".thread__message").first().innerText()).resolves.toContain("Monday at 10:00");
      // The letter, downloaded from the client's side.
      const href = await me.getByRole("link", { name: "letter.pdf" }).getAttribute("href");
      const file = await me.request.get(`${ctx.portal.base}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain("application/pdf");
      const answer = arabic ? "شكرًا، سأكون هناك." : "Thank you, I will be there.";
      await me.getByLabel(words.label).fill(answer);
      await me.getByRole("button", { name: words.send, exact: true }).click();
      await expectToast(me, javaScriptEnabled, words.sent);
      await expect.poll(() => me.locator(".thread__message--mine").innerText(), settle).toContain(answer);

      // The agent sees the answer: with scripts on, without a reload; and their own message as read.
      if (!javaScriptEnabled) await agent.reload();
      await expect.poll(() => agent.locator(".thread").innerText(), { timeout: 20_000, interval: 250 }).toContain(answer);
      await expect.poll(() => mine.innerText(), settle).toContain("Read");

      // The client leaves the thread (with scripts on, an open thread reads what arrives as it arrives).
      await me.goto(`${ctx.portal.base}/my`);
      // The office reads the thread (from the agent's page in the office) and writes as the office.
      const officeSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(officeSide.context, ctx.portal.base, await ctx.portal.staffSessionCookie());
      const office = await officeSide.context.newPage();
      await office.goto(`${ctx.portal.base}/office/clients/${clientId}/messages`);
      await expect.poll(() => office.locator(".thread").innerText(), settle).toContain(answer);
      await office.getByLabel("Your message").fill("The office confirms the appointment.");
      await office.getByRole("button", { name: "Send" }).click();
      await expectToast(office, javaScriptEnabled, "Your message was sent.");
      // The client's page counts it as new, and leads to it.
      await me.reload();
      await me.getByRole("link", { name: words.open }).click();
      await me.waitForURL(/\/my\/messages$/);
      await expect
        .poll(() => me.locator(".thread__message").last().innerText(), settle)
        .toContain("The office confirms the appointment.");

      await Promise.all([agentSide.context.close(), clientSide.context.close(), officeSide.context.close()]);
    });
  });
});
