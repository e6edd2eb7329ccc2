/**
 * The second factor on the portal's pages (issue 67), below the browser: /account/security sets up an authenticator
 * (the QR code and the key on the page, a wrong first code refused beside the field, the recovery codes shown in the
 * answer that confirms it); then the sign-in page takes the password to /second-step, which refuses a wrong code
 * beside its field, signs in with a right one (or a recovery code) and goes where the person was going; with nothing
 * waiting, /second-step says so and leads back to the password.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { refusalIn } from "../support/refusal.js";
import { formRequest, newAgent, request, respond, signedInCookie } from "../support/route-context.js";
import { codeFor } from "../support/totp.js";

const route = async (name: string) =>
  (await import(`../../app/routes/${name}.tsx`)) as {
    loader?: Parameters<typeof respond>[0];
    action: Parameters<typeof respond>[0];
  };
/** The session cookie a response sets, to send with the next request. */
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0]!;

describe("the second factor's pages", () => {
  let agent: { email: string; password: string };
  let key = "";
  let recovery: string[] = [];

  beforeAll(async () => {
    agent = await newAgent("second-factor");
  });

  it("/account/security: the code to scan and the key, a wrong first code refused beside the field, recovery codes once", async () => {
    const cookie = await signedInCookie(agent.email, agent.password);
    const page = await route("account_.security");
    const before = await (await respond(page.loader!, request("/account/security", { cookie }))).json();
    expect(before.state).toEqual({ factors: [], recovery_codes_left: 0, pending: null });
    const started = await respond(
      page.action,
      await formRequest("/account/security", { intent: "start", name: "Work phone" }, cookie),
    );
    expect([started.status, started.headers.get("Location")]).toEqual([302, "/account/security#set-up"]);
    const shown = await (await respond(page.loader!, request("/account/security", { cookie }))).json();
    expect(shown.state.pending.qr_svg).toMatch(/^<svg/);
    key = shown.state.pending.key;
    const id = String(shown.state.pending.id);
    const wrong = await respond(
      page.action,
      await formRequest("/account/security", { intent: "confirm", id, code: "12" }, cookie),
    );
    expect(wrong.status).toBe(400);
    expect((await refusalIn(wrong)).fieldErrors.code?.[0]).toBe("Type the six digits your app shows");
    const notIt = codeFor(key) === "000000" ? "111111" : "000000";
    const refused = await respond(
      page.action,
      await formRequest("/account/security", { intent: "confirm", id, code: notIt }, cookie),
    );
    expect(refused.status).toBe(400);
    expect((await refusalIn(refused)).fieldErrors.code?.[0]).toBe("That code is not right, or it was used already.");
    const confirmed = await respond(
      page.action,
      await formRequest("/account/security", { intent: "confirm", id, code: codeFor(key) }, cookie),
    );
    expect(confirmed.status).toBe(200);
    recovery = (await confirmed.json()).recovery_codes;
    expect(recovery).toHaveLength(10);
    const after = await (await respond(page.loader!, request("/account/security", { cookie }))).json();
    expect(after.state.factors).toEqual([expect.objectContaining({ name: "Work phone", kind: "totp" })]);
    expect(JSON.stringify(after)).not.toContain(recovery[0]);
  });

  it("the sign-in page takes the password to /second-step, which refuses a wrong code and signs in with a right one", async () => {
    const signIn = await route("($lang).authentication");
    const step = await route("($lang).second-step");
    const asked = await respond(
      signIn.action,
      await formRequest("/authentication", { email: agent.email, password: agent.password, redirectTo: "/clients" }),
    );
    expect([asked.status, asked.headers.get("Location")]).toEqual([302, "/second-step"]);
    const waiting = cookieOf(asked);
    // The page itself, with the challenge waiting; a visitor with none goes back to the password.
    expect((await respond(step.loader!, request("/second-step", { cookie: waiting }))).status).toBe(200);
    expect((await (await respond(step.loader!, request("/second-step", { cookie: waiting }))).json()).waiting).toBe(true);
    const none = await respond(step.loader!, request("/second-step"));
    expect([none.status, (await none.json()).waiting]).toEqual([200, false]);
    const empty = await respond(step.action, await formRequest("/second-step", { code: "" }, waiting));
    expect(empty.status).toBe(400);
    expect((await refusalIn(empty)).fieldErrors.code?.[0]).toBeTruthy();
    const wrong = await respond(step.action, await formRequest("/second-step", { code: "zzzz-zzzz" }, waiting));
    expect(wrong.status).toBe(400);
    expect((await refusalIn(wrong)).fieldErrors.code?.[0]).toBe("That code is not right, or it was used already.");
    const done = await respond(step.action, await formRequest("/second-step", { code: codeFor(key, 1) }, waiting));
    expect([done.status, done.headers.get("Location")]).toEqual([302, "/clients"]);
    expect(done.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  it("in Arabic the second step speaks Arabic, and a recovery code signs in once", async () => {
    const signIn = await route("($lang).authentication");
    const step = await route("($lang).second-step");
    const asked = await respond(
      signIn.action,
      await formRequest("/ar/authentication", { email: agent.email, password: agent.password }),
    );
    expect(asked.headers.get("Location")).toBe("/ar/second-step");
    const waiting = cookieOf(asked);
    const wrong = await respond(step.action, await formRequest("/ar/second-step", { code: "123456" }, waiting));
    expect((await refusalIn(wrong)).fieldErrors.code?.[0]).toBe("هذا الرمز غير صحيح، أو سبق استخدامه.");
    const done = await respond(step.action, await formRequest("/ar/second-step", { code: recovery[0]! }, waiting));
    expect([done.status, done.headers.get("Location")]).toEqual([302, "/dashboard/"]);
  });
});
