/**
 * Passkeys, the owner's rule and the browsers an account signs in from (issue 67), through the API on SQLite and
 * PostgreSQL, with a software authenticator (tests/support/authenticator.ts) signing as a phone would.
 *
 * - An agent adds a passkey (the first factor brings ten recovery codes, once; the agent is e-mailed); it then signs
 *   in alone, and answers the second step after the password; a passkey signs once per challenge; a signature from
 *   another origin, a copy whose counter went back, another account's passkey and a removed one are refused.
 * - Tens of sign-ins at once with one signature give one token (PostgreSQL's concurrency, not only SQLite's queue).
 * - With the owner's rule on for staff, a staff member without a factor signs in confined: every call but its own
 *   security's answers 403 `mfa.setup_required`, until a factor is set up.
 * - A sign-in from a browser the account has not used before is e-mailed; the same browser again is not.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SoftAuthenticator } from "../support/authenticator.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { codeFor } from "../support/totp.js";

const ORIGIN = "http://portal.test";

describe.each(testDatabases)("passkeys on $name", (target) => {
  const ctx = useSeededApi(target);
  const call = (method: "GET" | "POST", path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
    ctx.api.call(method, path, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
      ...(headers ? { headers } : {}),
    });
  const device = new SoftAuthenticator(ORIGIN);
  let agent: { id: number; token: string };
  const email = `passkey-agent-${target.name}@example.com`;
  const password = "agent-password";
  const signInOptions = async (challenge?: string) => {
    const res = await call("POST", "account/passkey/options", undefined, challenge ? { challenge } : {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };

  beforeAll(async () => {
    agent = await ctx.api.newAgent(email);
  });

  it("adds a passkey: a discoverable credential, the first factor's recovery codes once, the agent told", async () => {
    const options = (await call("POST", "account/security/passkeys/options", agent.token)).json.data;
    expect(options.rp).toEqual({ id: "portal.test", name: "Waypoint Consultancy" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true });
    expect(options.user.name).toBe(email);
    // The user handle is opaque: neither the e-mail nor the id.
    expect(Buffer.from(options.user.id, "base64url").toString()).not.toContain(String(agent.id));
    const { response } = device.register(options);
    const added = await call("POST", "account/security/passkeys", agent.token, { name: "My laptop", response });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json.data.recovery_codes).toHaveLength(10);
    expect(added.json.data.factors).toEqual([expect.objectContaining({ kind: "passkey", name: "My laptop" })]);
    // The same answer again: its challenge was taken.
    const again = await call("POST", "account/security/passkeys", agent.token, { name: "Again", response });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("passkey.failed");
    // Signed for another site: refused.
    const elsewhere = device.register(
      (await call("POST", "account/security/passkeys/options", agent.token)).json.data,
      "http://evil.test",
    );
    expect(
      (await call("POST", "account/security/passkeys", agent.token, { name: "x", response: elsewhere.response })).json.code,
    ).toBe("passkey.failed");
    device.credentials.pop();
    // Not a passkey's answer at all: said, not a 500.
    const junk = await call("POST", "account/security/passkeys", agent.token, { name: "x", response: { id: 1 } });
    expect(junk.status).toBe(400);
    expect(junk.json.code).toBe("validation.failed");
    const told = await ctx.api.deliver({ to: email });
    expect(told.find((m) => /second factor was added/.test(m.subject))!.text).toContain("“My laptop” was added");
  });

  it("signs in with the passkey alone, once per challenge; and answers the second step after a password", async () => {
    const options = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe("required");
    const signed = device.sign(options);
    const done = await call("POST", "account/login", undefined, { passkey: signed });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.data).toMatchObject({ kind: "agent", person: { email } });
    expect((await call("POST", "account/me", done.json.data.token)).json.data.person.email).toBe(email);
    // The same signature again: its challenge is used.
    expect((await call("POST", "account/login", undefined, { passkey: signed })).json.code).toBe("passkey.failed");
    // The agent's own call takes it too.
    expect((await call("POST", "agent/login", undefined, { passkey: device.sign(await signInOptions()) })).status).toBe(200);

    // After the password: a challenge that names the passkey among its ways; the passkey's options are the agent's.
    const asked = await call("POST", "account/login", undefined, { email, password });
    expect(asked.json).toMatchObject({ code: "mfa.required", params: { methods: "passkey recovery" } });
    const challenge = asked.json.params.challenge as string;
    const stepOptions = await signInOptions(challenge);
    expect(stepOptions.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      device.credentials[0]!.id.toString("base64url"),
    ]);
    // A signature over the sign-in-alone options does not answer the second step's.
    const wrongChallenge = await call("POST", "account/login", undefined, {
      challenge,
      passkey: device.sign(await signInOptions()),
    });
    expect(wrongChallenge.json.code).toBe("passkey.failed");
    const stepped = await call("POST", "account/login", undefined, {
      challenge,
      passkey: device.sign(await signInOptions(challenge)),
    });
    expect(stepped.status, JSON.stringify(stepped.json)).toBe(200);
    expect(stepped.json.data.person.email).toBe(email);
  });

  it("refuses another account's passkey as the second step, and a copy whose counter went back", async () => {
    const other = await ctx.api.newAgent(`passkey-other-${target.name}@example.com`);
    const otherDevice = new SoftAuthenticator(ORIGIN);
    const { response } = otherDevice.register((await call("POST", "account/security/passkeys/options", other.token)).json.data);
    expect((await call("POST", "account/security/passkeys", other.token, { name: "Other", response })).status).toBe(200);
    // The first agent's password was right; the other agent's passkey signs: refused.
    const challenge = (await call("POST", "account/login", undefined, { email, password })).json.params.challenge as string;
    const stepOptions = await signInOptions(challenge);
    const theirs = otherDevice.sign(stepOptions, otherDevice.credentials[0]);
    const refused = await call("POST", "account/login", undefined, { challenge, passkey: theirs });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("passkey.unknown");
    // A copy of the first agent's passkey whose counter is behind: refused, and the passkey's count kept.
    const credential = device.credentials[0]!;
    const before = credential.counter;
    credential.counter = 0;
    const cloned = await call("POST", "account/login", undefined, { passkey: device.sign(await signInOptions()) });
    expect(cloned.json.code).toBe("passkey.failed");
    credential.counter = before;
    const kept = await ctx.database.db
      .selectFrom("account_factors")
      .select("counter")
      .where("credential_id", "=", credential.id.toString("base64url"))
      .executeTakeFirstOrThrow();
    expect(Number(kept.counter)).toBe(before);
  });

  it("gives one token for tens of sign-ins at once with one signature", async () => {
    for (let round = 0; round < 3; round++) {
      const signed = device.sign(await signInOptions());
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call("POST", "account/login", undefined, { passkey: signed })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.json.code).toBe("passkey.failed");
    }
  });

  it("e-mails a sign-in from a browser the account has not used before, once", async () => {
    await ctx.api.deliver({ to: email });
    const signIn = async (browser: string) => {
      const options = await signInOptions();
      const res = await call(
        "POST",
        "account/login",
        undefined,
        { passkey: device.sign(options) },
        {
          "X-Browser": browser,
          "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        },
      );
      expect(res.status).toBe(200);
    };
    const browser = "b".repeat(22);
    await signIn(browser);
    const told = await ctx.api.deliver({ to: email });
    const notice = told.find((m) => /new browser/.test(m.subject));
    expect(notice, told.map((m) => m.subject).join(" | ")).toBeDefined();
    expect(notice!.subject).toBe("A sign-in to your Waypoint Consultancy account from a new browser");
    expect(notice!.text).toContain("Firefox on Windows");
    // The same browser again: nothing new to say.
    await signIn(browser);
    expect((await ctx.api.deliver({ to: email })).filter((m) => /new browser/.test(m.subject))).toHaveLength(0);
  });

  it("signs in no more with a removed passkey", async () => {
    const state = (await call("GET", "account/security", agent.token)).json.data;
    const passkey = state.factors.find((f: { kind: string }) => f.kind === "passkey");
    const signed = device.sign(await signInOptions());
    expect((await call("POST", `account/security/factors/${passkey.id}/remove`, agent.token)).status).toBe(200);
    const refused = await call("POST", "account/login", undefined, { passkey: signed });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("passkey.unknown");
    // Without a factor, the password alone signs in again, and no passkey options are given for a second step.
    expect((await call("POST", "account/login", undefined, { email, password })).status).toBe(200);
  });
});

describe.each(testDatabases)("the owner's rule on $name", (target) => {
  const ctx = useSeededApi(target);
  const call = (method: "GET" | "POST", path: string, token?: string, body?: unknown) =>
    ctx.api.call(method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });

  it("confines a staff member without a factor to their security page until they set one up", async () => {
    const owner = await ctx.api.newStaff(`rule-owner-${target.name}@example.com`, "owner");
    const settings = (await call("GET", "office/settings", owner.token)).json.data;
    expect(settings.factor_staff).toBe(false);
    // The owner sets the rule for staff: an owner with no factor is held too, at once.
    const saved = await call("POST", "office/settings", owner.token, { ...settings, brand_logo: undefined, factor_staff: true });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.changes).toContain("A second factor for staff: now required");
    expect((await call("GET", "office/settings", owner.token)).json.code).toBe("mfa.setup_required");

    const email = `rule-staff-${target.name}@example.com`;
    const member = await ctx.api.newStaff(email, "staff");
    const signedIn = await call("POST", "account/login", undefined, { email, password: "staff-member-password" });
    expect(signedIn.json.data.factor_required).toBe(true);
    const token = signedIn.json.data.token as string;
    expect((await call("POST", "account/me", token)).json.data.factor_required).toBe(true);
    for (const path of ["office/orders", "office/agents", "office/mentors"]) {
      const refused = await call("GET", path, token);
      expect(refused.status, path).toBe(403);
      expect(refused.json.code).toBe("mfa.setup_required");
    }
    // Its security page is open: it sets up an authenticator there.
    const setup = (await call("POST", "account/security/totp", token, { name: "Phone" })).json.data;
    const code = codeFor(setup.key);
    expect((await call("POST", "account/security/totp/confirm", token, { id: setup.id, code })).status).toBe(200);
    expect((await call("GET", "office/orders", token)).status).toBe(200);
    expect((await call("POST", "account/me", token)).json.data.factor_required).toBeUndefined();
    void member;
    // Agents are not held by the staff's rule.
    const agent = await ctx.api.newAgent(`rule-agent-${target.name}@example.com`);
    expect((await call("GET", `api/clients/agent/${agent.id}`, agent.token)).status).toBe(200);
  });
});
