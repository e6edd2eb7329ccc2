/**
 * The mentor's side (issue 23) in Chromium, JavaScript on and off, at 1280 and 375 px: staff give a mentor an
 * address and invite them; the mentor sets a password through the link and lands on their agenda; an agent's paid
 * session with them appears there with its join link (the client by first name and initial), and the mentor has the
 * e-mail with the invite.
 */
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/db/demo-data.js";
import { endpoints } from "../../lib/contract.js";
import { expectToast, journeys, jsModes, newContext, settle, unexpected } from "../support/browser.js";

const runs = jsModes.flatMap((mode) => [1280, 375].map((width) => ({ ...mode, width })));

journeys("the mentor's agenda in Chromium", (ctx) => {
  describe.each(runs)("$name, $width px", ({ javaScriptEnabled, width }) => {
    // A mentor of the demo catalogue for each run (ids 2 to 5), so that the runs do not share one.
    const mentorId = 2 + runs.findIndex((r) => r.javaScriptEnabled === javaScriptEnabled && r.width === width);
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const mentorEmail = `mentor-${tag}@example.com`;

    it("staff invite a mentor, who signs in and sees the session an agent paid for, with where to meet", async () => {
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      const staffPage = await office.context.newPage();
      await staffPage.goto(ctx.portal.base + "/authentication/");
      await staffPage.getByLabel("Email").fill(demoStaff.email);
      await staffPage.getByLabel("Password").fill(demoStaff.password);
      await staffPage.getByRole("button", { name: "Sign in" }).click();
      await staffPage.waitForURL(/\/office$/);

      // The mentor's address: a taken one is refused beside the field (the demo mentor's), then theirs is saved.
      await staffPage.goto(`${ctx.portal.base}/office/mentors/${mentorId}`);
      const mentorName = await staffPage.locator("h1").innerText();
      await staffPage.getByLabel("E-mail (optional)").fill("mentor@example.com");
      await staffPage.getByRole("button", { name: "Save the mentor" }).click();
      await expect
        .poll(() => staffPage.locator("#field-email-error").innerText(), settle)
        .toBe("Another mentor has this e-mail address");
      await staffPage.getByLabel("E-mail (optional)").fill(mentorEmail);
      await staffPage.getByRole("button", { name: "Save the mentor" }).click();
      await expectToast(staffPage, javaScriptEnabled, `${mentorName} was saved.`);
      await staffPage.goto(`${ctx.portal.base}/office/mentors/${mentorId}`);
      await staffPage.getByRole("link", { name: "Invite to sign in" }).click();
      await staffPage.waitForURL(/\/invite$/);
      await staffPage.getByRole("button", { name: "Send the invitation" }).click();
      const link = await staffPage.getByTestId("password-link").locator("code").innerText({ timeout: settle.timeout });
      expect(link).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}$/);

      // The mentor chooses a password and lands on an agenda with nothing yet.
      const side = await newContext(ctx.browser, javaScriptEnabled, { width });
      const mentorPage = await side.context.newPage();
      await mentorPage.goto(link);
      await expect.poll(() => mentorPage.locator(".auth-card").innerText(), settle).toContain(mentorEmail);
      await mentorPage.getByLabel("New password").fill("a mentor's long passphrase");
      await mentorPage.getByRole("button", { name: "Save and sign in" }).click();
      await mentorPage.waitForURL(/\/mentoring$/);
      await expect.poll(() => mentorPage.locator("h1").innerText(), settle).toBe("Your agenda");
      await expect(mentorPage.locator("main").innerText()).resolves.toContain("No sessions booked with you yet.");
      // The header offers the mentor's own places, not an agent's.
      await expect(mentorPage.getByRole("link", { name: "Dashboard" }).count()).resolves.toBe(0);

      // An agent books and pays a session with this mentor for Ana Pereira.
      const agentEmail = `agent-${tag}@example.com`;
      await ctx.portal.createAgent(agentEmail, "Maya Agent");
      const { token } = await ctx.portal.sessionCookie(agentEmail, "agent-password");
      const fixtures = ctx.portal.fixtures(token);
      const client = await fixtures.client({ first_name: "Ana", last_name: "Pereira" });
      const { booking } = await fixtures.paidSession(client.id, { mentorId, topic: `Salary talks ${tag}` });

      await mentorPage.reload();
      const row = mentorPage.getByTestId(`session-${booking.id}`);
      await expect.poll(() => row.innerText(), settle).toContain(`Salary talks ${tag}`);
      const text = await row.innerText();
      expect(text).toContain("Ana P.");
      expect(text).not.toContain("Pereira");
      expect(text).toContain("Maya Agent");
      await expect(row.getByRole("link", { name: agentEmail }).getAttribute("href")).resolves.toBe(`mailto:${agentEmail}`);
      const join = await row.getByTestId("join-link").getAttribute("href");
      expect(join).toMatch(/^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/);
      // The agent's own list and the API agree on the room.
      const me = await fixtures.api.call(endpoints.tokencheck);
      const listed = await fixtures.api.call(endpoints.bookings, { params: { agentId: me.agent.id } });
      expect(listed.find((b) => b.id === booking.id)?.join_url).toBe(join);
      // At 375 px the agenda fits the screen.
      const overflow = await mentorPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The mentor's e-mail: the session with its invite and where to meet.
      const [mail] = await ctx.portal.mailTo(mentorEmail, /^New session: Ana P\./);
      expect(mail?.parsed.text).toContain(`Join: ${join}`);
      expect(mail?.parsed.text).not.toContain("Pereira");

      // The mentor keeps their own week: a range that cannot be read is said beside its day, then saved.
      await mentorPage.goto(ctx.portal.base + "/mentoring/hours");
      await mentorPage.getByLabel("Tuesday").fill("nine to five");
      await mentorPage.getByRole("button", { name: "Save your week" }).click();
      await expect
        .poll(() => mentorPage.locator("#field-hours_2-error").innerText(), settle)
        .toBe("Write hours as 09:00-12:00, with commas between ranges");
      await expect(mentorPage.getByLabel("Tuesday").inputValue()).resolves.toBe("nine to five");
      await mentorPage.getByLabel("Tuesday").fill("09:00-17:00");
      await mentorPage.getByRole("button", { name: "Save your week" }).click();
      await expectToast(mentorPage, javaScriptEnabled, "Your week was saved.");
      await expect(mentorPage.getByLabel("Tuesday").inputValue()).resolves.toBe("09:00-17:00");

      expect(unexpected(office.problems)).toEqual([]);
      expect(unexpected(side.problems)).toEqual([]);
      await office.context.close();
      await side.context.close();
    });
  });
});
