/** Countries, jobs, relocation packages and service plans: what an agent can choose from. */
import { sql, type Kysely } from "kysely";
import { planTextFields } from "../../lib/catalogue-texts.js";
import type { Country, Job, PublicPlan, Relocation, ServicePlan } from "../../lib/contract.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { relocationPlanBlocker, SERVICES } from "../../lib/rules.js";
import { getClient } from "../clients/clients.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { boughtKey, boughtPlans } from "./bought.js";
import { inLanguage } from "./texts.js";

export async function listCountries(db: Kysely<Database>): Promise<Country[]> {
  const rows = await db.selectFrom("countries").select(["code", "name"]).execute();
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en"));
}

const jobColumns = [
  "jobs.id",
  "jobs.title",
  "jobs.company",
  "jobs.country_code",
  "countries.name as country_name",
  "jobs.city",
  "jobs.employment_type",
  "jobs.description",
  "jobs.salary_min_minor",
  "jobs.salary_max_minor",
  "jobs.salary_currency",
  "jobs.placement_fee_minor",
  "jobs.currency",
  "jobs.posted_at",
] as const;

export async function listJobs(db: Kysely<Database>, filter: { country?: string | null; q?: string | null }): Promise<Job[]> {
  // Agents see published jobs only: staff unpublish what is no longer offered.
  let query = db
    .selectFrom("jobs")
    .innerJoin("countries", "countries.code", "jobs.country_code")
    .select(jobColumns)
    .where("jobs.published", "=", 1);
  if (filter.country) query = query.where("jobs.country_code", "=", filter.country);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or(
        ["jobs.title", "jobs.company", "jobs.city", "jobs.description"].map((c) =>
          eb(sql`lower(${sql.ref(c)})`, "like", pattern),
        ),
      ),
    );
  }
  return query.orderBy("jobs.posted_at", "desc").orderBy("jobs.id", "desc").execute();
}

/** A published job (`unpublished: true`: any, for the back office). */
export async function getJob(db: Kysely<Database>, id: number, opts: { unpublished?: boolean } = {}): Promise<Job> {
  let query = db
    .selectFrom("jobs")
    .innerJoin("countries", "countries.code", "jobs.country_code")
    .select(jobColumns)
    .where("jobs.id", "=", id);
  if (!opts.unpublished) query = query.where("jobs.published", "=", 1);
  const job = await query.executeTakeFirst();
  if (!job) throw new NotFound("job.not_found", "No such job.");
  return job;
}

const relocationColumns = [
  "relocations.id",
  "relocations.title",
  "relocations.country_code",
  "countries.name as country_name",
  "relocations.city",
  "relocations.description",
  "relocations.includes",
  "relocations.duration_days",
  "relocations.price_minor",
  "relocations.currency",
] as const;

function toRelocation(row: Omit<Relocation, "includes"> & { includes: string }): Relocation {
  return { ...row, includes: JSON.parse(row.includes) as string[] };
}

export async function listRelocations(db: Kysely<Database>, filter: { country?: string | null }): Promise<Relocation[]> {
  let query = db
    .selectFrom("relocations")
    .innerJoin("countries", "countries.code", "relocations.country_code")
    .select(relocationColumns)
    .where("relocations.published", "=", 1);
  if (filter.country) query = query.where("relocations.country_code", "=", filter.country);
  const rows = await query.orderBy("countries.name").orderBy("relocations.id").execute();
  return rows.map(toRelocation);
}

export async function getRelocation(db: Kysely<Database>, id: number): Promise<Relocation> {
  const row = await db
    .selectFrom("relocations")
    .innerJoin("countries", "countries.code", "relocations.country_code")
    .select(relocationColumns)
    .where("relocations.id", "=", id)
    .where("relocations.published", "=", 1)
    .executeTakeFirst();
  if (!row) throw new NotFound("relocation.not_found", "No such relocation package.");
  return toRelocation(row);
}

/** A service plan's columns as agents and staff both read them (service_plans joined to services). */
export const planColumns = [
  "service_plans.id",
  "service_plans.service_id",
  "services.name as service_name",
  "service_plans.name",
  "service_plans.description",
  "service_plans.price_minor",
  "service_plans.currency",
] as const;

/**
 * The plans that fit a client: mentorship and job placement plans always; relocation plans
 * only once the client has a destination country that differs from where they live now.
 * Each says whether it is already in the cart for this client.
 */
export async function plansForClient(db: Kysely<Database>, agentId: number, clientId: number): Promise<ServicePlan[]> {
  const client = await getClient(db, agentId, clientId);
  const relocationOpen = !relocationPlanBlocker(client);
  const [plans, inCart, bought] = await Promise.all([
    db
      .selectFrom("service_plans")
      .innerJoin("services", "services.id", "service_plans.service_id")
      .select(planColumns)
      .where("service_plans.published", "=", 1)
      .orderBy("service_plans.service_id")
      .orderBy("service_plans.sort_order")
      .execute(),
    db
      .selectFrom("cart_items")
      .select("item_id")
      .where("agent_id", "=", agentId)
      .where("client_id", "=", clientId)
      .where("item_type", "=", "service_plan")
      .execute(),
    boughtPlans(db, agentId, clientId),
  ]);
  const chosen = new Set(inCart.map((r) => r.item_id));
  return plans
    .filter((p) => p.service_id !== SERVICES.relocation || relocationOpen)
    .map((p) => ({ ...p, in_cart: chosen.has(p.id), bought: bought.get(boughtKey(clientId, p.id)) ?? null }));
}

/** A service's published plans for its public page: what they are and cost, nothing of any agent or client. */
export async function publicPlans(db: Kysely<Database>, serviceId: number, lang: Lang = "en"): Promise<PublicPlan[]> {
  const rows = await db
    .selectFrom("service_plans")
    .select(["id", "service_id", "name", "description", "includes", "price_minor", "currency"])
    .where("published", "=", 1)
    .where("service_id", "=", serviceId)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const plans = rows.map((r) => ({ ...r, includes: JSON.parse(r.includes) as string[] }));
  return inLanguage(db, "plan", plans, lang, planTextFields, ["includes"]);
}
