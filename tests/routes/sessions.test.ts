/**
 * One portal session for every kind (issue 38, point 1), below the browser: the sign-in page signs any kind in with
 * one call and lands each in its own area; a session made before the change (a kind's own pair of keys) still signs
 * its holder in and is rewritten as the one `account`; signing out ends the token of whatever kind it was.
 */
import { describe, expect, it } from "vitest";
import { database, demo, formRequest, loadContext, request, respond, sessionCookie } from "../support/route-context.js";

const root = await import("../../app/root.js");
const authentication = await import("../../app/routes/_auth+/($lang).authentication.js");
const dashboard = await import("../../app/routes/_workspace+/dashboard.js");
const office = await import("../../app/routes/office+/_index.js");
const mentoring = await import("../../app/routes/mentoring+/_index.js");
const logout = await import("../../app/routes/_auth+/logout.js");
const transport = loadContext().apiTransport;

/** The session cookie an answer sets (the last one: a sign-in first ends the old session). */
const sessionOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((c) => c.startsWith("__session="))
    .at(-1)!
    .split(";")[0]!;

async function login(path: string, body: { email: string; password: string }) {
  const answer = await transport({ method: "POST", path, headers: {}, body });
  if (answer.status !== 200) throw new Error(`${path} refused: ${JSON.stringify(answer.payload)}`);
  return (answer.payload as { data: Record<string, unknown> & { token: string } }).data;
}

describe("one portal session for every kind", () => {
  it("signs each kind in on the one page with one call, each to its own area", async () => {
    for (const [who, home, page] of [
      [demo, "/dashboard/", dashboard],
      [demo.staff, "/office", office],
      [demo.mentor, "/mentoring", mentoring],
    ] as const) {
      const res = await respond(
        authentication.action,
        await formRequest("/authentication", { email: who.email, password: who.password }),
      );
      expect(res.status, who.email).toBe(302);
      expect(res.headers.get("Location"), who.email).toBe(home);
      const cookie = sessionOf(res);
      expect((await respond(page.loader, request(home, { cookie }))).status, who.email).toBe(200);
      // The sign-in page sends whoever is signed in on to their own area.
      const again = await respond(authentication.loader, request("/authentication", { cookie }), {});
      expect(again.headers.get("Location"), who.email).toBe(home);
    }
  });

  it("keeps a session made before the change signed in, rewritten as one account, for every kind", async () => {
    const agent = await login("agent/login", { email: demo.email, password: demo.password });
    const staff = await login("office/login", demo.staff);
    const mentor = await login("mentor/login", demo.mentor);
    for (const [kind, values, page, path] of [
      ["agent", { token: agent.token, agent: agent.agent }, dashboard, "/dashboard"],
      ["staff", { staffToken: staff.token, staff: staff.staff }, office, "/office"],
      ["mentor", { mentorToken: mentor.token, mentor: mentor.mentor }, mentoring, "/mentoring"],
    ] as const) {
      const cookie = await sessionCookie(values, true);
      expect((await respond(page.loader, request(path, { cookie }))).status, path).toBe(200);
      // The root loader rewrites the session in the new shape and keeps the same cookie (the id does not change).
      const rootAnswer = await respond(root.loader, request(path, { cookie }));
      expect(rootAnswer.status, path).toBe(200);
      expect(((await rootAnswer.json()) as { account: { kind: string } }).account.kind, path).toBe(kind);
      // The cookie carries the id signed: base64 of its JSON, then the signature.
      const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
      const id = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString()) as string;
      const stored = await database.db
        .selectFrom("portal_sessions")
        .select("data")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(stored.data) as object), path).toEqual(["account"]);
      // And the page still opens with the rewritten session.
      expect((await respond(page.loader, request(path, { cookie }))).status, path).toBe(200);
    }
  });

  it("sends another kind to its own home from an agent's page, and gives it Not found in an area hidden from it", async () => {
    const staff = await login("office/login", demo.staff);
    const cookie = await sessionCookie({ staffToken: staff.token, staff: staff.staff });
    const toOffice = await respond(dashboard.loader, request("/dashboard", { cookie }));
    expect([toOffice.status, toOffice.headers.get("Location")]).toEqual([302, "/office"]);
    expect((await respond(mentoring.loader, request("/mentoring", { cookie }))).status).toBe(404);
    // A visitor is sent to sign in, remembering where they were going.
    const visitor = await respond(office.loader, request("/office?x=1"));
    expect(visitor.headers.get("Location")).toBe("/authentication/?redirectTo=%2Foffice%3Fx%3D1");
  });

  it("signs out any kind with one call: its token ends", async () => {
    const mentor = await login("mentor/login", demo.mentor);
    const cookie = await sessionCookie({ mentorToken: mentor.token, mentor: mentor.mentor });
    const res = await respond(logout.action, await formRequest("/logout", {}, cookie));
    expect(res.status).toBe(302);
    const me = await transport({ method: "POST", path: "account/me", headers: { Authorization: `Bearer ${mentor.token}` } });
    expect(me.status).toBe(401);
  });
});
