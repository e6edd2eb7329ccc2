/**
 * The office's commission rules at their edges (issue 41), below the API, on SQLite and PostgreSQL: what each rule
 * is for in words, the refusals of a target or an agent that is not there, removal only before the start; and which
 * rule decides a line (the agent's own first, then the most specific target, the latest start, the latest written),
 * what it gives (half up; an amount never above the price, only in its currency). Mutation testing (npm run
 * mutation) found these reached by the journeys but held at none of these edges.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { commissionOn, ruleFor } from "../../backend/commissions/ledger.js";
import { addRule, listRules, removeRule } from "../../backend/commissions/rules.js";
import { DomainError, statusOf } from "../../backend/errors.js";
import type { RuleValues } from "../../lib/contract.js";
import { testDatabases, useSeeded } from "../support/databases.js";

const NOW = new Date("2030-03-01T12:00:00.000Z");
const TOMORROW = "2030-03-02";
const TODAY = "2030-03-01";

describe.each(testDatabases)("commission rules on $name", (target) => {
  const ctx = useSeeded(target);
  let staffId: number;
  let agentId: number;
  const ids = { plan: 0, relocation: 0, job: 0, pack: 0 };
  const names = { service: "", plan: "", relocation: "", job: "", pack: "", agent: "" };
  const rule = (v: Partial<RuleValues>) =>
    addRule(ctx.database.db, staffId, { rate: "percent", percent_bp: 1000, starts_on: TOMORROW, ...v } as RuleValues, NOW);
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return { status: statusOf(e), code: e.code, fields: e.errors };
    }
    throw new Error("not refused");
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    staffId = (await db.selectFrom("staff").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const agent = await db.selectFrom("agents").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    [agentId, names.agent] = [agent.id, agent.name];
    names.service = (await db.selectFrom("services").select("name").where("id", "=", 1).executeTakeFirstOrThrow()).name;
    const plan = await db.selectFrom("service_plans").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const relocation = await db.selectFrom("relocations").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const job = await db.selectFrom("jobs").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const pack = await db.selectFrom("session_packs").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    Object.assign(ids, { plan: plan.id, relocation: relocation.id, job: job.id, pack: pack.id });
    Object.assign(names, { plan: plan.name, relocation: relocation.title, job: job.title, pack: pack.name });
  });

  it("says what each rule is for, and keeps its rate as given", async () => {
    const made = {
      session: await rule({ target: "session", target_id: 99 }),
      service: await rule({ target: "service", target_id: 1 }),
      plan: await rule({ target: "plan", target_id: ids.plan }),
      everyRelocation: await rule({ target: "relocation" }),
      relocation: await rule({ target: "relocation", target_id: ids.relocation }),
      job: await rule({ target: "job", target_id: ids.job, rate: "fixed", amount_minor: 2500, percent_bp: 900 }),
      everyPack: await rule({ target: "pack", agent_id: agentId }),
      pack: await rule({ target: "pack", target_id: ids.pack }),
    };
    expect(Object.fromEntries(Object.entries(made).map(([k, r]) => [k, r.target_name]))).toEqual({
      session: "Single mentor sessions",
      service: `${names.service} (everything of it)`,
      plan: `Plan: ${names.plan}`,
      everyRelocation: "Every relocation package",
      relocation: `Relocation package: ${names.relocation}`,
      job: `Job placement: ${names.job}`,
      everyPack: "Every session pack",
      pack: `Session pack: ${names.pack}`,
    });
    // A session's rule names no item; a fixed rate keeps its amount and no percentage, a percentage no amount.
    expect(made.session).toMatchObject({ target_id: null, agent_id: null, agent_name: null });
    expect(made.job).toMatchObject({ percent_bp: null, amount_minor: 2500, currency: "USD" });
    expect(made.plan).toMatchObject({ percent_bp: 1000, amount_minor: null, starts_on: TOMORROW, removable: true });
    expect(made.everyPack).toMatchObject({ agent_id: agentId, agent_name: names.agent });
    expect(made.plan.created_at).toBe(NOW.toISOString());
    // Newest first: by start, then by the order written.
    const listed = await listRules(ctx.database.db, NOW);
    const order = listed.map((r) => r.id);
    expect(order.indexOf(made.pack.id)).toBeLessThan(order.indexOf(made.session.id));
    // Written to the audit log, each.
    const audited = await ctx.database.db
      .selectFrom("audit_log")
      .select("subject")
      .where("kind", "=", "commission_rule.add")
      .execute();
    expect(audited.map((a) => a.subject)).toContain(`commission_rule:${made.job.id}`);
  });

  it("refuses a plan, package, job or pack that is not there, and an agent who is not, beside the field", async () => {
    for (const kind of ["plan", "relocation", "job", "pack"] as const) {
      const refused = await refusal(rule({ target: kind, target_id: 999_999 }));
      expect(refused, kind).toMatchObject({ status: 400, code: "validation.failed" });
      expect(refused.fields?.target_id?.[0]?.code, kind).toBe("commission.target_not_found");
    }
    const noAgent = await refusal(rule({ target: "session", agent_id: 999_999 }));
    expect(noAgent.fields?.agent_id?.[0]?.code).toBe("agent.not_found");
  });

  it("removes a rule only before its start: one starting today has started", async () => {
    const later = await rule({ target: "session", starts_on: TOMORROW });
    const today = await rule({ target: "session", starts_on: TODAY });
    expect([later.removable, today.removable]).toEqual([true, false]);
    const started = await refusal(removeRule(ctx.database.db, staffId, today.id, NOW));
    expect(started).toMatchObject({ status: 409, code: "commission.rule_started" });
    expect(await removeRule(ctx.database.db, staffId, later.id, NOW)).toEqual({ removed: true });
    const left = (await listRules(ctx.database.db, NOW)).map((r) => r.id);
    expect(left).toContain(today.id);
    expect(left).not.toContain(later.id);
    expect(await refusal(removeRule(ctx.database.db, staffId, later.id, NOW))).toMatchObject({
      status: 404,
      code: "commission.rule_not_found",
    });
  });

  it("decides a line by the agent's own rule, then the most specific target, the latest start, the latest written", async () => {
    const db = ctx.database.db;
    await db.deleteFrom("commission_rules").execute();
    const day = "2031-01-10";
    const at = (starts_on: string, v: Partial<RuleValues>) => rule({ starts_on, ...v });
    const line = (item_type: string, item_id: number, price_minor = 10_000, currency = "USD") => ({
      id: 1,
      item_type,
      item_id,
      price_minor,
      currency,
    });
    const decided = async (l: ReturnType<typeof line>) => (await ruleFor(db, agentId, l, day))?.id ?? null;

    // Nothing started yet for a relocation: none; an unknown kind of line: none.
    expect(await decided(line("relocation", ids.relocation))).toBeNull();
    expect(await decided(line("gift_card", 1))).toBeNull();
    const service = await at("2031-01-01", { target: "service", target_id: 2 });
    expect(await decided(line("relocation", ids.relocation))).toBe(service.id);
    const every = await at("2031-01-01", { target: "relocation" });
    expect(await decided(line("relocation", ids.relocation))).toBe(every.id);
    const one = await at("2031-01-01", { target: "relocation", target_id: ids.relocation });
    expect(await decided(line("relocation", ids.relocation))).toBe(one.id);
    // Another package than the one named: the rule for every package.
    expect(await decided(line("relocation", ids.relocation + 1000))).toBe(every.id);
    // The agent's own rule, however broad, before everyone's most specific.
    const own = await at("2031-01-01", { target: "service", target_id: 2, agent_id: agentId });
    expect(await decided(line("relocation", ids.relocation))).toBe(own.id);
    // Among the agent's own of one target: the latest start, then the latest written; one not started yet: not.
    const newer = await at("2031-01-05", { target: "service", target_id: 2, agent_id: agentId });
    expect(await decided(line("relocation", ids.relocation))).toBe(newer.id);
    const sameDay = await at("2031-01-05", { target: "service", target_id: 2, agent_id: agentId });
    expect(await decided(line("relocation", ids.relocation))).toBe(sameDay.id);
    await at("2031-01-11", { target: "relocation", target_id: ids.relocation, agent_id: agentId });
    expect(await decided(line("relocation", ids.relocation))).toBe(sameDay.id);

    // Each kind of line answers to its own targets and its service's.
    const jobs = await at("2031-01-01", { target: "job" });
    const packs = await at("2031-01-01", { target: "service", target_id: 1 });
    const sessions = await at("2031-01-01", { target: "session" });
    const plan = await at("2031-01-01", { target: "plan", target_id: ids.plan });
    expect(await decided(line("job", ids.job))).toBe(jobs.id);
    expect(await decided(line("session_pack", ids.pack))).toBe(packs.id);
    expect(await decided(line("mentor_booking", 1))).toBe(sessions.id);
    expect(await decided(line("service_plan", ids.plan))).toBe(plan.id);
    // A plan's service rule answers for another plan of the service.
    const planService = (
      await db.selectFrom("service_plans").select("service_id").where("id", "=", ids.plan).executeTakeFirstOrThrow()
    ).service_id;
    const otherPlan = await db
      .selectFrom("service_plans")
      .select("id")
      .where("service_id", "=", planService)
      .where("id", "<>", ids.plan)
      .executeTakeFirst();
    if (otherPlan) {
      const whole = await at("2031-01-01", { target: "service", target_id: planService });
      expect(await decided(line("service_plan", otherPlan.id))).toBe(whole.id);
    }
    // An amount in dollars decides no line in euros; a percentage does.
    await db.deleteFrom("commission_rules").execute();
    const fixed = await at("2031-01-01", { target: "job", rate: "fixed", amount_minor: 500 });
    expect(await decided(line("job", ids.job, 10_000, "EUR"))).toBeNull();
    expect(await decided(line("job", ids.job, 10_000, "USD"))).toBe(fixed.id);
    const percent = await at("2031-01-01", { target: "service", target_id: 3 });
    expect(await decided(line("job", ids.job, 10_000, "EUR"))).toBe(percent.id);
  });

  it("gives a percentage rounded half up, and an amount never above the price", () => {
    expect(commissionOn({ percent_bp: 1000, amount_minor: null }, 12_345)).toBe(1235);
    expect(commissionOn({ percent_bp: 1000, amount_minor: null }, 12_344)).toBe(1234);
    expect(commissionOn({ percent_bp: 1250, amount_minor: null }, 10_000)).toBe(1250);
    expect(commissionOn({ percent_bp: 0, amount_minor: null }, 10_000)).toBe(0);
    expect(commissionOn({ percent_bp: null, amount_minor: 2500 }, 10_000)).toBe(2500);
    expect(commissionOn({ percent_bp: null, amount_minor: 2500 }, 1_000)).toBe(1000);
    expect(commissionOn({ percent_bp: null, amount_minor: null }, 1_000)).toBe(0);
  });
});
