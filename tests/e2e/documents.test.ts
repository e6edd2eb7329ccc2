/**
 * A client's documents in Chromium, JavaScript on and off, desktop and 375 px: the checklist a payment asks for, a
 * 12 MB file refused beside the field with nothing stored, a PDF uploaded (with JavaScript, through the upload route
 * that shows progress), the checklist and the timeline changing, the file downloaded as an attachment, accepted;
 * another agent gets 404 for the file and the pages; the dashboard lists the missing and expiring documents.
 */
import { describe, expect, it } from "vitest";
import { expectToast, journeys, jsModes, newContext, settle, signInAs, unexpected, widthsFor } from "../support/browser.js";
import { pdfBytes } from "../support/files.js";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

journeys("a client's documents in Chromium", (ctx) => {
  /** An agent whose client has a paid job (Job Placement asks for a CV, a passport and a degree). */
  async function clientWithPaidJob(tag: string) {
    const { cookie, call } = await ctx.portal.agentWithApi(`docs-${tag}@example.com`, "Dora Docs");
    const client = await call("agent/addclient", {
      first_name: "Pia",
      last_name: `Papers ${tag}`,
      email: `pia-${tag}@example.com`,
    });
    await call("agent/addcart", { client_id: client.data.id, item_type: "job", item_id: 1 });
    const checkout = await call("stripe/create-checkout-session");
    await call(`stripe/demo/complete/${checkout.data.session_id}`);
    const get = async (path: string) =>
      (await (
        await fetch(`${ctx.portal.base}/backend/${path}`, { headers: { Authorization: `Bearer ${cookie.token}` } })
      ).json()) as {
        data: any;
      };
    return { cookie, clientId: client.data.id as number, get };
  }

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    for (const width of widthsFor(javaScriptEnabled)) {
      it(`${width} px: upload (a 12 MB file refused), see the checklist and timeline change, download, accept; no other agent sees it`, async () => {
        const { cookie, clientId, get } = await clientWithPaidJob(`${tag}-${width}`);
        const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width });
        await signInAs(context, ctx.portal.base, cookie);
        const page = await context.newPage();

        // The dashboard leads with the documents the paid job needs.
        await page.goto(`${ctx.portal.base}/dashboard`);
        const attention = page.getByTestId("attention");
        await expect.poll(() => attention.innerText(), settle).toContain("Document missing: CV (for Job Placement)");
        await expect(attention.innerText()).resolves.toContain("Document missing: Passport (for Job Placement)");

        await page.goto(`${ctx.portal.base}/clients/${clientId}`);
        const row = (name: string) => page.getByTestId("documents").locator("tbody tr").filter({ hasText: name });
        await expect.poll(() => row("CV").innerText(), settle).toContain("Missing");
        await page.getByRole("link", { name: "Upload CV", exact: true }).click();
        await page.waitForURL(/\/clients\/\d+\/documents\/\d+$/);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), settle).toMatch(/^CV/);

        // 12 MB: refused beside the field, the expiry as typed kept, nothing stored.
        const fileInput = page.getByLabel("File", { exact: true });
        // Handing 12 MB to the browser takes seconds on a busy machine: more than an ordinary step's 10.
        await fileInput.setInputFiles(
          { name: "huge-scan.pdf", mimeType: "application/pdf", buffer: pdfBytes("huge", 12 * 1024 * 1024) },
          { timeout: 45_000 },
        );
        await page.getByLabel("Expires on (optional)").fill(day(40));
        await page.getByRole("button", { name: "Upload", exact: true }).click();
        await expect
          .poll(() => page.locator("#field-file-error").innerText(), settle)
          .toContain("The file is larger than 10 MB.");
        await expect(page.getByLabel("Expires on (optional)").inputValue()).resolves.toBe(day(40));
        const docId = Number(/documents\/(\d+)/.exec(page.url())![1]);
        expect((await get(`api/clients/${clientId}/documents/${docId}`)).data).toMatchObject({ status: "missing", files: [] });

        // A PDF, with an expiry within 60 days: with JavaScript it goes through the upload route (progress shown).
        const pdf = pdfBytes(`CV of Pia ${tag} ${width}`);
        await page
          .getByLabel("File", { exact: true })
          .setInputFiles({ name: "pia-cv.pdf", mimeType: "application/pdf", buffer: pdf });
        await page.getByLabel("Expires on (optional)").fill(day(40));
        const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes(`/documents/${docId}`));
        await page.getByRole("button", { name: "Upload", exact: true }).click();
        expect((await sent).url().endsWith("/upload")).toBe(javaScriptEnabled);
        await page.waitForURL(new RegExp(`/clients/${clientId}(#documents)?$`));
        await expectToast(page, javaScriptEnabled, "CV: pia-cv.pdf uploaded.");
        await expect.poll(() => row("CV").innerText(), settle).toContain("Uploaded");
        await expect(row("CV").innerText()).resolves.toContain(`${day(40)} (soon)`);
        await expect(page.getByTestId("timeline").innerText()).resolves.toMatch(
          /CV uploaded: pia-cv\.pdf \(PDF, 1 KB\), expires on \d{4}-\d{2}-\d{2}/,
        );

        // The download is a download (an attachment), with the bytes that were sent.
        const downloading = page.waitForEvent("download");
        await row("CV").getByRole("link", { name: "pia-cv.pdf" }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe("pia-cv.pdf");
        const fs = await import("node:fs/promises");
        expect((await fs.readFile((await download.path())!)).equals(pdf)).toBe(true);
        const href = (await row("CV").getByRole("link", { name: "pia-cv.pdf" }).getAttribute("href"))!;
        const direct = await context.request.get(ctx.portal.base + href);
        expect(direct.headers()["content-disposition"]).toBe('attachment; filename="pia-cv.pdf"');
        expect(direct.headers()["x-content-type-options"]).toBe("nosniff");
        // Previewed in its page before it is accepted: inline, a PDF only, framed by this site alone.
        const preview = await context.request.get(`${ctx.portal.base}${href}?preview=1`);
        expect(preview.headers()["content-disposition"]).toBe('inline; filename="pia-cv.pdf"');
        expect(preview.headers()["content-type"]).toBe("application/pdf");
        expect(preview.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
        await page.goto(`${ctx.portal.base}/clients/${clientId}/documents/${docId}`);
        await expect
          .poll(() => page.getByTestId("doc-preview").locator("iframe").getAttribute("src"), settle)
          .toBe(`${href}?preview=1`);
        await page.goto(`${ctx.portal.base}/clients/${clientId}`);

        // Accepting it: the checklist says so.
        await page.getByRole("link", { name: "Review CV", exact: true }).click();
        await page.getByRole("button", { name: "Accept this file" }).click();
        await expectToast(page, javaScriptEnabled, "CV accepted.");
        await page.goto(`${ctx.portal.base}/clients/${clientId}`);
        await expect.poll(() => row("CV").innerText(), settle).toContain("Accepted");

        // The dashboard now says the CV expires soon, and the passport and degree are still missing.
        await page.goto(`${ctx.portal.base}/dashboard`);
        await expect.poll(() => attention.innerText(), settle).toContain(`CV expires on ${day(40)}`);
        await expect(attention.innerText()).resolves.not.toContain("Document missing: CV");
        await expect(attention.innerText()).resolves.toContain("Document missing: Degree certificate (for Job Placement)");

        // Another agent: 404 for the file, the document and the client's page.
        const other = await ctx.portal.agentWithApi(`docs-other-${tag}-${width}@example.com`, "Otto Other");
        const { context: theirs } = await newContext(ctx.browser, javaScriptEnabled, { width });
        await signInAs(theirs, ctx.portal.base, other.cookie);
        for (const path of [href, `/clients/${clientId}/documents/${docId}`, `/clients/${clientId}`]) {
          const res = await theirs.request.get(ctx.portal.base + path, { maxRedirects: 0 });
          expect(res.status(), path).toBe(404);
          expect(await res.text(), path).not.toContain("CV of Pia");
        }
        await theirs.close();
        expect(unexpected(problems).filter((p) => !p.includes("status of 413"))).toEqual([]);
        await context.close();
      });
    }

    it("adds a document of the agent's own to the checklist (an empty name refused beside the field)", async () => {
      const { cookie, clientId } = await clientWithPaidJob(`own-${tag}`);
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, cookie);
      const page = await context.newPage();
      await page.goto(`${ctx.portal.base}/clients/${clientId}`);
      await page.getByRole("button", { name: "Add to the checklist" }).click();
      await expect.poll(() => page.locator("#document-title-error").innerText(), settle).toBe("Document name is required");
      await page.getByLabel("Another document").fill("Offer letter");
      await page.getByRole("button", { name: "Add to the checklist" }).click();
      await page.waitForURL(/\/documents\/\d+$/);
      await expectToast(page, javaScriptEnabled, "Offer letter added to the checklist.");
      await expect.poll(() => page.locator("dl.details").innerText(), settle).toContain("Added by you");
      await page
        .getByRole("link", { name: `Pia Papers own-${tag}` })
        .first()
        .click();
      await expect.poll(() => page.getByTestId("documents").innerText(), settle).toContain("Offer letter");
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });
});
