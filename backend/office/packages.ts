/** Relocation packages and service plans as staff keep them: listed, read, saved (carts repriced), published. */
import { type Kysely } from "kysely";
import type { PlanTexts } from "../../lib/catalogue-texts.js";
import type { OfficePlan, OfficeRelocation, PlanValues, RelocationValues } from "../../lib/contract.js";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import { audit } from "../audit.js";
import { planColumns } from "../catalogue/catalogue.js";
import { saveTexts, textsOf } from "../catalogue/texts.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { checkCountry, inCartsColumn, repriceCarts } from "./catalogue.js";

/** How many carts hold an item of this kind. */
/** Packages as staff see them (published or not, with how many carts hold each): one query for one or all. */
function officeRelocations(db: Kysely<Database>) {
  return db
    .selectFrom("relocations")
    .innerJoin("countries", "countries.code", "relocations.country_code")
    .selectAll("relocations")
    .select(["countries.name as country_name", inCartsColumn("relocation", "relocations.id")]);
}

function toOfficeRelocation(
  row: Awaited<ReturnType<ReturnType<typeof officeRelocations>["executeTakeFirstOrThrow"]>>,
): OfficeRelocation {
  const { published, includes, in_carts, ...r } = row;
  return { ...r, includes: JSON.parse(includes) as string[], published: published === 1, in_carts: Number(in_carts ?? 0) };
}

export async function getOfficeRelocation(db: Kysely<Database>, id: number): Promise<OfficeRelocation> {
  const row = await officeRelocations(db).where("relocations.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("relocation.not_found", "No such relocation package.");
  return toOfficeRelocation(row);
}

export async function listOfficeRelocations(db: Kysely<Database>) {
  return (await officeRelocations(db).orderBy("relocations.title").execute()).map(toOfficeRelocation);
}

function relocationRow(v: RelocationValues) {
  return {
    title: v.title,
    country_code: v.country_code!,
    city: v.city,
    description: v.description,
    includes: JSON.stringify(v.includes),
    duration_days: v.duration_days,
    price_minor: v.price_minor,
  };
}

export async function createRelocation(db: Kysely<Database>, staffId: number, v: RelocationValues, now = new Date()) {
  await checkCountry(db, v.country_code!);
  const row = relocationRow(v);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("relocations")
      .values({ ...row, currency: CATALOGUE_CURRENCY })
      .returning("id")
      .executeTakeFirstOrThrow();
    await auditSave(trx, { staffId, what: "relocation", id, now }, undefined, { title: row.title, price_minor: row.price_minor });
    return id;
  });
  return getOfficeRelocation(db, id);
}

/** Edits a package; carts holding it take its new price and name at once (orders placed keep theirs). */
export async function editRelocation(db: Kysely<Database>, staffId: number, id: number, v: RelocationValues, now = new Date()) {
  const before = await getOfficeRelocation(db, id);
  await checkCountry(db, v.country_code!);
  const row = relocationRow(v);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("relocations").set(row).where("id", "=", id).execute();
    await repriceCarts(trx, "relocation", id, row.price_minor, `Relocation package: ${row.title}`);
    await auditSave(
      trx,
      { staffId, what: "relocation", id, now },
      { title: before.title, price_minor: before.price_minor },
      { title: row.title, price_minor: row.price_minor },
    );
  });
  return getOfficeRelocation(db, id);
}

/** Service plans as staff see them (published or not, with how many carts hold each): one query for one or all. */
function officePlans(db: Kysely<Database>) {
  return db
    .selectFrom("service_plans")
    .innerJoin("services", "services.id", "service_plans.service_id")
    .select([
      ...planColumns,
      "service_plans.includes",
      "service_plans.published",
      inCartsColumn("service_plan", "service_plans.id"),
    ]);
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof officePlans>["executeTakeFirstOrThrow"]>>;

/** Plans with what the office wrote of each in the other languages. */
async function toOfficePlans(db: Kysely<Database>, rows: PlanRow[]): Promise<OfficePlan[]> {
  const texts = await textsOf<PlanTexts>(
    db,
    "plan",
    rows.map((r) => r.id),
    ["includes"],
  );
  return rows.map((row) => ({
    ...row,
    includes: JSON.parse(row.includes) as string[],
    texts: texts.get(row.id) ?? {},
    published: row.published === 1,
    in_carts: Number(row.in_carts ?? 0),
  }));
}

export async function getOfficePlan(db: Kysely<Database>, id: number): Promise<OfficePlan> {
  const row = await officePlans(db).where("service_plans.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("plan.not_found", "No such service plan.");
  return (await toOfficePlans(db, [row]))[0]!;
}

export async function listOfficePlans(db: Kysely<Database>) {
  const rows = await officePlans(db)
    .orderBy("service_plans.service_id")
    .orderBy("service_plans.sort_order")
    .orderBy("service_plans.id")
    .execute();
  return toOfficePlans(db, rows);
}

const planRow = (v: PlanValues) => ({
  service_id: v.service_id,
  name: v.name,
  description: v.description,
  price_minor: v.price_minor,
  ...(v.includes ? { includes: JSON.stringify(v.includes) } : {}),
});

export async function createPlan(db: Kysely<Database>, staffId: number, v: PlanValues, now = new Date()) {
  const row = planRow(v);
  const id = await db.transaction().execute(async (trx) => {
    // A new plan comes last among its service's.
    const { max } = await trx
      .selectFrom("service_plans")
      .select((eb) => eb.fn.max("sort_order").as("max"))
      .where("service_id", "=", v.service_id)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto("service_plans")
      .values({ ...row, currency: CATALOGUE_CURRENCY, sort_order: Number(max ?? 0) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveTexts(trx, "plan", id, v.texts, now);
    await auditSave(trx, { staffId, what: "plan", id, now }, undefined, { name: row.name, price_minor: row.price_minor });
    return id;
  });
  return getOfficePlan(db, id);
}

/** Edits a plan; carts holding it take its new price and name at once (orders placed keep theirs). */
export async function editPlan(db: Kysely<Database>, staffId: number, id: number, v: PlanValues, now = new Date()) {
  const before = await getOfficePlan(db, id);
  const service = await db.selectFrom("services").select("name").where("id", "=", v.service_id).executeTakeFirstOrThrow();
  const row = planRow(v);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("service_plans").set(row).where("id", "=", id).execute();
    await saveTexts(trx, "plan", id, v.texts, now);
    await repriceCarts(trx, "service_plan", id, row.price_minor, `${service.name} plan: ${row.name}`);
    await auditSave(
      trx,
      { staffId, what: "plan", id, now },
      { name: before.name, price_minor: before.price_minor },
      { name: row.name, price_minor: row.price_minor },
    );
  });
  return getOfficePlan(db, id);
}

/** A package's or plan's save in the audit log: created (no `before`) or edited, its name and price before and after. */
function auditSave(
  trx: Kysely<Database>,
  save: { staffId: number; what: "relocation" | "plan"; id: number; now: Date },
  before: object | undefined,
  after: object,
) {
  // No "before": a new one.
  const kind = `${save.what}.${before ? "edit" : "create"}`;
  return audit(trx, { staffId: save.staffId, kind, subject: `${save.what}:${save.id}`, before, after }, save.now);
}
