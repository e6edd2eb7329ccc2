/**
 * The office's commission rules (issue 41): added (audited), listed with what each is for in words, and removed only
 * before they start (a started rule decided accruals: it is ended by a new rule from a later date, 0 % if need be).
 */
import type { Kysely } from "kysely";
import type { CommissionRule, RuleValues } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";

type Db = Kysely<Database>;

const kindNames = { relocation: "relocation package", job: "job placement", pack: "session pack" } as const;

/** The name of each rule's target, read in one query a kind. */
async function targetNames(db: Db, rules: Array<{ target: string; target_id: number | null }>) {
  const ids = (target: string) => rules.filter((r) => r.target === target && r.target_id !== null).map((r) => r.target_id!);
  const [services, plans, relocations, jobs, packs] = await Promise.all([
    db.selectFrom("services").select(["id", "name"]).execute(),
    ids("plan").length ? db.selectFrom("service_plans").select(["id", "name"]).where("id", "in", ids("plan")).execute() : [],
    ids("relocation").length
      ? db.selectFrom("relocations").select(["id", "title as name"]).where("id", "in", ids("relocation")).execute()
      : [],
    ids("job").length ? db.selectFrom("jobs").select(["id", "title as name"]).where("id", "in", ids("job")).execute() : [],
    ids("pack").length ? db.selectFrom("session_packs").select(["id", "name"]).where("id", "in", ids("pack")).execute() : [],
  ]);
  const of = { service: services, plan: plans, relocation: relocations, job: jobs, pack: packs } as Record<
    string,
    Array<{ id: number; name: string }>
  >;
  return (r: { target: string; target_id: number | null }) => {
    if (r.target === "session") return "Single mentor sessions";
    const name = of[r.target]?.find((x) => x.id === r.target_id)?.name;
    if (r.target === "service") return `${name ?? "A service"} (everything of it)`;
    if (r.target === "plan") return `Plan: ${name ?? `#${r.target_id}`}`;
    const kind = kindNames[r.target as keyof typeof kindNames];
    return r.target_id === null ? `Every ${kind}` : `${kind[0]!.toUpperCase()}${kind.slice(1)}: ${name ?? `#${r.target_id}`}`;
  };
}

export async function listRules(db: Db, now = new Date()): Promise<CommissionRule[]> {
  const rows = await db
    .selectFrom("commission_rules")
    .leftJoin("agents", "agents.id", "commission_rules.agent_id")
    .selectAll("commission_rules")
    .select("agents.name as agent_name")
    .orderBy("commission_rules.starts_on", "desc")
    .orderBy("commission_rules.id", "desc")
    .execute();
  const nameOf = await targetNames(db, rows);
  const today = now.toISOString().slice(0, 10);
  return rows.map((r) => ({
    id: r.id,
    target: r.target,
    target_id: r.target_id,
    target_name: nameOf(r),
    agent_id: r.agent_id,
    agent_name: r.agent_name,
    percent_bp: r.percent_bp,
    amount_minor: r.amount_minor,
    currency: r.currency,
    starts_on: r.starts_on,
    created_at: new Date(r.created_at).toISOString(),
    removable: r.starts_on > today,
  }));
}

const targetTables = { plan: "service_plans", relocation: "relocations", job: "jobs", pack: "session_packs" } as const;

export async function addRule(db: Db, staffId: number, v: RuleValues, now = new Date()): Promise<CommissionRule> {
  const table = v.target in targetTables ? targetTables[v.target as keyof typeof targetTables] : null;
  if (table && v.target_id !== undefined) {
    const found = await db.selectFrom(table).select("id").where("id", "=", v.target_id).executeTakeFirst();
    if (!found)
      throw new Invalid("validation.failed", FIX_FIELDS, {
        target_id: [fieldError("commission.target_not_found", "Choose one from the list")],
      });
  }
  if (v.agent_id !== undefined) {
    const agent = await db.selectFrom("agents").select("id").where("id", "=", v.agent_id).executeTakeFirst();
    if (!agent)
      throw new Invalid("validation.failed", FIX_FIELDS, {
        agent_id: [fieldError("agent.not_found", "Choose an agent from the list")],
      });
  }
  const row = {
    target: v.target,
    target_id: v.target === "session" ? null : (v.target_id ?? null),
    agent_id: v.agent_id ?? null,
    percent_bp: v.rate === "percent" ? v.percent_bp! : null,
    amount_minor: v.rate === "fixed" ? v.amount_minor! : null,
    currency: CATALOGUE_CURRENCY,
    starts_on: v.starts_on,
    created_by: staffId,
    created_at: now.toISOString(),
  };
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto("commission_rules").values(row).returning("id").executeTakeFirstOrThrow();
    await audit(trx, { staffId, kind: "commission_rule.add", subject: `commission_rule:${id}`, after: row }, now);
    return id;
  });
  return (await listRules(db, now)).find((r) => r.id === id)!;
}

export async function removeRule(db: Db, staffId: number, id: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    const rule = await trx.selectFrom("commission_rules").selectAll().where("id", "=", id).executeTakeFirst();
    if (!rule) throw new NotFound("commission.rule_not_found", "No such commission rule.");
    // Guarded: a rule that has started (or starts today) may have decided an accrual already.
    const removed = await trx
      .deleteFrom("commission_rules")
      .where("id", "=", id)
      .where("starts_on", ">", today)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1)
      throw new Conflict(
        "commission.rule_started",
        "This rule has started: it stays. Add a rule from a later date to change the commission from then.",
      );
    await audit(trx, { staffId, kind: "commission_rule.remove", subject: `commission_rule:${id}`, before: rule }, now);
  });
  return { removed: true as const };
}
