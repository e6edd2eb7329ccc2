/**
 * One sign-in for every kind (issue 38, point 1): `account/login` finds whose email and password these are, answers
 * one shape for every kind, counts a wrong password once under one set of limits; `account/me` and
 * `account/logout` serve every kind's token alike.
 */
import { hash } from "@node-rs/argon2";
import { describe, expect, it, vi } from "vitest";
import { createLoginLimiter } from "../../backend/rate-limit.js";
import { demoAgent, demoMentor, demoStaff } from "../../backend/setup/demo-data.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { createAgent } from "../support/fixtures.js";

describe.each(testDatabases)("one sign-in on $name", (target) => {
  // Three failures of an email lock it: enough to see that one wrong password counts once, not once per kind.
  const ctx = useSeededApi(target, { loginLimit: { perEmail: 3, perIp: 100 } });

  it("signs each kind in with one call and one answer, and each token serves account/me and account/logout", async () => {
    for (const [kind, who] of [
      ["agent", demoAgent],
      ["staff", demoStaff],
      ["mentor", demoMentor],
    ] as const) {
      const login = await ctx.api.call("POST", "account/login", { body: { email: who.email, password: who.password } });
      expect(login.status, kind).toBe(200);
      expect(login.json.data).toMatchObject({ kind, person: { email: who.email }, token: expect.stringMatching(/^[\w-]{43}$/) });
      const token = login.json.data.token as string;
      const me = await ctx.api.call("POST", "account/me", { token });
      expect(me.status, kind).toBe(200);
      expect(me.json.data).toMatchObject({ kind, person: { id: login.json.data.person.id, email: who.email } });
      // The cart's count is an agent's alone.
      if (kind === "agent") expect(me.json.data.cart_count).toEqual(expect.any(Number));
      else expect(me.json.data.cart_count).toBeNull();
      expect((await ctx.api.call("POST", "account/logout", { token })).status, kind).toBe(200);
      expect((await ctx.api.call("POST", "account/me", { token })).status, kind).toBe(401);
    }
    // A staff member's answer carries their role, as office/me does.
    const staff = await ctx.api.call("POST", "account/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    expect(staff.json.data.person.role).toBe("owner");
  });

  it("makes a hash of an earlier cost again at today's when its owner signs in; a wrong password changes nothing", async () => {
    const db = ctx.database.db;
    const agent = await createAgent(db, { email: "old-cost@example.com", password: "unused" });
    // A hash as releases before 2026-11-30 made them: Argon2id at 19 MiB and two passes.
    const old = await hash("old-cost-password", { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await db.updateTable("agents").set({ password_hash: old }).where("id", "=", agent.id).execute();
    const stored = async () =>
      (await db.selectFrom("agents").select("password_hash").where("id", "=", agent.id).executeTakeFirstOrThrow()).password_hash;
    // The server's own cost (the suite hashes at its minimal one, under which nothing is made again).
    vi.resetModules();
    vi.stubEnv("PASSWORD_HASH_COST", undefined);
    try {
      const { signIn } = await import("../../backend/accounts/sign-in.js");
      const limiter = await createLoginLimiter(
        ctx.database,
        { perIp: 100, perEmail: 100, windowSeconds: 60, slowdownMs: 0 },
        "rehash",
      );
      const attempt = (password: string) => signIn(db, limiter, { email: agent.email, password, ip: "203.0.113.9" }, 1);
      await expect(attempt("wrong-password")).rejects.toMatchObject({ status: 401 });
      expect(await stored()).toBe(old);
      const signedIn = await attempt("old-cost-password");
      expect(signedIn.kind).toBe("agent");
      const now = await stored();
      expect(now).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
      // The new hash holds the same password, and the next sign-in leaves it as it is.
      await attempt("old-cost-password");
      expect(await stored()).toBe(now);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("answers a wrong password the same for every email, and counts it once under one set of limits", async () => {
    const agent = await createAgent(ctx.database.db, { email: "once-counted@example.com", password: "right-password" });
    const wrong = () => ctx.api.call("POST", "account/login", { body: { email: agent.email, password: "wrong-password" } });
    const unknown = await ctx.api.call("POST", "account/login", { body: { email: "nobody@example.com", password: "x" } });
    expect(unknown.status).toBe(401);
    expect((await wrong()).json.message).toBe(unknown.json.message);
    expect((await wrong()).status).toBe(401);
    // Two failures so far: the right password still gets in (each kind counted apart would have made it six).
    const right = await ctx.api.call("POST", "account/login", { body: { email: agent.email, password: agent.password } });
    expect(right.status).toBe(200);
    expect(right.json.data.kind).toBe("agent");
    // The success cleared the count; three failures in a row lock the email, at account/login and agent/login alike.
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
    const viaAgent = await ctx.api.call("POST", "agent/login", { body: { email: agent.email, password: agent.password } });
    expect(viaAgent.status).toBe(429);
  });

  it("signs in the active account when a deactivated one of an earlier kind has the same email and password", async () => {
    const email = "two-kinds@example.com";
    const agent = await createAgent(ctx.database.db, { email, password: "shared-password" });
    await ctx.database.db.updateTable("agents").set({ active: 0 }).where("id", "=", agent.id).execute();
    const mentor = await ctx.api.newMentor(4, email);
    // newMentor's password differs: give the mentor the shared one, as if they had chosen it.
    const { hashPassword } = await import("../../backend/accounts/passwords.js");
    await ctx.database.db
      .updateTable("mentors")
      .set({ password_hash: await hashPassword("shared-password") })
      .where("id", "=", mentor.id)
      .execute();
    const login = await ctx.api.call("POST", "account/login", { body: { email, password: "shared-password" } });
    expect(login.status).toBe(200);
    expect(login.json.data).toMatchObject({ kind: "mentor", person: { id: mentor.id } });
    // Only the deactivated agent's: told so, and only to whoever knows the password.
    await ctx.database.db.updateTable("mentors").set({ active: 0 }).where("id", "=", mentor.id).execute();
    const refused = await ctx.api.call("POST", "account/login", { body: { email, password: "shared-password" } });
    expect(refused.status).toBe(403);
  });
});
