/**
 * The second factor on the portal's pages (issue 67), below the browser: /account/security sets up an authenticator
 * (the QR code and the key on the page, a wrong first code refused beside the field, the recovery codes shown in the
 * answer that confirms it); then the sign-in page takes the password to /second-step, which refuses a wrong code
 * beside its field, signs in with a right one (or a recovery code) and goes where the person was going; with nothing
 * waiting, /second-step says so and leads back to the password.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SoftAuthenticator } from "../support/authenticator.js";
import { refusalIn } from "../support/refusal.js";
import { formRequest, newAgent, request, respond, signedInCookie } from "../support/route-context.js";
import { routeFiles } from "../support/route-files.js";
import { codeFor } from "../support/totp.js";

const files = routeFiles();
const route = async (name: string) =>
  (await import(files.get(name)!)) as {
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

describe("passkeys on the portal's pages", () => {
  let agent: { email: string; password: string };
  const device = new SoftAuthenticator("http://portal.test");
  /** WebAuthn's options, as the pages' script asks /passkey-options for them. */
  const optionsFor = async (purpose: string, cookie?: string) => {
    const res = await respond(
      (await route("passkey-options")).action,
      await formRequest("/passkey-options", { purpose }, cookie),
    );
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    agent = await newAgent("passkey-pages");
  });

  it("/account/security adds a passkey from what the browser signed, with the first factor's recovery codes", async () => {
    const cookie = await signedInCookie(agent.email, agent.password);
    const page = await route("account_.security");
    // A visitor asks for a new passkey's options: refused, with its code.
    expect((await optionsFor("register")).status).toBe(401);
    const options = await optionsFor("register", cookie);
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe("portal.test");
    const { response } = device.register(options.body);
    // What no browser sends: refused above the form, the name kept.
    const junk = await respond(
      page.action,
      await formRequest("/account/security", { intent: "passkey", name: "Laptop", passkey: "{not json" }, cookie),
    );
    expect(junk.status).toBe(400);
    const said = await refusalIn(junk);
    expect(said.formError).toBe("The passkey's answer could not be read. Try again.");
    const added = await respond(
      page.action,
      await formRequest("/account/security", { intent: "passkey", name: "Laptop", passkey: JSON.stringify(response) }, cookie),
    );
    expect(added.status).toBe(200);
    expect((await added.json()).recovery_codes).toHaveLength(10);
    const shown = await (await respond(page.loader!, request("/account/security", { cookie }))).json();
    expect(shown.state.factors).toEqual([expect.objectContaining({ name: "Laptop", kind: "passkey" })]);
  });

  it("signs in with a passkey alone from the sign-in page, and answers the second step with it", async () => {
    const signIn = await route("($lang).authentication");
    const step = await route("($lang).second-step");
    const alone = await optionsFor("sign_in");
    const done = await respond(
      signIn.action,
      await formRequest("/authentication", {
        intent: "passkey",
        redirectTo: "/clients",
        passkey: JSON.stringify(device.sign(alone.body)),
      }),
    );
    expect([done.status, done.headers.get("Location")]).toEqual([302, "/clients"]);
    // The same signature again: refused above the form, in the page's language.
    const again = await respond(
      signIn.action,
      await formRequest("/fr/authentication", { intent: "passkey", passkey: JSON.stringify(device.sign(alone.body)) }),
    );
    expect(again.status).toBe(400);
    expect((await refusalIn(again)).formError).toBe(
      "Cette clé d’accès n’a pas pu être vérifiée. Réessayez, ou connectez-vous autrement.",
    );

    // After the password, the second step offers the passkey, and takes it.
    const asked = await respond(
      signIn.action,
      await formRequest("/authentication", { email: agent.email, password: agent.password, redirectTo: "/bookings" }),
    );
    const waiting = cookieOf(asked);
    expect((await (await respond(step.loader!, request("/second-step", { cookie: waiting }))).json()).passkey).toBe(true);
    expect((await optionsFor("second_step")).status).toBe(401);
    const stepOptions = await optionsFor("second_step", waiting);
    expect(stepOptions.body.allowCredentials).toHaveLength(1);
    const stepped = await respond(
      step.action,
      await formRequest("/second-step", { intent: "passkey", passkey: JSON.stringify(device.sign(stepOptions.body)) }, waiting),
    );
    expect([stepped.status, stepped.headers.get("Location")]).toEqual([302, "/bookings"]);
  });
});
