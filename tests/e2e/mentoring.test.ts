/**
 * The mentor's side (issue 23) in Chromium, JavaScript on and off at 1280 px and on at 375 px: staff give a mentor an
 * address and invite them; the mentor sets a password through the link and lands on their agenda; an agent's paid
 * session with them appears there with its join link (the client by first name and initial), and the mentor has the
 * e-mail with the invite. The agent moves it in the browser: the mentor, the agent and the client get the moved
 * invite (same UID, SEQUENCE 1). Once it has taken place the mentor marks it held with a summary, which the agent
 * reads on the client's page, and the month's statement lists it.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { endpoints } from "../../lib/contract.js";
import { expectToast, mainJourneyRuns, journeys, newContext, settle, signInAs, unexpected } from "../support/browser.js";
import { calendarOf } from "../support/smtp.js";

/** The invite a message carries: its UID, SEQUENCE and start. */
function inviteOf(mail: Parameters<typeof calendarOf>[0] | undefined) {
  const ics = mail ? calendarOf(mail) : undefined;
  expect(ics, mail?.parsed.subject).toBeTruthy();
  const event = new ICAL.Component(ICAL.parse(ics!)).getFirstSubcomponent("vevent")!;
  return {
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
  };
}

const runs = mainJourneyRuns;

journeys("the mentor's agenda in Chromium", (ctx) => {
  describe.each(runs)("$name, $width px", ({ javaScriptEnabled, width }) => {
    // A mentor of the demo catalogue for each run (ids 2 to 5), so that the runs do not share one.
    const mentorId = 2 + runs.findIndex((r) => r.javaScriptEnabled === javaScriptEnabled && r.width === width);
    const tag = `${javaScriptEnabled ? "on" : "off"}-${width}`;
    const mentorEmail = `mentor-${tag}@example.com`;

    it("staff invite a mentor, who sees the paid session with where to meet; the agent moves it; the mentor marks it held", async () => {
      const office = await newContext(ctx.browser, javaScriptEnabled, { width });
      const staffPage = await office.context.newPage();
      await staffPage.goto(ctx.portal.base + "/authentication/");
      await staffPage.getByLabel("Email").fill(demoStaff.email);
      await staffPage.getByLabel("Password").fill(demoStaff.password);
      await staffPage.getByRole("button", { name: "Sign in", exact: true }).click();
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
      const { token, ...agentCookie } = await ctx.portal.sessionCookie(agentEmail, "agent-password");
      const fixtures = ctx.portal.fixtures(token);
      const clientEmail = `ana-${tag}@example.com`;
      const client = await fixtures.client({ first_name: "Ana", last_name: "Pereira", email: clientEmail });
      // Four days ahead or more: a session can be moved until 24 hours before it.
      const week_start = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
      const [first] = (
        await fixtures.api.call(endpoints.schedule, { body: { mentor_id: mentorId, time_zone: "UTC", week_start } })
      ).slots;
      const { booking } = await fixtures.paidSession(client.id, { mentorId, start: first!.start, topic: `Salary talks ${tag}` });

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

      // The mentor keeps their own week: a range that cannot be read is said beside its day, then saved. The day
      // changed is not the session's (whose weekday depends on today's date), so the new hours leave it in.
      const sessionDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "Europe/London" }).format(
        new Date(booking.start_at),
      );
      const day = sessionDay === "Tuesday" ? "Wednesday" : "Tuesday";
      const dayNumber: Record<string, number> = { Tuesday: 2, Wednesday: 3 };
      await mentorPage.goto(ctx.portal.base + "/mentoring/hours");
      await mentorPage.getByLabel(day).fill("nine to five");
      await mentorPage.getByRole("button", { name: "Save your week" }).click();
      await expect
        .poll(() => mentorPage.locator(`#field-hours_${dayNumber[day]}-error`).innerText(), settle)
        .toBe("Write hours as 09:00-12:00, with commas between ranges");
      await expect(mentorPage.getByLabel(day).inputValue()).resolves.toBe("nine to five");
      await mentorPage.getByLabel(day).fill("09:00-17:00");
      await mentorPage.getByRole("button", { name: "Save your week" }).click();
      await expectToast(mentorPage, javaScriptEnabled, "Your week was saved.");
      await expect(mentorPage.getByLabel(day).inputValue()).resolves.toBe("09:00-17:00");

      // The agent moves it, in the browser, to another free time of the mentor's.
      const agentSide = await newContext(ctx.browser, javaScriptEnabled, { width });
      await signInAs(agentSide.context, ctx.portal.base, agentCookie);
      const agentPage = await agentSide.context.newPage();
      await agentPage.goto(ctx.portal.base + "/bookings");
      await agentPage
        .getByTestId(`booking-${booking.id}`)
        .getByRole("link", { name: /^Move…/ })
        .click();
      await agentPage.waitForURL(new RegExp(`/bookings/${booking.id}/move$`));
      const slot = agentPage.locator("a.slot").first();
      const movedTo = (await slot.getAttribute("data-start"))!;
      await slot.click();
      await agentPage.getByRole("button", { name: "Move the session" }).click();
      await agentPage.waitForURL(/\/bookings$/);
      await expectToast(agentPage, javaScriptEnabled, /^The session moved to /);
      expect(await agentPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // Everyone invited gets the moved invite: the same UID, its SEQUENCE one higher, the new time.
      const uid = inviteOf(mail).uid;
      for (const [to, subject] of [
        [mentorEmail, /^Moved: session with Ana P\./],
        [agentEmail, /^Moved: mentor session with /],
        [clientEmail, /^Moved: mentor session with /],
      ] as const) {
        const [moved] = await ctx.portal.mailTo(to, subject);
        expect(inviteOf(moved), to).toEqual({ uid, sequence: 1, start: movedTo });
      }

      // Once it has taken place, the mentor marks it held, with a summary for the agent.
      ctx.portal.sessionTookPlace(booking.id);
      await mentorPage.goto(ctx.portal.base + "/mentoring");
      await mentorPage
        .getByTestId(`session-${booking.id}`)
        .getByRole("link", { name: /^Mark it/ })
        .click();
      await mentorPage.getByLabel("It was held").check();
      await mentorPage.getByLabel("Summary for the agent").fill(`Practised the salary talk ${tag}; next: the offer letter.`);
      await mentorPage.getByRole("button", { name: "Mark the session" }).click();
      await mentorPage.waitForURL(/\/mentoring$/);
      await expectToast(mentorPage, javaScriptEnabled, "Marked held: Ana P.'s agent can read your summary.");
      await agentPage.goto(`${ctx.portal.base}/clients/${client.id}`);
      await expect
        .poll(() => agentPage.locator("main").innerText(), settle)
        .toContain(`Practised the salary talk ${tag}; next: the offer letter.`);
      // The month's statement lists it.
      await mentorPage.goto(ctx.portal.base + "/mentoring/statement");
      await expect.poll(() => mentorPage.locator("main").innerText(), settle).toContain("Ana P.");

      expect(unexpected(office.problems)).toEqual([]);
      expect(unexpected(side.problems)).toEqual([]);
      expect(unexpected(agentSide.problems)).toEqual([]);
      await office.context.close();
      await side.context.close();
      await agentSide.context.close();
      // A whole day's journey across two or three browsers: more than the default 30 s when the machine is busy.
    }, 90_000);
  });
});
