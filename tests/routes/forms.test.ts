/**
 * The portal's forms below the browser: each action called with a real form post (CSRF token and honeypot as the
 * page renders them) and the built context. Bad input is answered with 400, the message beside its field and what
 * was typed kept; good input with the redirect the page promises. Lists page and search on the server.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hasControlCharacters } from "../../app/lib/paths.js";
import type { BodyOf } from "../../lib/contract/endpoint.js";
import { endpoints } from "../../lib/contract.js";
import { officeMentorBody } from "../support/fixtures.js";
import { hostileRedirects } from "../support/hostile-redirects.js";
import { refusalIn } from "../support/refusal.js";
import {
  agentToken,
  apiAs,
  database,
  fixturesAs,
  mentorCookie,
  formRequest,
  newAgent,
  request,
  respond,
  signedInCookie,
  staffCookie,
  staffToken,
} from "../support/route-context.js";
import { routeFiles } from "../support/route-files.js";

/** A Location that a browser reads as a path on this site, never another host. */
const onPortal = (location: string | null) =>
  !!location && new URL(location, "http://portal.test").origin === "http://portal.test" && !/^\/[\\/]/.test(location);

const files = routeFiles();
const route = async (name: string) =>
  (await import(files.get(name)!)) as {
    loader?: Parameters<typeof respond>[0];
    action: Parameters<typeof respond>[0];
  };

/** A 400 with a message beside each named field and what was typed kept. */
async function refused(res: Response, fields: string[], kept: Record<string, string> = {}) {
  expect(res.status).toBe(400);
  const failure = await refusalIn(res);
  for (const field of fields) expect(failure.fieldErrors[field]?.[0], `${field} in ${JSON.stringify(failure)}`).toBeTruthy();
  for (const [name, value] of Object.entries(kept)) expect(failure.values[name], name).toBe(value);
  return failure;
}

function redirected(res: Response, to: RegExp | string) {
  expect(res.status, `${res.status} ${res.headers.get("Location")}`).toBe(302);
  if (typeof to === "string") expect(res.headers.get("Location")).toBe(to);
  else expect(res.headers.get("Location")).toMatch(to);
}

let agent: { email: string; password: string };
let cookie: string;
let staff: string;
let make: Awaited<ReturnType<typeof fixturesAs>>;

beforeAll(async () => {
  agent = await newAgent("forms");
  cookie = await signedInCookie(agent.email, agent.password);
  staff = await staffCookie();
  make = await fixturesAs((await agentToken(agent.email, agent.password)).token);
});

describe("signing in and the password forms", () => {
  it("sign-in: a malformed e-mail and no password are said beside their fields, the e-mail kept", async () => {
    const { action } = await route("($lang).authentication");
    const res = await respond(action, await formRequest("/authentication", { email: "not-an-email", password: "" }));
    await refused(res, ["email", "password"], { email: "not-an-email" });
  });

  it("sign-in: a wrong password is one message for the form, the e-mail kept", async () => {
    const { action } = await route("($lang).authentication");
    const res = await respond(action, await formRequest("/authentication", { email: agent.email, password: "wrong-password-1" }));
    expect(res.status).toBe(400);
    const failure = await refusalIn(res);
    expect(failure.formError).toBe("Email or password is incorrect.");
    expect(failure.values.email).toBe(agent.email);
  });

  it("sign-in: success goes where the visitor was going, never off the portal", async () => {
    const { action } = await route("($lang).authentication");
    for (const [redirectTo, to] of [
      ["/clients?q=a", "/clients?q=a"],
      ["https://evil.example/x", "/dashboard/"],
      ["//evil.example", "/dashboard/"],
      ["/\\evil.example", "/dashboard/"],
      ["", "/dashboard/"],
    ] as const) {
      const res = await respond(
        action,
        await formRequest("/authentication", { email: agent.email, password: agent.password, redirectTo }),
      );
      redirected(res, to);
      expect(res.headers.get("Set-Cookie")).toMatch(/__session=/);
    }
  });

  it("sign-in from a hostile link: whatever the return address, the agent lands on the portal", async () => {
    const { action } = await route("($lang).authentication");
    for (const value of hostileRedirects.filter((v) => !hasControlCharacters(v))) {
      const res = await respond(
        action,
        await formRequest("/authentication", { email: agent.email, password: agent.password, redirectTo: value }),
      );
      expect(res.status, JSON.stringify(value)).toBe(302);
      expect(onPortal(res.headers.get("Location")), JSON.stringify([value, res.headers.get("Location")])).toBe(true);
    }
  });

  it("sign-in: a return address with a line break is refused with 400", async () => {
    const { loader } = await route("($lang).authentication");
    const res = await respond(
      loader!,
      request(`/authentication?redirectTo=${encodeURIComponent("/clients\r\nSet-Cookie: x=1")}`),
    );
    expect(res.status).toBe(400);
  });

  it("a signed-in agent opening the sign-in page goes where the link says, on the portal only", async () => {
    const { loader } = await route("($lang).authentication");
    redirected(await respond(loader!, request("/authentication?redirectTo=%2Forders", { cookie })), "/orders");
    for (const value of hostileRedirects) {
      const res = await respond(loader!, request(`/authentication?${new URLSearchParams({ redirectTo: value })}`, { cookie }));
      // A control character is refused outright; anything else leads somewhere on the portal.
      if (hasControlCharacters(value)) expect(res.status, JSON.stringify(value)).toBe(400);
      else expect(onPortal(res.headers.get("Location")), JSON.stringify([value, res.headers.get("Location")])).toBe(true);
    }
    redirected(await respond(loader!, request("/authentication", { cookie: staff })), "/office");
  });

  it("sign-in: a mentor signs in on the same page and lands on their agenda (or their account), nowhere else", async () => {
    const { action, loader } = await route("($lang).authentication");
    const mentor = { email: "mentor@example.com", password: "mentor-password" };
    for (const [redirectTo, to] of [
      ["", "/mentoring"],
      ["/account", "/account"],
      ["/clients", "/mentoring"],
      ["/office", "/mentoring"],
      ["https://evil.example/x", "/mentoring"],
    ] as const) {
      const res = await respond(action, await formRequest("/authentication", { ...mentor, redirectTo }));
      redirected(res, to);
      expect(res.headers.get("Set-Cookie")).toMatch(/__session=/);
    }
    const wrong = await respond(action, await formRequest("/authentication", { ...mentor, password: "not-the-password" }));
    expect(wrong.status).toBe(400);
    expect((await refusalIn(wrong)).formError).toBe("Email or password is incorrect.");
    const signedIn = await respond(action, await formRequest("/authentication", mentor));
    const session = signedIn.headers
      .get("Set-Cookie")!
      .split(/,(?=\s*__session=)/)
      .pop()!
      .split(";")[0]!;
    redirected(await respond(loader!, request("/authentication", { cookie: session })), "/mentoring");
  });

  it("set password: a mentor's invitation signs them in to their agenda", async () => {
    const { action } = await route("($lang).set-password");
    const office = await apiAs(await staffToken());
    const three = await office.call(endpoints.officeMentor, { params: { id: 3 } });
    await office.call(endpoints.editMentor, {
      params: { id: 3 },
      body: officeMentorBody(three, { email: "invited.mentor@example.com" }),
    });
    const link = await office.call(endpoints.mentorPasswordLink, { params: { id: 3 } });
    const token = new URL(link.password_link).searchParams.get("token")!;
    const res = await respond(action, await formRequest("/set-password", { token, password: "a mentor's new passphrase" }));
    redirected(res, "/mentoring");

    // The office's invitation page: a mentor without an address is told so; one with an address gets a new link.
    const invite = await route("office.mentors.$id_.invite");
    const none = await respond(invite.action, await formRequest("/office/mentors/4/invite", {}, staff), { id: "4" });
    expect(none.status).toBe(400);
    expect((await refusalIn(none)).formError).toBe("Give the mentor an e-mail address first, then invite them.");
    const sent = await respond(invite.action, await formRequest("/office/mentors/3/invite", {}, staff), { id: "3" });
    expect(sent.status).toBe(200);
    expect(JSON.stringify(await sent.json())).toMatch(/set-password\?token=/);
  });

  it("the mentor's week and profile: what cannot be read is said beside its field, what was typed kept; saved, back with a toast", async () => {
    const mentor = await mentorCookie();
    const week = await route("mentoring.hours");
    const bad = await respond(
      week.action,
      await formRequest(
        "/mentoring/hours",
        { hours_1: "09:00-12:00, 11:00-13:00", hours_2: "nine to five", time_off: "soon" },
        mentor,
      ),
    );
    const failure = await refused(bad, ["hours_1", "hours_2", "time_off"], { hours_2: "nine to five", time_off: "soon" });
    expect(failure.fieldErrors.hours_1).toEqual(["These ranges overlap"]);
    // Amira's week as seeded (her booked sessions stay inside it), with one more hour on Mondays.
    const week13 = { hours_1: "09:00-13:00", hours_3: "14:00-18:00", hours_5: "09:00-13:00" };
    const good = await respond(week.action, await formRequest("/mentoring/hours", { ...week13, time_off: "2031-01-02" }, mentor));
    redirected(good, "/mentoring/hours");
    const shown = (await (await respond(week.loader!, request("/mentoring/hours", { cookie: mentor }))).json()) as {
      profile: { availability: unknown[]; time_off: unknown[] };
    };
    expect(shown.profile.availability).toEqual([
      { weekday: 1, start_minute: 540, end_minute: 780 },
      { weekday: 3, start_minute: 840, end_minute: 1080 },
      { weekday: 5, start_minute: 540, end_minute: 780 },
    ]);
    expect(shown.profile.time_off).toEqual([{ starts_on: "2031-01-02", ends_on: "2031-01-02" }]);

    const profile = await route("mentoring.profile");
    const fields = {
      bio: "",
      expertise: "Interviews",
      languages: "",
      time_zone: "Mars/Olympus",
      meeting_url: "meet.example.com",
      language: "tlh",
    };
    await refused(
      await respond(profile.action, await formRequest("/mentoring/profile", fields, mentor)),
      ["bio", "languages", "time_zone", "meeting_url", "language"],
      { expertise: "Interviews", meeting_url: "meet.example.com", language: "tlh" },
    );
    const saved = await respond(
      profile.action,
      await formRequest(
        "/mentoring/profile",
        {
          ...fields,
          bio: "I help people through their first year abroad.",
          languages: "English, Arabic",
          time_zone: "Europe/Berlin",
          meeting_url: "",
          language: "fr",
        },
        mentor,
      ),
    );
    redirected(saved, "/mentoring/profile");
    // The language the portal writes to the mentor in is kept, and the form shows it next time.
    const reread = (await (await respond(profile.loader!, request("/mentoring/profile", { cookie: mentor }))).json()) as {
      profile: { language: string };
    };
    expect(reread.profile.language).toBe("fr");
  });

  it("marking a session: no choice, or held without a summary, is said beside its field; too early is the form's answer", async () => {
    const mentor = await mentorCookie();
    const client = await make.client();
    const { booking } = await make.paidSession(client.id, { mentorId: 1, topic: "To be marked" });
    const page = await route("mentoring.sessions.$id");
    const at = `/mentoring/sessions/${booking.id}`;
    const params = { id: String(booking.id) };
    await refused(await respond(page.action, await formRequest(at, { summary: "Went well" }, mentor), params), ["outcome"], {
      summary: "Went well",
    });
    await refused(
      await respond(page.action, await formRequest(at, { outcome: "held", summary: "" }, mentor), params),
      ["summary"],
      {
        outcome: "held",
      },
    );
    const early = await respond(page.action, await formRequest(at, { outcome: "held", summary: "Went well" }, mentor), params);
    expect(early.status).toBe(409);
    expect((await refusalIn(early)).formError).toBe("A session can be marked once it has started.");
    // Another mentor's session, or none: not found.
    const none = await respond(page.loader!, request("/mentoring/sessions/999999", { cookie: mentor }), { id: "999999" });
    expect(none.status).toBe(404);
  });

  it("the account's calendar feed: made, shown, replaced (the old address then ends), for an agent and a mentor; none for staff", async () => {
    const page = await route("account");
    for (const who of [cookie, await mentorCookie()]) {
      redirected(await respond(page.action, await formRequest("/account", { intent: "feed", had: "no" }, who)), "/account#feed");
      const first = (
        (await (await respond(page.loader!, request("/account", { cookie: who }))).json()) as { feed: { url: string } }
      ).feed.url;
      expect(first).toMatch(/\/feeds\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
      redirected(await respond(page.action, await formRequest("/account", { intent: "feed", had: "yes" }, who)), "/account#feed");
      const second = (
        (await (await respond(page.loader!, request("/account", { cookie: who }))).json()) as { feed: { url: string } }
      ).feed.url;
      expect(second).not.toBe(first);
      const feed = await route("feeds.$token.calendar[.]ics");
      const token = (url: string) => url.split("/feeds/")[1]!.split("/")[0]!;
      expect((await respond(feed.loader!, request(new URL(first).pathname), { token: token(first) })).status).toBe(404);
      const served = await respond(feed.loader!, request(new URL(second).pathname), { token: token(second) });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(await served.text()).toMatch(/^BEGIN:VCALENDAR/);
    }
    const office = (await (await respond(page.loader!, request("/account", { cookie: staff }))).json()) as { feed: unknown };
    expect(office.feed).toBeNull();
  });

  it("the mentor's day off over a booked session: listed with a choice, what was typed kept; chosen, saved", async () => {
    const mentor = await mentorCookie();
    const client = await make.client();
    const week_start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const [slot] = (await make.api.call(endpoints.schedule, { body: { mentor_id: 1, time_zone: "UTC", week_start } })).slots;
    const { booking } = await make.paidSession(client.id, { mentorId: 1, start: slot!.start, topic: "Day off" });
    const day = new Date(slot!.start).toLocaleDateString("en-CA", { timeZone: "Europe/Berlin" });
    const page = await route("mentoring.hours");
    const seeded = { hours_1: "09:00-12:00", hours_3: "14:00-18:00", hours_5: "09:00-13:00" };
    const asked = await respond(page.action, await formRequest("/mentoring/hours", { ...seeded, time_off: day }, mentor));
    expect(asked.status).toBe(409);
    const failure = await refusalIn(asked);
    expect(failure.formError).toMatch(/^1 booked session falls outside the new hours or on the new days off\./);
    expect(failure.fieldErrors[`affected.${booking.id}`]?.[0]).toMatch(/\(Europe\/Berlin\): Fixture C\., Day off \(booked by /);
    expect(failure.values).toMatchObject({ time_off: day, hours_1: "09:00-12:00" });
    const saved = await respond(
      page.action,
      await formRequest(
        "/mentoring/hours",
        { ...seeded, time_off: day, [`affected.${booking.id}`]: "ask_move", affected_reason: "A family day" },
        mentor,
      ),
    );
    redirected(saved, "/mentoring/hours");
    const listed = (
      await make.api.call(endpoints.bookings, { params: { agentId: (await make.api.call(endpoints.tokencheck)).agent.id } })
    ).find((b) => b.id === booking.id);
    expect(listed?.move_request).toMatchObject({ reason: "A family day" });
    redirected(
      await respond(page.action, await formRequest("/mentoring/hours", { ...seeded, time_off: "" }, mentor)),
      "/mentoring/hours",
    );
  });

  it("the mentor asks for a new time: a reason is needed, kept; asked, the agenda says so; asking twice is refused", async () => {
    const mentor = await mentorCookie();
    const client = await make.client();
    const { booking } = await make.paidSession(client.id, { mentorId: 1, topic: "To be moved" });
    const page = await route("mentoring.sessions.$id");
    const at = `/mentoring/sessions/${booking.id}`;
    const params = { id: String(booking.id) };
    await refused(await respond(page.action, await formRequest(at, { intent: "move", reason: "  " }, mentor), params), [
      "reason",
    ]);
    redirected(
      await respond(page.action, await formRequest(at, { intent: "move", reason: "A conference" }, mentor), params),
      "/mentoring",
    );
    const twice = await respond(page.action, await formRequest(at, { intent: "move", reason: "Again" }, mentor), params);
    expect(twice.status).toBe(409);
    expect((await refusalIn(twice)).formError).toBe("You have asked for a new time already: the agent is choosing one.");
  });

  it("the agent moves a paid session: the mentor's free times listed, no time chosen said beside it, a chosen one moves it", async () => {
    const client = await make.client();
    // The page lists the week it is asked for (here the one the two times were read from, whatever today's weekday).
    const week_start = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = (await make.api.call(endpoints.schedule, { body: { mentor_id: 3, time_zone: "UTC", week_start } })).slots;
    const { booking } = await make.paidSession(client.id, { mentorId: 3, start: from!.start, topic: "Moving" });
    const page = await route("bookings_.$id.move");
    const at = `/bookings/${booking.id}/move`;
    const params = { id: String(booking.id) };
    const shown = await respond(
      page.loader!,
      request(`${at}?week=${week_start}&start=${encodeURIComponent(to!.start)}`, { cookie }),
      params,
    );
    const view = (await shown.json()) as { blocked: string | null; slots: Array<{ start: string }>; chosen: string };
    expect(view).toMatchObject({ blocked: null, chosen: to!.start });
    expect(view.slots.map((s) => s.start)).toContain(to!.start);
    expect(view.slots.map((s) => s.start)).not.toContain(from!.start);
    await refused(await respond(page.action, await formRequest(at, { start: "" }, cookie), params), ["start"]);
    redirected(await respond(page.action, await formRequest(at, { start: to!.start }, cookie), params), "/bookings");
    const moved = (
      await make.api.call(endpoints.bookings, { params: { agentId: (await make.api.call(endpoints.tokencheck)).agent.id } })
    ).find((b) => b.id === booking.id);
    expect(moved?.start_at).toBe(to!.start);
  });

  it("the office's 'mentor did not come': a note is needed, said beside that session's own field; too early, a toast", async () => {
    const client = await make.client();
    const { booking } = await make.paidSession(client.id, { mentorId: 2, topic: "Absent mentor" });
    const { action } = await route("office.bookings");
    const bare = await respond(
      action,
      await formRequest("/office/bookings", { intent: "mentor-no-show", id: String(booking.id), note: " " }, staff),
    );
    expect(bare.status).toBe(400);
    const bareRefusal = await refusalIn(bare);
    expect(bareRefusal.raw.form).toBe(`absent-${booking.id}`);
    expect(bareRefusal).toMatchObject({ fieldErrors: { note: ["Say what happened"] }, values: { note: " " } });
    // Not started yet: the office's page comes back with the reason as a toast, nothing refunded.
    const early = await respond(
      action,
      await formRequest("/office/bookings", { intent: "mentor-no-show", id: String(booking.id), note: "No show" }, staff),
    );
    redirected(early, "/office/bookings");
  });

  it("the mentor's statement: a month that is not one is said beside the month, this month shown; the CSV is a spreadsheet", async () => {
    const mentor = await mentorCookie();
    const page = await route("mentoring.statement");
    const bad = await respond(page.loader!, request("/mentoring/statement?month=2026-13", { cookie: mentor }));
    expect(bad.status).toBe(200);
    const shown = (await bad.json()) as { error?: string; statement: { month: string } };
    expect(shown.error).toBe("Choose a month as YYYY-MM");
    expect(shown.statement.month).toMatch(/^\d{4}-\d{2}$/);
    const csv = await route("mentoring.statement[.]csv");
    const file = await respond(
      csv.loader!,
      request(`/mentoring/statement.csv?month=${shown.statement.month}`, { cookie: mentor }),
    );
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="statement-amira-haddad-\d{4}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await file.arrayBuffer());
    // A byte-order mark first, so that Excel reads the names' accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("When (")).toBe(true);
    expect(text.trim().split("\n").at(-1)).toMatch(/^Total,,,,/);
  });

  it("forgot password: a malformed address is said beside it; any good one gets the same neutral answer", async () => {
    const { action } = await route("($lang).forgot-password");
    await refused(await respond(action, await formRequest("/forgot-password", { email: "nope" })), ["email"], { email: "nope" });
    const known = await respond(action, await formRequest("/forgot-password", { email: agent.email }));
    const unknown = await respond(action, await formRequest("/forgot-password", { email: "nobody-at-all@example.com" }));
    expect([known.status, unknown.status]).toEqual([302, 302]);
    expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));
  });

  it("set password: a short password is said beside it; a link that is not valid says so", async () => {
    const { action } = await route("($lang).set-password");
    const res = await respond(action, await formRequest("/set-password", { token: "x".repeat(43), password: "short" }));
    await refused(res, ["password"]);
    const gone = await respond(
      action,
      await formRequest("/set-password", { token: "x".repeat(43), password: "a-long-enough-password" }),
    );
    expect(gone.status).toBe(404);
  });

  it("account: a wrong current password is said beside it, and the new one is not kept in the page", async () => {
    const { action } = await route("account");
    const res = await respond(
      action,
      await formRequest(
        "/account",
        { intent: "password", current_password: "not-my-password", new_password: "another-long-password" },
        cookie,
      ),
    );
    const failure = await refused(res, ["current_password"]);
    expect(JSON.stringify(failure)).not.toContain("another-long-password");
  });
});

describe("an agent's forms", () => {
  it("add a client: missing names and a bad e-mail are said beside them, what was typed kept; then added", async () => {
    const { action } = await route("clients.new");
    const typed = { first_name: "", last_name: "", email: "lena@", phone: "+49 30 1234", destination_country: "DE" };
    await refused(await respond(action, await formRequest("/clients/new", typed, cookie)), ["first_name", "last_name", "email"], {
      email: "lena@",
      phone: "+49 30 1234",
    });
    const res = await respond(
      action,
      await formRequest(
        "/clients/new",
        { ...typed, first_name: "Lena", last_name: "Form", email: "lena.form@example.com" },
        cookie,
      ),
    );
    redirected(res, /^\/clients\/\d+$/);
  });

  it("edit a client: a bad date of birth is said beside it; a good edit goes back to the client", async () => {
    const client = await make.client({ first_name: "Edit", last_name: "Me" });
    const { action } = await route("clients.$id.edit");
    const at = `/clients/${client.id}/edit`;
    const base = { first_name: "Edit", last_name: "Me", email: client.email ?? "" };
    await refused(
      await respond(action, await formRequest(at, { ...base, date_of_birth: "2999-01-01" }, cookie), { id: String(client.id) }),
      ["date_of_birth"],
      { date_of_birth: "2999-01-01" },
    );
    const ok = await respond(action, await formRequest(at, { ...base, last_name: "Edited" }, cookie), { id: String(client.id) });
    redirected(ok, `/clients/${client.id}`);
    // The client's own zone (issue 24): one not on the list is said beside it; a real one is kept.
    await refused(
      await respond(action, await formRequest(at, { ...base, time_zone: "Mars/Olympus" }, cookie), { id: String(client.id) }),
      ["time_zone"],
      { time_zone: "Mars/Olympus" },
    );
    // Typed into the searchable picker as a person writes it, it is kept as IANA writes it.
    redirected(
      await respond(action, await formRequest(at, { ...base, time_zone: " america/sao paulo ", language: "en" }, cookie), {
        id: String(client.id),
      }),
      `/clients/${client.id}`,
    );
    const { loader } = await route("clients.$id.edit");
    const shown = (await (await respond(loader!, request(at, { cookie }), { id: String(client.id) })).json()) as {
      client: { time_zone: string | null; language: string };
      zones: Array<{ id: string; label: string; countries: string[] }>;
    };
    expect(shown.client).toMatchObject({ time_zone: "America/Sao_Paulo", language: "en" });
    // The picker offers current names only, each with the countries that keep it (what a search finds).
    const ids = shown.zones.map((z) => z.id);
    expect(ids).toContain("America/Sao_Paulo");
    expect(ids).toContain("Asia/Kolkata");
    expect(ids).toContain("Europe/Kyiv");
    for (const old of ["Africa/Asmera", "Asia/Calcutta", "Europe/Kiev", "America/Buenos_Aires", "Asia/Saigon"]) {
      expect(ids).not.toContain(old);
    }
    expect(shown.zones.find((z) => z.id === "Africa/Nairobi")?.label).toContain("Eritrea");
    expect(shown.zones.find((z) => z.id === "Asia/Dubai")).toMatchObject({ countries: expect.arrayContaining(["AE", "OM"]) });
  });

  it("the mentors chosen for a client start with those who speak the client's language; any is a click away (issue 37)", async () => {
    const { loader } = await route("mentors._index");
    type Shown = {
      directory: { items: Array<{ languages: string[] }>; total: number };
      filter: { language: string };
      narrowed: { language: string; none?: true } | null;
    };
    const show = async (query: string) =>
      (await (await respond(loader!, request(`/mentors${query}`, { cookie }))).json()) as Shown;
    const all = await show("");
    const arabic = await make.client({ first_name: "Layla", last_name: "Lang", language: "ar" });
    const speaking = await show(`?client=${arabic.id}`);
    expect(speaking.narrowed).toEqual({ language: "Arabic" });
    expect(speaking.directory.total).toBeGreaterThan(0);
    expect(speaking.directory.total).toBeLessThan(all.directory.total);
    expect(speaking.directory.items.every((m) => m.languages.includes("Arabic"))).toBe(true);
    // "Any language", chosen outright, is every mentor.
    const any = await show(`?client=${arabic.id}&language=`);
    expect([any.narrowed, any.directory.total]).toEqual([null, all.directory.total]);
    // A language no mentor speaks: every mentor, and the page says so.
    const french = await make.client({ first_name: "Fleur", last_name: "Lang", language: "fr" });
    const none = await show(`?client=${french.id}`);
    expect([none.narrowed, none.filter.language, none.directory.total]).toEqual([
      { language: "French", none: true },
      "",
      all.directory.total,
    ]);
  });

  it("a note with no text is said beside it; a note is added and the page stays", async () => {
    const client = await make.client();
    const { action } = await route("clients.$id._index");
    const at = `/clients/${client.id}`;
    const params = { id: String(client.id) };
    await refused(await respond(action, await formRequest(at, { intent: "note", body: "" }, cookie), params), ["body"]);
    redirected(
      await respond(action, await formRequest(at, { intent: "note", body: "Called about the visa." }, cookie), params),
      `${at}#timeline`,
    );
  });

  it("book a mentor: no topic and no client are said beside them, the time kept; then the session is in the cart", async () => {
    const client = await make.client();
    const mentor = (await make.api.call(endpoints.mentors))[0]!;
    const start = (await make.api.call(endpoints.schedule, { body: { mentor_id: mentor.id, time_zone: "UTC" } })).next_free!;
    const { action } = await route("mentors.$id.book");
    const at = `/mentors/${mentor.id}/book`;
    const params = { id: String(mentor.id) };
    await refused(
      await respond(action, await formRequest(at, { start, topic: "", client_id: "" }, cookie), params),
      ["topic", "client_id"],
      {
        start,
      },
    );
    const res = await respond(
      action,
      await formRequest(at, { start, topic: "Visa questions", client_id: String(client.id) }, cookie),
      params,
    );
    redirected(res, /^\/cart/);
  });

  it("contact: empty fields are said beside them; a message is sent and the form starts again", async () => {
    const { action } = await route("($lang).contact");
    await refused(await respond(action, await formRequest("/contact", { subject: "Hello", message: "" }, cookie)), ["message"], {
      subject: "Hello",
    });
    const res = await respond(
      action,
      await formRequest(
        "/contact",
        { name: "Form Agent", email: agent.email, subject: "Hello", message: "A question about invoices." },
        cookie,
      ),
    );
    redirected(res, /^\/contact/);
  });

  it("contact, for a visitor in Spanish: no account needed, the fields said in Spanish, thanked in Spanish, kept in the office's inbox", async () => {
    const { action, loader } = await route("($lang).contact");
    const page = await respond(loader!, request("/es/contact"), { lang: "es" });
    expect(page.status).toBe(200);
    const bad = await refused(
      await respond(action, await formRequest("/es/contact", { subject: "Lisboa", message: "Hola" }), { lang: "es" }),
      ["name", "email", "message"],
    );
    // The form's failure keeps the API's words (the page says them in Spanish: tests/e2e/languages.test.ts).
    expect(bad.values?.subject).toBe("Lisboa");
    const subject = `Reubicación a Lisboa ${Date.now()}`;
    const res = await respond(
      action,
      await formRequest("/es/contact", {
        name: "Lucía Fernández",
        email: "lucia@example.com",
        subject,
        message: "¿Trabajan ustedes con familias con dos hijos?",
      }),
      { lang: "es" },
    );
    redirected(res, "/es/contact");
    const row = await database.db
      .selectFrom("contact_messages")
      .select(["name", "email", "agent_id"])
      .where("subject", "=", subject)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Lucía Fernández", email: "lucia@example.com", agent_id: null });
  });
});

describe("the office's forms", () => {
  it("add an agent: a bad e-mail is said beside it, the name kept; a good one answers with the set-password link", async () => {
    const { action } = await route("office.agents.new");
    await refused(
      await respond(
        action,
        await formRequest("/office/agents/new", { name: "New Agent", email: "bad", time_zone: "UTC" }, staff),
      ),
      ["email"],
      { name: "New Agent" },
    );
    const res = await respond(
      action,
      await formRequest(
        "/office/agents/new",
        { name: "New Agent", email: `new-${Date.now()}@example.com`, time_zone: "UTC" },
        staff,
      ),
    );
    expect(res.status).toBe(201);
    expect(JSON.stringify(await res.json())).toMatch(/set-password\?token=/);
  });

  it.each([
    ["office.jobs.new", "/office/jobs/new", { title: "", placement_fee: "12.345" }, ["title", "placement_fee"]],
    ["office.plans.new", "/office/plans/new", { name: "A plan", price: "free" }, ["price"]],
    [
      "office.relocations.new",
      "/office/relocations/new",
      { title: "Lisbon", duration_days: "0", price: "-5" },
      ["duration_days", "price"],
    ],
    ["office.mentors.new", "/office/mentors/new", { name: "", rate: "abc", hours_1: "9-25" }, ["name", "rate", "hours_1"]],
  ] as const)("%s: refused fields are said beside them, what was typed kept", async (name, at, typed, fields) => {
    const { action } = await route(name);
    await refused(await respond(action, await formRequest(at, typed, staff)), [...fields], typed);
  });

  it("invite a staff member: bad fields said beside them, what was typed kept; a good one shows the link once", async () => {
    const { action } = await route("office.staff.new");
    await refused(
      await respond(
        action,
        await formRequest("/office/staff/new", { name: "Sam", email: "bad", role: "boss", time_zone: "UTC" }, staff),
      ),
      ["email", "role"],
      { name: "Sam" },
    );
    const res = await respond(
      action,
      await formRequest(
        "/office/staff/new",
        { name: "Sam", email: `sam-${Date.now()}@example.com`, role: "staff", time_zone: "UTC" },
        staff,
      ),
    );
    expect(res.status).toBe(201);
    expect(JSON.stringify(await res.json())).toMatch(/set-password\?token=/);
  });

  it("change an agent's address: a bad or taken address is said beside it; a good one asks for confirmation", async () => {
    const agent = await newAgent("email-form");
    const other = await newAgent("email-taken");
    const { action } = await route("office.agents.$id_.email");
    const at = `/office/agents/${agent.id}/email`;
    const params = { id: String(agent.id) };
    await refused(await respond(action, await formRequest(at, { email: "nope" }, staff), params), ["email"], { email: "nope" });
    const taken = await respond(action, await formRequest(at, { email: other.email }, staff), params);
    expect(taken.status).toBe(409);
    const failure = await refusalIn(taken);
    expect([failure.fieldErrors.email, failure.values.email]).toEqual([
      ["Another account uses this address already."],
      other.email,
    ]);
    redirected(
      await respond(action, await formRequest(at, { email: `moved-${Date.now()}@example.com` }, staff), params),
      at.replace("/email", ""),
    );
  });

  it("hand over clients: no agent or no client chosen is said beside it; a good choice moves them", async () => {
    const giver = await newAgent("hand-giver");
    const taker = await newAgent("hand-taker");
    const own = await fixturesAs((await agentToken(giver.email, giver.password)).token);
    const client = await own.client({ first_name: "Handed" });
    const { action } = await route("office.agents.$id_.hand-over");
    const at = `/office/agents/${giver.id}/hand-over`;
    const params = { id: String(giver.id) };
    await refused(await respond(action, await formRequest(at, { client_id: String(client.id) }, staff), params), ["to_agent_id"]);
    await refused(
      await respond(action, await formRequest(at, { to_agent_id: String(taker.id) }, staff), params),
      ["client_ids"],
      {
        to_agent_id: String(taker.id),
      },
    );
    // A choice is read back as a question first, and moves no one.
    const asked = await respond(
      action,
      await formRequest(at, { to_agent_id: String(taker.id), client_id: String(client.id) }, staff),
      params,
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({
      review: { from: `Agent hand-giver`, to: { id: taker.id, name: "Agent hand-taker" }, clients: [{ id: client.id }] },
    });
    const detail = async (id: number) =>
      (await (await apiAs(await staffToken())).call(endpoints.officeAgentDetail, { params: { id } })).clients.map((c) => c.id);
    expect(await detail(giver.id)).toEqual([client.id]);
    // A client who is not the giver's is no choice: said, nothing moved.
    const other = await make.client();
    const stray = await respond(
      action,
      await formRequest(at, { to_agent_id: String(taker.id), client_id: String(other.id), intent: "confirm" }, staff),
      params,
    );
    expect(stray.status).toBeGreaterThanOrEqual(400);
    expect(await detail(giver.id)).toEqual([client.id]);
    // Confirmed, they move.
    redirected(
      await respond(
        action,
        await formRequest(at, { to_agent_id: String(taker.id), client_id: String(client.id), intent: "confirm" }, staff),
        params,
      ),
      `/office/agents/${taker.id}`,
    );
    expect(await detail(taker.id)).toEqual([client.id]);
  });

  it("refunding an order line without a note is said beside the note", async () => {
    const client = await make.client();
    const { orderId } = await make.paidPlan(client.id);
    const { action } = await route("office.orders.$id");
    const at = `/office/orders/${orderId}`;
    const res = await respond(action, await formRequest(at, { intent: "refund", note: "" }, staff), { id: String(orderId) });
    await refused(res, ["refund_note"]);
  });

  it("the service pages in French: an empty text is said beside it, the French typed kept; saved, the French page shows it", async () => {
    const page = await route("office.settings_.texts.$lang");
    const at = "/office/settings/texts/fr";
    const stored = (await (await respond(page.loader!, request(at, { cookie: staff }), { lang: "fr" })).json()) as {
      stored: Record<string, string>;
    };
    const first = stored.stored;
    expect(first.service_2_tagline).toBeTruthy();
    const service = await route("($lang).servicesPage");
    const tagline = async () =>
      (
        (await (await respond(service.loader!, request("/fr/servicesPage?id=2"), { lang: "fr" })).json()) as {
          own: { tagline: string };
        }
      ).own.tagline;
    // Shown once before the save: the portal keeps the site's facts for a second (app/lib/site.server.ts).
    expect(await tagline()).toBe(first.service_2_tagline);
    const typed = { ...first, service_2_intro: "", service_2_tagline: "Votre installation, réglée avant l'arrivée." };
    await refused(await respond(page.action, await formRequest(at, typed, staff), { lang: "fr" }), ["service_2_intro"], {
      service_2_tagline: "Votre installation, réglée avant l'arrivée.",
    });
    try {
      redirected(
        await respond(page.action, await formRequest(at, { ...typed, service_2_intro: first.service_2_intro! }, staff), {
          lang: "fr",
        }),
        at,
      );
      // At once, though the page was shown within the second: the save forgot what the portal kept.
      expect(await tagline()).toBe("Votre installation, réglée avant l'arrivée.");
      // The French home page's card for the service says it too (its own loader's, no longer every page's root's).
      const home = await route("($lang)._index");
      const cards = (await (await respond(home.loader!, request("/fr"), { lang: "fr" })).json()) as {
        taglines: Record<string, string>;
      };
      expect(cards.taglines["2"]).toBe("Votre installation, réglée avant l'arrivée.");
      // A language the office does not write (English is the settings page's) is not found.
      expect((await respond(page.loader!, request("/office/settings/texts/en", { cookie: staff }), { lang: "en" })).status).toBe(
        404,
      );
    } finally {
      await respond(page.action, await formRequest(at, first, staff), { lang: "fr" });
    }
    // Saved elsewhere (the API called directly, as another instance's office would): shown within two seconds, the
    // API's own second and the portal's.
    const elsewhere = "Saisi sur un autre serveur.";
    const api = await apiAs(await staffToken());
    const texts = first as BodyOf<typeof endpoints.saveServiceTexts>;
    expect(await tagline()).toBe(first.service_2_tagline);
    await api.call(endpoints.saveServiceTexts, { params: { lang: "fr" }, body: { ...texts, service_2_tagline: elsewhere } });
    const savedAt = Date.now();
    try {
      while ((await tagline()) !== elsewhere) {
        expect(Date.now() - savedAt).toBeLessThan(2500);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await api.call(endpoints.saveServiceTexts, { params: { lang: "fr" }, body: texts });
    }
  });
});

describe("lists page and search on the server", () => {
  it("the office's orders as CSV: the list's filters (a client's name among them), times in the staff zone to the minute", async () => {
    const client = await make.client({ first_name: "Csvina", last_name: "Ordered" });
    const { orderId } = await make.paidPlan(client.id);
    const { loader } = await route("office.orders[.]csv");
    const res = await respond(loader!, request("/office/orders.csv?client=csvina", { cookie: staff }));
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const [head, ...rows] = text.trim().split("\n");
    expect(head).toMatch(/^Order,Placed \([A-Za-z_/]+\),Status,Agent,Agent email,Clients,Currency,Total,Refund due$/);
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.split(",");
    expect(cells[0]).toBe(String(orderId));
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[2]).toBe("Paid");
    expect(cells[5]).toBe("Csvina Ordered");
  });

  it("the client list: 20 a page, newest first, a second page, a search, and nothing found said", async () => {
    const owner = await newAgent("paging");
    const own = await fixturesAs((await agentToken(owner.email, owner.password)).token);
    for (let i = 1; i <= 25; i++) {
      const destination = i === 3 ? { destination_country: "PT" } : i === 24 ? { destination_country: "CA" } : {};
      await own.client({ first_name: `Client${String(i).padStart(2, "0")}`, last_name: "Paged", ...destination });
    }
    const listCookie = await signedInCookie(owner.email, owner.password);
    const { loader } = await route("clients._index");
    type Page = {
      result: { items: { first_name: string }[]; total: number; page: number; destinations: string };
    };
    const page = async (query: string) =>
      ((await (await respond(loader!, request(`/clients${query}`, { cookie: listCookie }))).json()) as Page).result;
    const first = await page("");
    expect([first.items.length, first.total, first.items[0]!.first_name]).toEqual([20, 25, "Client25"]);
    // The destination filter offers the destinations the agent's clients have, by name, whatever the page: one
    // "code name" line each, in one string.
    expect(first.destinations).toBe("CA Canada\nPT Portugal");
    // The page carries what its table shows, nothing the agent keeps about a client beyond it.
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      ["destination_country", "email", "first_name", "id", "last_activity_at", "last_name", "status"].sort(),
    );
    const second = await page("?page=2");
    expect(second.destinations).toEqual(first.destinations);
    expect(second.items.map((c) => c.first_name)).toEqual(["Client05", "Client04", "Client03", "Client02", "Client01"]);
    expect((await page("?q=client07")).items.map((c) => c.first_name)).toEqual(["Client07"]);
    expect((await page("?q=nobody-here")).items).toEqual([]);
    // A page past the end, or not a number, is the first page's neighbour, never an error.
    expect((await respond(loader!, request("/clients?page=abc", { cookie: listCookie }))).status).toBe(200);
  });
});
