/**
 * The mentor's calendars page below the browser (issue 69), as a form post without scripts gives it: a CalDAV
 * account refused beside the password (what was typed kept, the password never sent back), then connected, its
 * calendars chosen; a broken connection said on /mentoring and mended on /mentoring/calendars.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRadicale, type Radicale } from "../support/radicale.js";
import { refusalIn } from "../support/refusal.js";
import { database, formRequest, mentorCookie, request, respond } from "../support/route-context.js";
import { routeFiles } from "../support/route-files.js";

const files = routeFiles();
const route = async (name: string) =>
  (await import(files.get(name)!)) as { loader: Parameters<typeof respond>[0]; action: Parameters<typeof respond>[0] };

describe("/mentoring/calendars", () => {
  let radicale: Radicale;
  let cookie: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    radicale.setPassword("demo-mentor", "app-password-1");
    await radicale.makeCalendar("demo-mentor", "app-password-1", "sessions");
    cookie = await mentorCookie();
  });
  afterAll(async () => {
    await radicale.stop();
  });

  it("refuses a wrong password beside it, keeps the address and user, never sends the password back; then connects", async () => {
    const page = await route("mentoring.calendars");
    const typed = { intent: "caldav", server_url: radicale.url, username: "demo-mentor", password: "wrong-one" };
    const refused = await respond(page.action, await formRequest("/mentoring/calendars", typed, cookie));
    expect(refused.status).toBe(400);
    const refusal = await refusalIn(refused);
    expect(refusal.fieldErrors.password).toEqual(["The server refused this user name and password"]);
    expect(refusal.values.server_url).toBe(radicale.url);
    expect(refusal.values.username).toBe("demo-mentor");
    expect(JSON.stringify(refusal.raw)).not.toContain("wrong-one");

    const empty = await respond(page.action, await formRequest("/mentoring/calendars", { intent: "caldav" }, cookie));
    expect(Object.keys((await refusalIn(empty)).fieldErrors).sort()).toEqual(["password", "server_url", "username"]);

    const done = await respond(
      page.action,
      await formRequest("/mentoring/calendars", { ...typed, password: "app-password-1" }, cookie),
    );
    expect([done.status, done.headers.get("Location")]).toEqual([302, "/mentoring/calendars"]);
    const shown = await (await respond(page.loader, request("/mentoring/calendars", { cookie }))).json();
    const [connection] = shown.calendars.connections;
    expect(connection).toMatchObject({ provider: "caldav", status: "working" });
    expect(connection.calendars).toEqual([{ id: expect.any(Number), name: "sessions", busy: true, receives: true }]);
    expect(JSON.stringify(shown)).not.toContain("app-password-1");

    // Unchecked, the calendar no longer counts; "none" receives nothing.
    const chosen = await respond(
      page.action,
      await formRequest("/mentoring/calendars", { intent: "choose", receives: "" }, cookie),
    );
    expect(chosen.status).toBe(302);
    const after = await (await respond(page.loader, request("/mentoring/calendars", { cookie }))).json();
    expect(after.calendars.connections[0].calendars[0]).toMatchObject({ busy: false, receives: false });
  });

  it("says a broken connection on /mentoring, and mends it with the new app password", async () => {
    radicale.setPassword("demo-mentor", "app-password-2");
    await database.db
      .updateTable("calendar_connections")
      .set({ next_read_at: new Date(0).toISOString() })
      .execute();
    const page = await route("mentoring.calendars");
    // Counting again: choosing reads the calendar at once, and the server refuses the old password.
    const id = String(
      (await (await respond(page.loader, request("/mentoring/calendars", { cookie }))).json()).calendars.connections[0]
        .calendars[0].id,
    );
    await respond(page.action, await formRequest("/mentoring/calendars", { intent: "choose", busy: id, receives: id }, cookie));
    const agenda = await route("mentoring._index");
    const told = await (await respond(agenda.loader, request("/mentoring", { cookie }))).json();
    expect(told.broken).toEqual([expect.stringContaining("demo-mentor")]);

    const connection = String((await database.db.selectFrom("calendar_connections").select("id").executeTakeFirstOrThrow()).id);
    const wrong = await respond(
      page.action,
      await formRequest("/mentoring/calendars", { intent: "password", connection, password: "app-password-1" }, cookie),
    );
    expect((await refusalIn(wrong)).fieldErrors.password).toEqual(["The server refused this user name and password"]);
    const mended = await respond(
      page.action,
      await formRequest("/mentoring/calendars", { intent: "password", connection, password: "app-password-2" }, cookie),
    );
    expect(mended.status).toBe(302);
    expect((await (await respond(agenda.loader, request("/mentoring", { cookie }))).json()).broken).toEqual([]);
  });

  it("the way back from a service: without a code it says the sign-in was cancelled; a service not offered is refused", async () => {
    const back = await route("mentoring.calendars.oauth.$provider");
    const cancelled = await respond(back.loader, request("/mentoring/calendars/oauth/google?error=access_denied", { cookie }), {
      provider: "google",
    });
    expect([cancelled.status, cancelled.headers.get("Location")]).toEqual([302, "/mentoring/calendars"]);
    for (const provider of ["google", "nope"]) {
      const refused = await respond(
        back.loader,
        request(`/mentoring/calendars/oauth/${provider}?code=planted&state=planted`, { cookie }),
        { provider },
      );
      expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/mentoring/calendars"]);
    }
  });
});
