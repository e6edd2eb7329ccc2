/**
 * A client sends their own documents (issue 24) in Chromium, JavaScript on and off at 1280 px and on at 375 px: the agent
 * asks for a passport and a CV with a word; the client opens the e-mailed link, sends the passport and the CV as two
 * files, and sees them as sent; the agent rejects the CV with a reason; the client is e-mailed, sends it again; the
 * agent accepts it; the client's timeline shows it all. The link used a second time, and a link after the agent
 * ended the client's access, show a clear page and sign no one in.
 */
import { describe, expect, it } from "vitest";
import { expectToast, mainJourneyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";
import { pdfBytes, pngBytes } from "../support/files.js";

const runs = mainJourneyRuns;
const linkIn = (text: string) => /(http:\/\/\S+\/my\/link\?token=[A-Za-z0-9_-]{43})/.exec(text)?.[1];

journeys("a client's own page in Chromium", (ctx) => {
  describe.each(runs)("$name, $width px", ({ javaScriptEnabled, width }) => {
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;

    it("asks, the client sends (the CV in two files), the agent rejects and accepts; used and ended links sign no one in", async () => {
      // An agent whose client has a paid job: Job Placement asks for a CV, a passport and a degree.
      const { cookie, call } = await ctx.portal.agentWithApi(`ask-${tag}@example.com`, "Dora Docs");
      const clientEmail = `lina-${tag}@example.com`;
      const client = await call("agent/addclient", { first_name: "Lina", last_name: `Haddad ${tag}`, email: clientEmail });
      const clientId = client.data.id as number;
      await call("agent/addcart", { client_id: clientId, item_type: "job", item_id: 1 });
      const checkout = await call("stripe/create-checkout-session");
      await call(`stripe/demo/complete/${checkout.data.session_id}`);

      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, cookie);
      const agent = await agentSide.context.newPage();
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      await agent.getByRole("link", { name: "Ask the client for documents" }).click();
      await agent.waitForURL(/\/requests$/);
      // The new page drawn (with JavaScript the address changes before it is).
      await expect.poll(() => agent.locator("h1").innerText(), settle).toBe("Ask Lina for documents");
      // Nothing ticked: refused beside the list, nothing sent.
      for (const box of await agent.locator('input[name="document_ids"]').all()) await box.uncheck();
      await agent.getByRole("button", { name: "Send the request" }).click();
      await expect
        .poll(() => agent.locator("#document_ids-error").innerText(), settle)
        .toBe("Choose at least one document to ask for");
      await agent.getByRole("checkbox", { name: /^Passport/ }).check();
      await agent.getByRole("checkbox", { name: /^CV/ }).check();
      await agent.getByLabel("A word for the client (optional)").fill("The photo page of your passport, please.");
      await agent.getByRole("button", { name: "Send the request" }).click();
      await expectToast(agent, javaScriptEnabled, /Request sent: (CV, Passport|Passport, CV)\./);

      // The client's e-mail, and the link in it.
      const [asked] = await ctx.portal.mailTo(clientEmail, /Dora Docs asks you for documents/);
      expect(asked, "the request in the outbox").toBeTruthy();
      expect(asked!.parsed.text).toContain("The photo page of your passport, please.");
      const link = linkIn(asked!.parsed.text ?? "")!;
      expect(link).toBeTruthy();

      const clientSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      const me = await clientSide.context.newPage();
      await me.goto(link);
      await expect.poll(() => me.locator("h1").innerText(), settle).toBe("Hello Lina");
      await me.getByRole("button", { name: "Open my page" }).click();
      await me.waitForURL(/\/my$/);
      await expect.poll(() => me.locator(".lead").innerText(), settle).toBe("Your agent is waiting for 2 documents from you.");
      await expect(me.locator(".my-agent").innerText()).resolves.toContain(`ask-${tag}@example.com`);
      await expect(me.locator(".my-agent").innerText()).resolves.toContain("The photo page of your passport, please.");

      const item = (title: string) =>
        me.locator(".my-document").filter({ has: me.getByRole("heading", { name: title, exact: true }) });
      // The passport in one file, a scan's size (3 MB: more than any other form may send).
      await item("Passport")
        .getByLabel("Files")
        .setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: pdfBytes("passport", 3 * 1024 * 1024) });
      await item("Passport").getByRole("button", { name: "Upload" }).click();
      await expectToast(me, javaScriptEnabled, "Passport: your file was sent to your agent.");
      // The CV as two files.
      await item("CV")
        .getByLabel("Files")
        .setInputFiles([
          { name: "cv-page-1.pdf", mimeType: "application/pdf", buffer: pdfBytes("cv one") },
          { name: "cv-page-2.png", mimeType: "image/png", buffer: pngBytes },
        ]);
      // With JavaScript the files go through the upload route, which the page shows the progress of.
      const sent = me.waitForRequest((r) => r.method() === "POST" && r.url().includes("/my"));
      await item("CV").getByRole("button", { name: "Upload" }).click();
      expect((await sent).url().endsWith("/upload")).toBe(javaScriptEnabled);
      await expectToast(me, javaScriptEnabled, "CV: your 2 files were sent to your agent.");
      await expect.poll(() => item("CV").innerText(), settle).toContain("cv-page-2.png");
      await expect(item("CV").innerText()).resolves.toContain("cv-page-1.pdf");
      await expect(item("CV").innerText()).resolves.toContain("Uploaded");
      await expect(item("Passport").innerText()).resolves.toContain("Uploaded");

      // The agent sees the CV as one upload of two files from the client, and rejects it with a reason.
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      const row = (name: string) => agent.getByTestId("documents").locator("tbody tr").filter({ hasText: name });
      await expect.poll(() => row("CV").innerText(), settle).toContain("2 files");
      await expect(row("CV").innerText()).resolves.toContain("from the client");
      await agent.getByRole("link", { name: "Review CV", exact: true }).click();
      await agent.waitForURL(/\/documents\/\d+$/);
      await expect.poll(() => agent.locator("main h2").first().innerText(), settle).toBe("Current upload: 2 files");
      await agent.getByRole("button", { name: "Reject" }).click();
      await expect.poll(() => agent.locator("#reject-reason-error").innerText(), settle).toBe("Reason is required");
      // With scripts, the refusal's page is settled (the loaders read again after the action) before the reason is typed.
      await expect
        .poll(
          () =>
            agent.evaluate(
              () =>
                (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter?.state
                  .navigation.state ?? "idle",
            ),
          settle,
        )
        .toBe("idle");
      await agent.getByLabel("Why (the client reads this)").fill("The second page is cut off.");
      await agent.getByRole("button", { name: "Reject" }).click();
      await expectToast(agent, javaScriptEnabled, "CV rejected: it is asked for again.");

      // The client is told, sees why, and sends it again.
      const [told] = await ctx.portal.mailTo(clientEmail, /Please send your CV again/);
      expect(told?.parsed.text).toContain("The second page is cut off.");
      await me.goto(`${ctx.portal.base}/my`);
      await expect.poll(() => item("CV").innerText(), settle).toContain("Not accepted: The second page is cut off.");
      await item("CV")
        .getByLabel("Files")
        .setInputFiles({ name: "cv-complete.pdf", mimeType: "application/pdf", buffer: pdfBytes("cv whole") });
      await item("CV").getByRole("button", { name: "Upload" }).click();
      await expectToast(me, javaScriptEnabled, "CV: your file was sent to your agent.");

      // The agent accepts it; the client sees it accepted, with no form left for it.
      await agent.goto(agent.url());
      await expect.poll(() => agent.locator("main").innerText(), settle).toContain("cv-complete.pdf");
      await agent.getByRole("button", { name: "Accept this file" }).click();
      await expectToast(agent, javaScriptEnabled, "CV accepted.");
      await me.goto(`${ctx.portal.base}/my`);
      await expect.poll(() => item("CV").innerText(), settle).toContain("Accepted by your agent");
      await expect(item("CV").getByLabel("Files", { exact: true }).count()).resolves.toBe(0);

      // The timeline tells it all.
      await agent.goto(`${ctx.portal.base}/clients/${clientId}`);
      const timeline = await agent.getByTestId("timeline").innerText();
      for (const line of [
        "You asked the client for:",
        "The client opened your request for documents",
        "Passport uploaded by the client: passport.pdf",
        "CV uploaded by the client: cv-page-1.pdf",
        "CV page added by the client: cv-page-2.png",
        "CV rejected (cv-page-2.png, from the client): The second page is cut off.",
        "CV uploaded by the client: cv-complete.pdf",
        "CV accepted (cv-complete.pdf)",
      ]) {
        expect(timeline).toContain(line);
      }

      // The link a second time: a clear page, nobody signed in.
      const stranger = await newContext(ctx.browser, javaScriptEnabled, { width });
      const again = await stranger.context.newPage();
      await again.goto(link);
      await expect.poll(() => again.locator("h1").innerText(), settle).toBe("This link can no longer be used");
      await again.goto(`${ctx.portal.base}/my`);
      await again.waitForURL(/\/my\/sign-in$/);

      // The agent ends the client's access: the client's page and the rejection's unused link both stop.
      await agent.goto(`${ctx.portal.base}/clients/${clientId}/requests`);
      await agent.getByRole("button", { name: "End access now" }).click();
      await expectToast(agent, javaScriptEnabled, /Access ended/);
      await expect.poll(() => agent.getByTestId("client-access").innerText(), settle).toBe("Ended by you");
      await me.goto(`${ctx.portal.base}/my`);
      await me.waitForURL(/\/my\/sign-in$/);
      await again.goto(linkIn(told!.parsed.text ?? "")!);
      await expect.poll(() => again.getByTestId("link-gone").innerText(), settle).toContain("This link can no longer be used");

      for (const side of [agentSide, clientSide, stranger]) {
        expect(unexpected(side.problems)).toEqual([]);
        await side.context.close();
      }
    });
  });
});
