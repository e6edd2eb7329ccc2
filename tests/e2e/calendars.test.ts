/**
 * A mentor's own calendars in Chromium (issue 69), JavaScript on and off at 1280 px and on at 375 px: a CalDAV
 * account (Radicale) refused beside the app password, then connected; Google connected through its sign-in (the
 * stand-in consents and sends the browser back); a changed password shows the connection broken on /mentoring and
 * on /mentoring/calendars, and the new one mends it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../backend/accounts/passwords.js";
import { expectToast, journeys, mainJourneyRuns, newContext, settle, signInAs } from "../support/browser.js";
import { startCalendarStandIns } from "../support/calendar-stand-ins.js";
import { startRadicale } from "../support/radicale.js";

const radicale = await startRadicale();
const standIns = await startCalendarStandIns();
afterAll(async () => {
  await Promise.all([radicale.stop(), standIns.close()]);
});
const google = standIns.settings.google;

const runs = mainJourneyRuns;

journeys(
  "a mentor's own calendars in Chromium",
  {
    timeout: 120_000,
    env: {
      // Production (as the tests' server runs) offers calendars only with a key of its own.
      CALENDAR_KEY: "c".repeat(64),
      CALDAV_ALLOW_PRIVATE: "on",
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_CALENDAR_API_URL: google.apiUrl,
    },
  },
  (ctx) => {
    describe.each(runs)("$name, $width px", ({ javaScriptEnabled, width }) => {
      const index = runs.findIndex((r) => r.javaScriptEnabled === javaScriptEnabled && r.width === width);
      // A mentor of the demo catalogue for each run (ids 6 to 8), so that the runs do not share one.
      const mentorId = 6 + index;
      const user = `cal-mentor-${index}`;

      it("connects CalDAV (a wrong password refused beside it) and Google; a changed password is shown and mended", async () => {
        radicale.setPassword(user, "first-app-password");
        await radicale.makeCalendar(user, "first-app-password", "work");
        const email = `calendar-mentor-${index}@example.com`;
        ctx.portal.db
          .prepare("update mentors set email = ?, password_hash = ? where id = ?")
          .run(email, await hashPassword("a mentor's long passphrase"), mentorId);
        const login = await fetch(`${ctx.portal.base}/backend/account/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: "a mentor's long passphrase" }),
        });
        const { data } = (await login.json()) as { data: { kind: string; token: string; person: unknown } };
        const cookie = await ctx.portal.sessionHolding({ account: { kind: data.kind, token: data.token, person: data.person } });
        const { context } = await newContext(ctx.browser, javaScriptEnabled, { width });
        await signInAs(context, ctx.portal.base, cookie);
        const page = await context.newPage();

        await page.goto(`${ctx.portal.base}/mentoring/calendars`);
        await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Your calendars");
        await page.getByLabel("Server address").fill(radicale.url);
        await page.getByLabel("User name").fill(user);
        await page.getByLabel("App password").fill("not-it");
        await page.getByRole("button", { name: "Connect", exact: true }).click();
        await expect
          .poll(() => page.locator("#field-password-error").innerText(), settle)
          .toBe("The server refused this user name and password");
        await expect(page.getByLabel("Server address").inputValue()).resolves.toBe(radicale.url);
        await expect(page.getByLabel("User name").inputValue()).resolves.toBe(user);
        // The password never comes back from the server: without scripts the page is drawn anew, without it.
        if (!javaScriptEnabled) await expect(page.getByLabel("App password").inputValue()).resolves.toBe("");

        await page.getByLabel("App password").fill("first-app-password");
        await page.getByRole("button", { name: "Connect", exact: true }).click();
        await expectToast(page, javaScriptEnabled, /Calendar connected/);
        await expect.poll(() => page.locator("main").innerText(), settle).toContain(`CalDAV: ${user}`);
        await expect(page.getByRole("checkbox", { name: /work/ }).isChecked()).resolves.toBe(true);

        // Google: its sign-in page consents at once and sends the browser back here.
        await page.getByRole("button", { name: "Sign in with Google" }).click();
        await expect.poll(() => page.locator("main").innerText(), settle).toContain("Google: mentor@gmail.test");
        expect(page.url()).toBe(`${ctx.portal.base}/mentoring/calendars`);

        // The app password changed at the server: saving the choice reads the calendars again, and it is refused.
        radicale.setPassword(user, "second-app-password");
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expectToast(page, javaScriptEnabled, /choice of calendars is saved/);
        await page.goto(`${ctx.portal.base}/mentoring`);
        await expect.poll(() => page.getByTestId("calendar-broken").innerText(), settle).toContain(user);
        await page.getByRole("link", { name: "connect it again" }).click();
        await expect.poll(() => page.locator("h1").innerText(), settle).toBe("Your calendars");
        await expect(page.getByTestId("calendar-broken").innerText()).resolves.toContain("refused the user name or app password");
        await page.getByLabel("New app password").fill("second-app-password");
        await page.getByRole("button", { name: "Connect again" }).click();
        await expectToast(page, javaScriptEnabled, "Calendar connected again.");
        await expect(page.getByTestId("calendar-broken").count()).resolves.toBe(0);
        await context.close();
      });
    });
  },
);
