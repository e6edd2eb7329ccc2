/**
 * E-mail and accounts in Chromium, JavaScript on and off, on the quick start's mail (no SMTP_URL: each message an
 * .eml file in DATA_DIR/outbox): a forgotten password → the mail → a new password → signed in, every other session
 * ended; a session booked and paid → the confirmation with its invite, and the printable receipt; /account changes
 * the password; staff see a failed e-mail and send it again.
 */
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { expectToast, journeys, jsModes, newContext, pickClient, settle, signInAs, unexpected } from "../support/browser.js";

journeys("e-mail and accounts in Chromium", (ctx) => {
  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("forgot password → the e-mail → a new password → signed in, and the old sessions end (375 px)", async () => {
      const email = `forgot-${tag}@example.com`;
      await ctx.portal.createAgent(email, "Fay Forgetful");
      // A session opened earlier elsewhere: the reset ends it.
      const earlier = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(earlier.context, ctx.portal.base, await ctx.portal.sessionCookie(email, "agent-password"));

      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { width: 375 });
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/authentication/");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL(/\/forgot-password$/);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect.poll(() => page.locator("#field-email-error").innerText(), settle).toBe("Email is required");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await page.waitForURL(/\/forgot-password\?sent=1$/);
      await expect
        .poll(() => page.getByTestId("reset-sent").innerText(), settle)
        .toContain("If an account exists for that address, we've sent a link.");

      const [mail] = await ctx.portal.mailTo(email, /^Reset your password/);
      expect(mail, "the reset e-mail in the outbox").toBeTruthy();
      expect(mail!.parsed.html).toContain("Reset your password");
      const link = /http:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail!.parsed.text ?? "")![0];
      await page.goto(link.replace(/^http:\/\/[^/]+/, ctx.portal.base));
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Choose a new password");
      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Save and sign in" }).click();
      await expect
        .poll(() => page.locator("#field-password-error").innerText(), settle)
        .toBe("A password needs at least 10 characters");
      await page.getByLabel("New password").fill("forgotten no longer");
      await page.getByRole("button", { name: "Save and sign in" }).click();
      await page.waitForURL(/\/dashboard\/?$/);
      await expectToast(page, javaScriptEnabled, "Welcome, Fay Forgetful!");

      // The link worked once; the earlier session has ended; the account was told its password changed.
      await page.goto(link.replace(/^http:\/\/[^/]+/, ctx.portal.base));
      await expect.poll(() => page.getByTestId("link-gone").innerText(), settle).toContain("expired or was used already");
      const old = await earlier.context.newPage();
      await old.goto(ctx.portal.base + "/clients");
      await expect.poll(() => old.locator("body").innerText(), settle).toContain("Session Expired!");
      expect(await ctx.portal.mailTo(email, /password was changed$/)).toHaveLength(1);
      // The used link's page answers 404 (Chromium logs it); nothing else went wrong.
      expect(unexpected(problems).filter((p) => !/status of 404/.test(p))).toEqual([]);
      await earlier.context.close();
      await context.close();
    });

    it("book and pay a session → the confirmation with its invite in the outbox, and a printable receipt", async () => {
      const email = `invite-${tag}@example.com`;
      const { cookie, call } = await ctx.portal.agentWithApi(email, "Ivo Invite");
      await call("agent/addclient", { first_name: "Ines", last_name: `Client ${tag}`, email: `ines-${tag}@example.com` });
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, cookie);
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/mentors");
      await page.getByRole("link", { name: "Amira Haddad", exact: true }).click();
      await page.waitForURL(/\/mentors\/\d+/);
      const slot = page.locator("a.slot").nth(javaScriptEnabled ? 1 : 2);
      await slot.waitFor();
      const start = (await slot.getAttribute("data-start"))!;
      await slot.click();
      await page.waitForURL(/\/book\?/);
      await pickClient(page, `Ines Client ${tag}`);
      await page.getByLabel("Topic").fill("Relocating to Berlin");
      await page.getByRole("button", { name: "Hold this session" }).click();
      await page.waitForURL(/\/cart\/?$/);
      await page.getByRole("button", { name: "Checkout" }).click();
      await page.waitForURL(/\/payment\/demo\//);
      await page.getByRole("button", { name: "Pay (demo)" }).click();
      await page.waitForURL(/\/payment\/success/);
      await expect.poll(() => page.getByTestId("payment-status").innerText(), settle).toBe("Payment received");

      const [confirmation] = await ctx.portal.mailTo(email, /^Confirmed: mentor session with Amira Haddad/);
      expect(confirmation, "the confirmation in the outbox").toBeTruthy();
      const ics = confirmation!.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
      const calendar = ics!.content.toString("utf8");
      expect(calendar).toContain("METHOD:REQUEST");
      expect(calendar).toContain(`DTSTART:${start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      expect(await ctx.portal.mailTo(`ines-${tag}@example.com`, /^Confirmed/)).toHaveLength(1);
      const [receipt] = await ctx.portal.mailTo(email, /^Receipt for order \d+: \$[\d,]+\.00$/);
      expect(receipt, "the receipt in the outbox").toBeTruthy();

      await page.getByRole("link", { name: "View the order" }).click();
      await page.waitForURL(/\/orders\/\d+$/);
      await page.getByRole("link", { name: "Printable receipt" }).click();
      await page.waitForURL(/\/orders\/\d+\/receipt$/);
      const total = /(\$[\d,]+\.00)$/.exec(receipt!.parsed.subject ?? "")![1]!;
      await expect.poll(() => page.getByTestId("receipt-total").innerText(), settle).toBe(total);
      await expect(page.getByTestId("receipt").innerText()).resolves.toContain(`Ines Client ${tag}`);
      // Printed, the page is the receipt alone.
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".site-header").isVisible()).toBe(false);
      expect(await page.getByTestId("receipt").isVisible()).toBe(true);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("/account changes the password (the current one required, said beside the field) and signs out the others", async () => {
      const email = `account-${tag}@example.com`;
      await ctx.portal.createAgent(email, "Ada Account");
      const other = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(other.context, ctx.portal.base, await ctx.portal.sessionCookie(email, "agent-password"));
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled);
      await signInAs(context, ctx.portal.base, await ctx.portal.sessionCookie(email, "agent-password"));
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/dashboard");
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Account" }).click();
      await page.waitForURL(/\/account\/?$/);
      await page.getByLabel("Name", { exact: true }).fill("Ada Renamed");
      await page.getByLabel("Your time zone").fill("Asia/Tokyo");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, javaScriptEnabled, "Saved.");
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Ada Renamed");

      await page.getByLabel("Current password").fill("not the password");
      await page.getByLabel("New password").fill("a newer passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect
        .poll(() => page.locator("#field-current_password-error").innerText(), settle)
        .toBe("This is not your current password");
      await page.getByLabel("Current password").fill("agent-password");
      await page.getByLabel("New password").fill("a newer passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
      await expectToast(page, javaScriptEnabled, "Password changed. 1 other session signed out");
      const otherPage = await other.context.newPage();
      await otherPage.goto(ctx.portal.base + "/clients");
      await expect.poll(() => otherPage.locator("body").innerText(), settle).toContain("Session Expired!");
      expect(await ctx.portal.mailTo(email, /password was changed$/)).toHaveLength(1);
      expect(unexpected(problems)).toEqual([]);
      await other.context.close();
      await context.close();
    });
  });

  it("staff see the e-mail outbox, and their own account page, whose zone the back office then uses", async () => {
    const { context, problems } = await newContext(ctx.browser, true);
    const page = await context.newPage();
    await page.goto(ctx.portal.base + "/authentication/");
    await page.getByLabel("Email").fill(demoStaff.email);
    await page.getByLabel("Password").fill(demoStaff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/office$/);
    await page.getByRole("link", { name: "E-mails that failed" }).click();
    await page.waitForURL(/\/office\/outbox\?status=failed$/);
    await expect.poll(() => page.locator("main").innerText(), settle).toContain("No e-mail has failed.");
    await page.getByLabel("Show").selectOption("sent");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/status=sent/);
    await expect.poll(() => page.locator("tbody tr").count(), settle).toBeGreaterThan(0);
    await page.locator("header").getByRole("link", { name: "Account" }).click();
    await page.waitForURL(/\/account\/?$/);
    await expect.poll(() => page.locator("h1").innerText(), settle).toBe(demoStaff.name);
    // The back office shows its days and times in the staff member's own zone.
    await page.getByLabel("Your time zone").fill("Europe/Lisbon");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, true, "Saved.");
    await page.goto(ctx.portal.base + "/office");
    await expect.poll(() => page.locator("main").innerText(), settle).toContain("Mentor sessions today (Europe/Lisbon)");
    await page.goto(ctx.portal.base + "/office/outbox?status=sent");
    await expect.poll(() => page.locator("thead").innerText(), settle).toContain("Written (Europe/Lisbon)");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
