/**
 * A second factor (issue 67), through the API on SQLite and PostgreSQL: an agent sets up an authenticator (its key,
 * otpauth:// address and QR code; a wrong first code refused), gets ten recovery codes once; then every sign-in, the
 * portal's and the agent's own, answers `mfa.required` with a challenge and no token until a code completes it; a
 * code is taken once, a recovery code used once, five wrong codes lock the step; a password reset asks for it too;
 * removed, the password alone signs in again; nobody removes another's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issuePasswordLink } from "../../backend/accounts/password-links.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { codeFor } from "../support/totp.js";

describe.each(testDatabases)("a second factor on $name", (target) => {
  const ctx = useSeededApi(target);
  const call = (method: "GET" | "POST", path: string, token?: string, body?: unknown) =>
    ctx.api.call(method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
  let agent: { id: number; token: string };
  let key = "";
  let recovery: string[] = [];
  /** The code that confirmed the authenticator: taken once, refused after whatever the clock does */
  let firstCode = "";
  const email = `mfa-agent-${target.name}@example.com`;
  const password = "agent-password";

  beforeAll(async () => {
    agent = await ctx.api.newAgent(email);
  });

  it("sets up an authenticator with its key and QR code, confirmed by a first code, and gives ten recovery codes once", async () => {
    expect((await call("GET", "account/security", agent.token)).json.data).toEqual({
      factors: [],
      recovery_codes_left: 0,
      pending: null,
    });
    const started = await call("POST", "account/security/totp", agent.token, { name: "My phone" });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const setup = started.json.data;
    expect(setup.key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(setup.uri).toContain("algorithm=SHA1");
    expect(setup.qr_svg).toMatch(/^<svg[^>]+viewBox/);
    key = setup.key;
    // Not counting yet: the password alone still signs in; the page shows the set-up waiting.
    expect((await call("POST", "account/login", undefined, { email, password })).status).toBe(200);
    expect((await call("GET", "account/security", agent.token)).json.data.pending.key).toBe(key);
    const wrong = await call("POST", "account/security/totp/confirm", agent.token, {
      id: setup.id,
      code: "000000" === codeFor(key) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.code[0].code).toBe("mfa.code_wrong");
    firstCode = codeFor(key);
    const confirmed = await call("POST", "account/security/totp/confirm", agent.token, { id: setup.id, code: firstCode });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    recovery = confirmed.json.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    for (const c of recovery) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(confirmed.json.data).toMatchObject({ recovery_codes_left: 10, pending: null });
    expect(confirmed.json.data.factors).toEqual([expect.objectContaining({ kind: "totp", name: "My phone" })]);
    // Shown once: the page reads how many are left, never the codes.
    expect(JSON.stringify((await call("GET", "account/security", agent.token)).json.data)).not.toContain(recovery[0]);
    // The person is told, at their address.
    const told = await ctx.api.deliver({ to: email });
    expect(told.map((m) => m.subject)).toContain("A second factor was added to your Waypoint Consultancy account");
    expect(told.find((m) => /added/.test(m.subject))!.text).toContain("“My phone” was added to your account");
    // Only hashes are kept.
    const kept = await ctx.database.db.selectFrom("recovery_codes").select("code_hash").execute();
    expect(kept.some((r) => r.code_hash === recovery[0])).toBe(false);
  });

  it("answers every sign-in with a challenge and no token until a code completes it, each code once", async () => {
    for (const path of ["account/login", "agent/login"]) {
      const asked = await call("POST", path, undefined, { email, password });
      expect(asked.status, path).toBe(401);
      expect(asked.json.code).toBe("mfa.required");
      expect(JSON.stringify(asked.json)).not.toMatch(/"token"/);
      const challenge = asked.json.params.challenge as string;
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The code of the step confirmed already is not taken twice; the next one is (a step once taken, the steps
      // before it are gone too: the agent's own call completes with a recovery code).
      const replay = await call("POST", path, undefined, { challenge, code: firstCode });
      expect(replay.json.code, path).toBe("mfa.code_wrong");
      const done = await call("POST", path, undefined, {
        challenge,
        code: path === "account/login" ? codeFor(key, 1) : recovery[9],
      });
      expect(done.status, `${path} ${JSON.stringify(done.json)}`).toBe(200);
      const token = done.json.data.token as string;
      expect((await call("POST", "account/me", token)).json.data.person.email).toBe(email);
      // The challenge is used once.
      expect((await call("POST", path, undefined, { challenge, code: codeFor(key, 1) })).json.code).toBe("mfa.challenge_gone");
    }
    const bad = await call("POST", "account/login", undefined, { challenge: "x".repeat(43), code: "123456" });
    expect(bad.json.code).toBe("mfa.challenge_gone");
    expect((await call("POST", "account/login", undefined, { challenge: "short", code: "1" })).status).toBe(400);
  });

  it("takes a recovery code once, and locks the step after five wrong codes", async () => {
    const ask = async () => (await call("POST", "account/login", undefined, { email, password })).json.params.challenge as string;
    const first = await call("POST", "account/login", undefined, { challenge: await ask(), code: recovery[0]!.toUpperCase() });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect((await call("POST", "account/login", undefined, { challenge: await ask(), code: recovery[0] })).json.code).toBe(
      "mfa.code_wrong",
    );
    expect((await call("GET", "account/security", first.json.data.token)).json.data.recovery_codes_left).toBe(8);
    const used = await ctx.api.deliver({ to: email });
    expect(used.filter((m) => /recovery code was used/.test(m.subject)).length).toBeGreaterThanOrEqual(1);
    // That was one wrong code; four more make five, and then even a right code waits.
    const challenge = await ask();
    for (let i = 0; i < 4; i++) {
      expect((await call("POST", "account/login", undefined, { challenge, code: "zzzz-zzzz" })).status).toBe(400);
    }
    const locked = await call("POST", "account/login", undefined, { challenge, code: recovery[1] });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe("rate.too_many");
    await ctx.database.db.deleteFrom("rate_limits" as never).execute();
  });

  it("asks for the factor after a password reset, and not once the factor is removed", async () => {
    const link = await issuePasswordLink(ctx.database.db, "agent", agent.id, new Date(), { purpose: "reset" });
    const set = await call("POST", "password/set", undefined, { token: link.token, password: "a-brand-new-password-1" });
    expect(set.status).toBe(401);
    expect(set.json.code).toBe("mfa.required");
    const done = await call("POST", "account/login", undefined, { challenge: set.json.params.challenge, code: recovery[2] });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const token = done.json.data.token as string;
    const state = (await call("GET", "account/security", token)).json.data;
    const other = await ctx.api.newAgent(`mfa-other-${target.name}@example.com`);
    expect((await call("POST", `account/security/factors/${state.factors[0].id}/remove`, other.token)).status).toBe(404);
    const renewed = await call("POST", "account/security/recovery-codes", token);
    expect(renewed.json.data.recovery_codes).toHaveLength(10);
    expect(renewed.json.data.recovery_codes).not.toContain(recovery[3]);
    const removed = await call("POST", `account/security/factors/${state.factors[0].id}/remove`, token);
    expect(removed.json.data).toEqual({ factors: [], recovery_codes_left: 0, pending: null });
    const plain = await call("POST", "account/login", undefined, { email, password: "a-brand-new-password-1" });
    expect(plain.status).toBe(200);
    expect(plain.json.data.token).toBeTruthy();
    const subjects = (await ctx.api.deliver({ to: email })).map((m) => m.subject);
    expect(subjects).toContain("New recovery codes for your Waypoint Consultancy account");
    expect(subjects).toContain("A second factor was removed from your Waypoint Consultancy account");
  });

  it("lets the office reset a person's factors: any staff an agent's, an owner another staff member's, never their own", async () => {
    const lost = `mfa-lost-${target.name}@example.com`;
    const person = await ctx.api.newAgent(lost);
    const setup = (await call("POST", "account/security/totp", person.token, {})).json.data;
    expect(
      (await call("POST", "account/security/totp/confirm", person.token, { id: setup.id, code: codeFor(setup.key) })).status,
    ).toBe(200);
    expect((await call("POST", "account/login", undefined, { email: lost, password })).json.code).toBe("mfa.required");
    const member = await ctx.api.newStaff(`mfa-member-${target.name}@office.test`);
    const reset = await call("POST", `office/agents/${person.id}/reset-factors`, member.token);
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json.data).toEqual({ reset: 1 });
    expect((await call("POST", "account/login", undefined, { email: lost, password })).status).toBe(200);
    const audited = await ctx.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("kind", "=", "account.factors_reset")
      .execute();
    expect(audited.map((a) => a.subject)).toContain(`agent:${person.id}`);
    expect((await ctx.api.deliver({ to: lost })).map((m) => m.subject)).toContain(
      "Your Waypoint Consultancy account's second factors were reset",
    );
    expect((await call("POST", `office/agents/999999/reset-factors`, member.token)).status).toBe(404);
    expect((await call("POST", `office/agents/${person.id}/reset-factors`, person.token)).status).toBe(403);
    // Staff: an owner's call, never on their own account.
    const owner = await ctx.api.newStaff(`mfa-owner-${target.name}@office.test`, "owner");
    expect((await call("POST", `office/staff/${owner.id}/reset-factors`, member.token)).json.code).toBe("auth.owners_only");
    expect((await call("POST", `office/staff/${owner.id}/reset-factors`, owner.token)).json.code).toBe("mfa.reset_self");
    expect((await call("POST", `office/staff/${member.id}/reset-factors`, owner.token)).json.data).toEqual({ reset: 0 });
  });

  it("works the same for staff and mentors", async () => {
    const staff = await ctx.api.newStaff(`mfa-staff-${target.name}@office.test`);
    const setup = (await call("POST", "account/security/totp", staff.token, {})).json.data;
    expect(
      (await call("POST", "account/security/totp/confirm", staff.token, { id: setup.id, code: codeFor(setup.key) })).status,
    ).toBe(200);
    const asked = await call("POST", "office/login", undefined, {
      email: `mfa-staff-${target.name}@office.test`,
      password: "staff-member-password",
    });
    expect(asked.json.code, JSON.stringify(asked.json)).toBe("mfa.required");
    const mentor = await ctx.api.newMentor(2, `mfa-mentor-${target.name}@example.com`);
    expect((await call("GET", "account/security", mentor.token)).status).toBe(200);
    const client = await ctx.api.call("GET", "account/security");
    expect(client.status).toBe(401);
  });
});
