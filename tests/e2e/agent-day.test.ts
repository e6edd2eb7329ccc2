/**
 * Issue 11, points 1 to 6, in Chromium with JavaScript on and off: one time zone (the agent's), the mentor's next
 * free sessions, holds that never silently vanish, cancelling with the refund said first, deleting a client that
 * has a history, and orders that say what they hold.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fieldLimits } from "../../lib/client-fields.js";
import { clientInput } from "../../lib/contract.js";
import { expectToast, journeys, jsModes, newContext, pickClient, settle, signInAs, unexpected } from "../support/browser.js";

journeys("the agent's day in Chromium", (ctx) => {
  /** The API as the agent (for the setting up a test does not look at). */
  async function backend(token: string, path: string, body?: unknown) {
    const res = await fetch(`${ctx.portal.base}/backend/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { status: boolean; data: any; message?: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  /** A new agent, signed in, with one client; its API token and the client's id. */
  async function agentWithClient(email: string, first = "Nia", last = "Okoro") {
    const agent = await ctx.portal.createAgent(email);
    const cookie = await ctx.portal.sessionCookie(agent.email, agent.password);
    const client = await backend(cookie.token, "agent/addclient", {
      first_name: first,
      last_name: last,
      email: `client-${email}`,
      destination_country: "DE",
      current_country: "NG",
    });
    return { ...agent, cookie, token: cookie.token, clientId: client.id as number };
  }

  const amira = () => (ctx.portal.db.prepare("select id from mentors where name = 'Amira Haddad'").get() as { id: number }).id;

  /** Amira's free slots over the seven days from `from` (YYYY-MM-DD), in UTC. */
  async function freeSlots(token: string, from?: string): Promise<string[]> {
    const week = await backend(token, "api/Mentorbooking", { mentor_id: amira(), time_zone: "UTC", week_start: from });
    return week.slots.map((s: { start: string }) => s.start);
  }
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  async function holdAndPay(a: { token: string; clientId: number }, start: string) {
    const held = await backend(a.token, "api/Mentorbooking/book", {
      mentor_id: amira(),
      client_id: a.clientId,
      start,
      topic: "Offer",
    });
    const checkout = await backend(a.token, "stripe/create-checkout-session", {});
    await backend(a.token, `stripe/demo/complete/${checkout.session_id}`, {});
    return { bookingId: held.id as number, orderId: checkout.order_id as number };
  }

  async function open(
    javaScriptEnabled: boolean,
    cookie: { name: string; value: string },
    options: { width?: number; timezoneId?: string } = {},
  ) {
    const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, options);
    await signInAs(context, ctx.portal.base, cookie);
    return { context, problems, page: await context.newPage() };
  }
  const zoneNote = (page: Page) => page.getByTestId("zones").first().innerText();
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("1. shows every time in the agent's own zone, named, with a picker; a link's ?tz= is never 'your zone'", async () => {
      const agent = await ctx.portal.createAgent(`zone-${tag}@example.com`);
      const { context, problems } = await newContext(ctx.browser, javaScriptEnabled, { timezoneId: "Asia/Tokyo" });
      const page = await context.newPage();
      await page.goto(ctx.portal.base + "/authentication/");
      await page.getByLabel("Email").fill(agent.email);
      await page.getByLabel("Password").fill(agent.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(/\/dashboard\/$/);

      // With JavaScript the browser's zone became the agent's at this first sign-in; without, nothing is guessed.
      const own = javaScriptEnabled ? "Asia/Tokyo" : "UTC";
      const elsewhere = await ctx.portal.sessionCookie(agent.email, agent.password);
      for (const path of ["/bookings", "/mentors/" + amira()]) {
        await page.goto(ctx.portal.base + path);
        await expect.poll(() => zoneNote(page), settle).toContain(`Times in your zone, ${own}.`);
      }
      // No client-side swap: the page stays where it was opened, and its server HTML already had the agent's zone.
      expect(page.url()).toBe(`${ctx.portal.base}/mentors/${amira()}`);

      // A shared link asking for another zone says so, and offers the agent's own.
      await page.goto(`${ctx.portal.base}/mentors/${amira()}?tz=Asia/Kolkata`);
      await expect.poll(() => zoneNote(page), settle).toContain("Times in Asia/Kolkata, as the link you opened asked.");
      expect(await zoneNote(page)).not.toContain("your zone, Asia/Kolkata");
      await page.getByRole("link", { name: "show times in your zone" }).click();
      await page.waitForURL((u) => !u.search.includes("tz="));
      await expect.poll(() => zoneNote(page), settle).toContain(`Times in your zone, ${own}.`);

      // The picker changes the agent's zone and comes back to the same page.
      await page.getByText("Change your time zone").click();
      // The whole page first: a zone chosen while the list is still arriving is undone when the parser reaches the
      // option marked selected (the agent's own, UTC, after America/New_York), and the form then saves UTC (CI, once).
      await page.waitForURL(/\/account\/zone\?/, { waitUntil: "load" });
      await page.getByLabel("Your time zone").fill("America/New_York");
      await page.getByRole("button", { name: "Save zone" }).click();
      await expectToast(page, javaScriptEnabled, "Times are now shown in America/New_York.");
      expect(new URL(page.url()).pathname).toBe(`/mentors/${amira()}`);
      await expect.poll(() => zoneNote(page), settle).toContain("Times in your zone, America/New_York.");
      // ... and everywhere else, the account page included.
      await page.goto(ctx.portal.base + "/account");
      await expect.poll(() => page.getByLabel("Your time zone").inputValue(), settle).toBe("America/New_York");
      await page.goto(ctx.portal.base + "/bookings");
      await expect.poll(() => zoneNote(page), settle).toContain("Times in your zone, America/New_York.");
      // A second browser signed in before the change follows it from its next page on.
      const other = await open(javaScriptEnabled, elsewhere);
      await other.page.goto(ctx.portal.base + "/dashboard");
      await other.page.goto(ctx.portal.base + "/bookings");
      await expect.poll(() => zoneNote(other.page), settle).toContain("Times in your zone, America/New_York.");
      await other.context.close();
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("2. opens the mentor on the next free sessions, never a past week; a taken slot keeps the form and offers others", async () => {
      const a = await agentWithClient(`next-free-${tag}@example.com`, "Nia", `Next ${tag}`);
      const rival = await agentWithClient(`rival-${tag}@example.com`);
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie, { width: 375 });
      await page.goto(ctx.portal.base + "/mentors");
      const card = page.locator(".mentor-card").filter({ hasText: "Amira Haddad" });
      const listed = await card.getByTestId("next-free").innerText();
      await card.getByRole("link", { name: "Amira Haddad", exact: true }).click();
      await page.waitForURL(/\/mentors\/\d+$/);
      await expect.poll(() => page.locator("#week").innerText(), settle).toBe("Free sessions in the next 7 days");
      expect(await page.getByRole("link", { name: /Previous 7 days/ }).count()).toBe(0);
      // The list's next free session is the page's first slot.
      const firstStart = (await page.locator("a.slot").first().getAttribute("data-start"))!;
      expect(listed).toContain(await page.locator(".week__day h3").first().innerText());
      expect(listed).toContain((await page.locator("a.slot").first().innerText()).slice(0, 5));
      expect(Date.parse(firstStart)).toBeGreaterThan(Date.now());
      await page.getByRole("link", { name: "Next 7 days →" }).click();
      await page.waitForURL(/week=/);
      await page.getByRole("link", { name: "← Previous 7 days" }).click();
      await page.waitForURL(/week=/);
      await expect.poll(() => page.locator("#week").innerText(), settle).toBe("Free sessions in the next 7 days");
      expect(await noSideways(page)).toBe(true);

      // The agent opens a slot; a rival takes it meanwhile.
      const start = (await page.locator("a.slot").first().getAttribute("data-start"))!;
      await page.locator("a.slot").first().click();
      await page.waitForURL(/\/book\?/);
      await pickClient(page, `Nia Next ${tag}`);
      await page.getByLabel("Topic").fill("Salary talk in Berlin");
      await backend(rival.token, "api/Mentorbooking/book", {
        mentor_id: amira(),
        client_id: rival.clientId,
        start,
        topic: "Rival",
      });
      await page.getByRole("button", { name: "Hold this session" }).click();
      await expect
        .poll(() => page.locator(".form-error").innerText(), settle)
        .toBe("That slot has just been booked by someone else. Please choose another time.");
      expect(new URL(page.url()).pathname).toMatch(/\/book$/);
      await expect(page.getByLabel("Topic").inputValue()).resolves.toBe("Salary talk in Berlin");
      await expect(page.getByLabel("For client").inputValue()).resolves.toBe(String(a.clientId));
      const choices = page.getByTestId("alternatives").getByRole("radio");
      expect(await choices.count()).toBeGreaterThan(0);
      const chosen = (await choices.last().getAttribute("value"))!;
      expect(chosen).not.toBe(start);
      await choices.last().check();
      await page.getByRole("button", { name: "Hold this session" }).click();
      await page.waitForURL(/\/cart\/$/);
      const cart = await backend(a.token, `api/cart/list/${await agentId(a.email)}`);
      expect(cart).toMatchObject([{ session: { start_at: chosen, topic: "Salary talk in Berlin", status: "held" } }]);
      // The refused hold answered 409 (Chromium logs it as a failed resource); nothing else went wrong.
      expect(unexpected(problems).filter((p) => !p.includes("status of 409"))).toEqual([]);
      await context.close();
    });

    it("5. shows a hold's time left, and a lapsed hold stays in the cart marked 'released, book again'", async () => {
      const a = await agentWithClient(`hold-${tag}@example.com`);
      const [slot] = await freeSlots(a.token, inDays(20));
      const held = await backend(a.token, "api/Mentorbooking/book", {
        mentor_id: amira(),
        client_id: a.clientId,
        start: slot,
        topic: "Visa questions",
      });
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie, { width: 375 });
      await page.goto(ctx.portal.base + "/cart");
      await expect
        .poll(() => page.getByTestId("hold-note").innerText(), settle)
        .toMatch(/^Held for you until \d\d:\d\d \((30|29) minutes left\): pay before then to keep it\.$/);
      expect(await noSideways(page)).toBe(true);

      // The hold runs out: a second from now with JavaScript, whose page asks again by itself once the hold has
      // lapsed; already past without, where the agent reloads.
      ctx.portal.db
        .prepare("update mentor_bookings set held_until = ? where id = ?")
        .run(new Date(Date.now() + (javaScriptEnabled ? 1000 : -1000)).toISOString(), held.id);
      await page.reload();
      await expect
        .poll(() => page.getByTestId("hold-note").innerText(), { timeout: 10_000, interval: 100 })
        .toContain("Released, book again:");
      expect(await page.locator("table").innerText()).toContain("Visa questions");
      expect(await page.getByRole("button", { name: "Checkout" }).count()).toBe(0);
      await expect(page.locator(".cart-footer .notice").innerText()).resolves.toContain("A mentor session's hold has lapsed");
      await page.getByRole("button", { name: /^Remove/ }).click();
      await expect.poll(() => page.locator(".empty-state").count(), settle).toBe(1);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("4. asks before cancelling a paid session, says the refund, and the order shows the cancellation and refund lines", async () => {
      const a = await agentWithClient(`cancel-${tag}@example.com`);
      const [early] = await freeSlots(a.token, inDays(30));
      const paid = await holdAndPay(a, early!);
      // A second one, inside the 24-hour cut-off: Terms §4 lets it go, without a refund.
      const soon = new Date(Date.now() + (javaScriptEnabled ? 3 : 4) * 3600_000);
      soon.setUTCMinutes(0, 0, 0);
      const now = new Date().toISOString();
      const late = ctx.portal.db
        .prepare(
          "insert into mentor_bookings (agent_id, client_id, mentor_id, start_at, end_at, topic, status, held_until, price_minor, currency, order_id, refund_status, created_at, updated_at) values (?, ?, ?, ?, ?, 'Soon', 'confirmed', null, 9500, 'USD', null, null, ?, ?)",
        )
        .run(
          await agentId(a.email),
          a.clientId,
          amira(),
          soon.toISOString(),
          new Date(soon.getTime() + 3600_000).toISOString(),
          now,
          now,
        );

      const { context, problems, page } = await open(javaScriptEnabled, a.cookie);
      await page.goto(ctx.portal.base + "/bookings");
      await page
        .getByTestId(`booking-${paid.bookingId}`)
        .getByRole("link", { name: /^Cancel…/ })
        .click();
      await page.waitForURL(/\/bookings\/\d+\/cancel$/);
      await expect
        .poll(() => page.getByTestId("refund-sentence").innerText(), settle)
        .toBe("$95.00 is refunded (a demo payment: no money moves).");
      // "Keep it" changes nothing.
      await page.getByRole("link", { name: "Keep it" }).click();
      await page.waitForURL(/\/bookings$/);
      await expect
        .poll(() => page.getByTestId(`booking-${paid.bookingId}`).getByTestId("booking-status").innerText(), settle)
        .toBe("Confirmed");
      await page
        .getByTestId(`booking-${paid.bookingId}`)
        .getByRole("link", { name: /^Cancel…/ })
        .click();
      await page.getByRole("button", { name: "Cancel the session" }).click();
      await page.waitForURL(/\/bookings$/);
      await expectToast(page, javaScriptEnabled, "The session was cancelled.");
      await expect
        .poll(() => page.getByTestId(`booking-${paid.bookingId}`).getByTestId("booking-status").innerText(), settle)
        .toMatch(/^Cancelled · refund(ed| due)$/);

      // Late: offered, said, and done without a refund.
      await page
        .getByTestId(`booking-${late.lastInsertRowid}`)
        .getByRole("link", { name: /^Cancel…/ })
        .click();
      await expect
        .poll(() => page.getByTestId("refund-sentence").innerText(), settle)
        .toBe("It starts in less than 24 hours: under Terms §4 it is cancelled without a refund ($95.00 is not returned).");
      await page.getByRole("button", { name: "Cancel the session" }).click();
      await page.waitForURL(/\/bookings$/);
      await expect
        .poll(() => page.getByTestId(`booking-${late.lastInsertRowid}`).getByTestId("booking-status").innerText(), settle)
        .toBe("Cancelled");

      // The order says both: the cancellation, and the refund, as lines.
      await page.goto(`${ctx.portal.base}/orders/${paid.orderId}`);
      await expect
        .poll(() => page.getByTestId("cancellation-line").innerText(), settle)
        .toMatch(/^Cancelled: the session was cancelled on /);
      await expect(page.getByTestId("refund-note").innerText()).resolves.toMatch(
        /^(Refund due|Refunded): The mentor session was cancelled\./,
      );
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("3. deleting a client says what happens to orders, sessions and cart; refusal and archive stay on their pages", async () => {
      const a = await agentWithClient(`delete-${tag}@example.com`, "Del", `Client ${tag}`);
      const [slot] = await freeSlots(a.token, inDays(40));
      const paid = await holdAndPay(a, slot!);
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie, { width: 375 });

      // Paid session to come: refused up front, with the session to cancel first linked.
      await page.goto(`${ctx.portal.base}/clients/${a.clientId}/delete`);
      await expect
        .poll(() => page.getByTestId("delete-blocked").innerText(), settle)
        .toContain("This client cannot be deleted yet: 1 paid session still to come.");
      expect(await page.getByRole("button", { name: /Yes, / }).count()).toBe(0);
      // Still signed in (the header keeps its sign-out form), not an error page.
      expect(await page.locator('header form[action="/logout"]').count()).toBe(1);

      // Cancelled (refund due or made): now it can go, archived, and the booking stays on /bookings.
      await page.getByTestId("delete-blocked").getByRole("link").click();
      await page.getByRole("button", { name: "Cancel the session" }).click();
      await page.waitForURL(/\/bookings$/);
      await page.goto(`${ctx.portal.base}/clients/${a.clientId}/delete`);
      await expect
        .poll(() => page.getByTestId("consequences").innerText(), settle)
        .toContain("Archived, not deleted: 1 order and 1 mentor session stay in your records");
      expect(await noSideways(page)).toBe(true);
      await page.getByRole("button", { name: "Yes, archive this client" }).click();
      await page.waitForURL(/\/clients$/);
      await expectToast(page, javaScriptEnabled, "The client was archived");
      await page.goto(ctx.portal.base + "/bookings");
      await expect
        .poll(() => page.getByTestId(`booking-${paid.bookingId}`).getByTestId("booking-status").innerText(), settle)
        .toMatch(/^Cancelled · refund(ed| due)$/);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("6. lists orders with their clients, one line an item, cancelled checkouts too; warns before buying a plan twice", async () => {
      const a = await agentWithClient(`orders-${tag}@example.com`, "Ola", `Plans ${tag}`);
      const [plan] = await backend(a.token, "api/serviceplan", { client_id: a.clientId });
      await backend(a.token, "agent/addcart", { client_id: a.clientId, item_type: "service_plan", item_id: plan.id });
      const cancelled = await backend(a.token, "stripe/create-checkout-session", {});
      await backend(a.token, "stripe/cancel-checkout", {});
      const bought = await backend(a.token, "stripe/create-checkout-session", {});
      await backend(a.token, `stripe/demo/complete/${bought.session_id}`, {});

      const { context, problems, page } = await open(javaScriptEnabled, a.cookie, { width: 375 });
      await page.goto(ctx.portal.base + "/orders");
      await expect
        .poll(() => page.getByTestId(`order-${cancelled.order_id}`).innerText(), settle)
        .toContain("Checkout cancelled");
      const row = page.getByTestId(`order-${bought.order_id}`);
      expect(await row.locator('[data-label="Client"] li').allInnerTexts()).toEqual([`Ola Plans ${tag}`]);
      expect(await row.locator('[data-label="Items"] li').count()).toBe(1);
      expect(await noSideways(page)).toBe(true);

      // The same plan again, for the same client: warned on the plans page and in the cart.
      await page.goto(`${ctx.portal.base}/clients/${a.clientId}/plans`);
      await expect.poll(() => page.getByTestId("bought-before").first().innerText(), settle).toContain(`Already bought for Ola`);
      await page
        .getByRole("button", { name: /^Add to cart again/ })
        .first()
        .click();
      await expectToast(page, javaScriptEnabled, `Added to the cart for Ola Plans ${tag}.`);
      await page.goto(ctx.portal.base + "/cart");
      await expect
        .poll(() => page.getByTestId("bought-before").innerText(), settle)
        .toContain(`Already bought for Ola Plans ${tag} in order ${bought.order_id}`);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });

  /** Stand-alone controls smaller than 24 px (a link inside a sentence is exempt, as WCAG 2.5.8 allows). */
  const smallTargets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll("a, button, summary, select, input:not([type=hidden])")]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          if (!r.width || !r.height || e.id === "nav-toggle" || getComputedStyle(e).visibility === "hidden") return false;
          const parentText = (e.parentElement?.textContent ?? "").trim();
          const inSentence =
            getComputedStyle(e).display === "inline" && parentText.length > (e.textContent ?? "").trim().length + 2;
          return !inSentence && (r.height < 24 || r.width < 24);
        })
        .map(
          (e) =>
            `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}" ${Math.round(e.getBoundingClientRect().height)} px`,
        ),
    );

  describe.each(jsModes)("$name, the smaller things", ({ javaScriptEnabled }) => {
    const tag = javaScriptEnabled ? "on" : "off";

    it("7. at 375 px: no page scrolls sideways, the home page has side padding, stand-alone tap targets are 24 px", async () => {
      const a = await agentWithClient(`phone-${tag}@example.com`);
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie, { width: 375 });
      const found: string[] = [];
      for (const path of [
        "/",
        "/dashboard",
        "/clients",
        `/clients/${a.clientId}`,
        "/mentors",
        `/mentors/${amira()}`,
        "/orders",
        "/bookings",
        "/cart",
        "/account",
      ]) {
        await page.goto(ctx.portal.base + path);
        if (!(await noSideways(page))) found.push(`${path} scrolls sideways`);
        for (const t of await smallTargets(page)) found.push(`${path}: ${t}`);
      }
      await page.goto(ctx.portal.base + "/");
      const padding = await page
        .locator("main .section")
        .evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).paddingLeft)));
      expect(padding.length).toBeGreaterThan(0);
      expect(padding.every((p) => p >= 12)).toBe(true);
      expect(found).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("13. a second client with one email is asked about, with a link to the first; what was typed stays", async () => {
      const a = await agentWithClient(`twin-${tag}@example.com`, "Ada", `Twin ${tag}`);
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie);
      await page.goto(ctx.portal.base + "/clients/new");
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill(`Second ${tag}`);
      await page.getByLabel("Email").fill(`CLIENT-twin-${tag}@example.com`);
      await page.getByRole("button", { name: "Add client" }).click();
      const warning = page.getByTestId("duplicate-warning");
      await expect
        .poll(() => warning.innerText(), settle)
        .toContain(`You already have a client with this email: Ada Twin ${tag}.`);
      await expect(warning.getByRole("link", { name: `Ada Twin ${tag}` }).getAttribute("href")).resolves.toBe(
        `/clients/${a.clientId}`,
      );
      await expect(page.getByLabel("Last name").inputValue()).resolves.toBe(`Second ${tag}`);
      await page.getByRole("button", { name: "Add client anyway" }).click();
      await page.waitForURL(/\/clients\/\d+$/);
      expect(new URL(page.url()).pathname).not.toBe(`/clients/${a.clientId}`);
      await expect.poll(() => page.locator("h1").innerText(), settle).toBe(`Ada Second ${tag}`);
      expect(unexpected(problems).filter((p) => !p.includes("status of 409"))).toEqual([]);
      await context.close();
    });

    it("13. client pickers show email and destination (and, with JavaScript, filter as one types); inputs carry the schema's maxlength", async () => {
      const a = await agentWithClient(`picker-${tag}@example.com`, "Zoe", `Picker ${tag}`);
      for (let i = 0; i < 5; i++) {
        await backend(a.token, "agent/addclient", {
          first_name: "Other",
          last_name: `Client ${i}`,
          email: `other-${i}-${tag}@example.com`,
        });
      }
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie);
      await page.goto(ctx.portal.base + "/joblist/1");
      const labels = await page.getByLabel("For client").locator("option").allInnerTexts();
      // The name is set apart for right-to-left names (FSI … PDI), which the eye does not see.
      expect(labels).toContain(`\u2068Zoe Picker ${tag}\u2069 · client-picker-${tag}@example.com · to Germany`);
      if (javaScriptEnabled) {
        await page.getByLabel("Find a client").fill("germany");
        await expect.poll(() => page.getByLabel("For client").locator("option").count(), settle).toBe(2); // the prompt and Zoe
        await page.getByLabel("For client").selectOption(String(a.clientId));
        await page.getByRole("button", { name: "Add placement to cart" }).click();
        await expectToast(page, true, `Added to the cart for Zoe Picker ${tag}.`);
      } else {
        expect(await page.getByLabel("Find a client").count()).toBe(0);
      }
      await page.goto(ctx.portal.base + "/clients/new");
      for (const [label, limit] of [
        ["First name", fieldLimits.first_name],
        ["Last name", fieldLimits.last_name],
        ["Email", fieldLimits.email],
        ["Phone", fieldLimits.phone],
        ["Passport number", fieldLimits.passport_number],
        ["Notes", fieldLimits.notes],
      ] as const) {
        await expect(page.getByLabel(label).getAttribute("maxlength"), label).resolves.toBe(String(limit));
      }
      // The schema draws the line at the same place.
      const base = { first_name: "A", last_name: "B", email: "a@example.com" };
      expect(clientInput.safeParse({ ...base, first_name: "x".repeat(fieldLimits.first_name) }).success).toBe(true);
      expect(clientInput.safeParse({ ...base, first_name: "x".repeat(fieldLimits.first_name + 1) }).success).toBe(false);
      expect(clientInput.safeParse({ ...base, notes: "x".repeat(fieldLimits.notes + 1) }).success).toBe(false);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });

    it("13. in demo mode no page says card or Stripe; relocation plans and packages are named apart; the contact form empties once sent", async () => {
      const a = await agentWithClient(`words-${tag}@example.com`, "Rio", `Words ${tag}`);
      const [plan] = (await backend(a.token, "api/serviceplan", { client_id: a.clientId })).filter(
        (p: { service_name: string }) => p.service_name === "Relocation",
      );
      await backend(a.token, "agent/addcart", { client_id: a.clientId, item_type: "service_plan", item_id: plan.id });
      await backend(a.token, "agent/addcart", { client_id: a.clientId, item_type: "relocation", item_id: 1 });
      const { context, problems, page } = await open(javaScriptEnabled, a.cookie);
      await page.goto(ctx.portal.base + "/cart");
      const cartText = await page.locator("main").innerText();
      expect(cartText).toContain(`Relocation plan: ${plan.name}`);
      expect(cartText).toMatch(/Relocation package: /);
      const checkout = await backend(a.token, "stripe/create-checkout-session", {});
      for (const path of ["/", "/dashboard", "/cart", `/payment/demo/${checkout.session_id}`, `/orders/${checkout.order_id}`]) {
        await page.goto(ctx.portal.base + path);
        expect(await page.locator("main").innerText(), path).not.toMatch(/\bcards?\b|stripe/i);
      }
      await page.goto(`${ctx.portal.base}/clients/${a.clientId}/plans`);
      await expect.poll(() => page.locator("h2").allInnerTexts(), settle).toContain("Relocation plans");

      await page.goto(ctx.portal.base + "/contact");
      await page.getByLabel("Subject").fill("Invoices");
      await page.getByLabel("Message").fill("Can we have monthly invoices, please?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expectToast(page, javaScriptEnabled, "Thank you! We will answer within one working day.");
      await expect.poll(() => page.getByLabel("Subject").inputValue(), settle).toBe("");
      await expect(page.getByLabel("Message").inputValue()).resolves.toBe("");
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  });

  async function agentId(email: string) {
    return (ctx.portal.db.prepare("select id from agents where email = ?").get(email) as { id: number }).id;
  }
});
