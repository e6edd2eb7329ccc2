/** Relocation packages and service plans as staff keep them: listed, read, saved (carts repriced), published. */
import { type Kysely } from "kysely";
import type { OfficePlan, OfficeRelocation, PlanValues, RelocationValues } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { audit } from "./audit.js";
import { planColumns } from "./catalogue.js";
import { checkCountry, inCartsColumn, repriceCarts } from "./office-catalogue.js";

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
  if (!row) throw new NotFound("No such relocation package.");
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

export async function saveRelocation(
  db: Kysely<Database>,
  staffId: number,
  id: number | null,
  v: RelocationValues,
  now = new Date(),
) {
  await checkCountry(db, v.country_code!);
  const before = id ? await getOfficeRelocation(db, id) : null;
  const saved = await db.transaction().execute(async (trx) => {
    const row = relocationRow(v);
    let savedId = id;
    if (savedId) {
      await trx.updateTable("relocations").set(row).where("id", "=", savedId).execute();
      await repriceCarts(trx, "relocation", savedId, row.price_minor, `Relocation package: ${row.title}`);
    } else {
      savedId = (
        await trx
          .insertInto("relocations")
          .values({ ...row, currency: "USD" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await auditSave(
      trx,
      { staffId, what: "relocation", created: !id, id: savedId, now },
      before ? { title: before.title, price_minor: before.price_minor } : undefined,
      { title: row.title, price_minor: row.price_minor },
    );
    return savedId;
  });
  return getOfficeRelocation(db, saved);
}

/** Service plans as staff see them (published or not, with how many carts hold each): one query for one or all. */
function officePlans(db: Kysely<Database>) {
  return db
    .selectFrom("service_plans")
    .innerJoin("services", "services.id", "service_plans.service_id")
    .select([...planColumns, "service_plans.published", inCartsColumn("service_plan", "service_plans.id")]);
}

const toOfficePlan = (row: Awaited<ReturnType<ReturnType<typeof officePlans>["executeTakeFirstOrThrow"]>>): OfficePlan => ({
  ...row,
  published: row.published === 1,
  in_carts: Number(row.in_carts ?? 0),
});

export async function getOfficePlan(db: Kysely<Database>, id: number): Promise<OfficePlan> {
  const row = await officePlans(db).where("service_plans.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("No such service plan.");
  return toOfficePlan(row);
}

export async function listOfficePlans(db: Kysely<Database>) {
  const rows = await officePlans(db)
    .orderBy("service_plans.service_id")
    .orderBy("service_plans.sort_order")
    .orderBy("service_plans.id")
    .execute();
  return rows.map(toOfficePlan);
}

export async function savePlan(db: Kysely<Database>, staffId: number, id: number | null, v: PlanValues, now = new Date()) {
  const before = id ? await getOfficePlan(db, id) : null;
  const service = await db.selectFrom("services").select("name").where("id", "=", v.service_id).executeTakeFirstOrThrow();
  const saved = await db.transaction().execute(async (trx) => {
    const row = { service_id: v.service_id, name: v.name, description: v.description, price_minor: v.price_minor };
    let savedId = id;
    if (savedId) {
      await trx.updateTable("service_plans").set(row).where("id", "=", savedId).execute();
      await repriceCarts(trx, "service_plan", savedId, row.price_minor, `${service.name} plan: ${row.name}`);
    } else {
      const { max } = await trx
        .selectFrom("service_plans")
        .select((eb) => eb.fn.max("sort_order").as("max"))
        .where("service_id", "=", v.service_id)
        .executeTakeFirstOrThrow();
      savedId = (
        await trx
          .insertInto("service_plans")
          .values({ ...row, currency: "USD", sort_order: Number(max ?? 0) + 1 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await auditSave(
      trx,
      { staffId, what: "plan", created: !id, id: savedId, now },
      before ? { name: before.name, price_minor: before.price_minor } : undefined,
      { name: row.name, price_minor: row.price_minor },
    );
    return savedId;
  });
  return getOfficePlan(db, saved);
}

/** A package's or plan's save in the audit log: created or edited, its name and price before and after. */
function auditSave(
  trx: Kysely<Database>,
  save: { staffId: number; what: "relocation" | "plan"; created: boolean; id: number; now: Date },
  before: object | undefined,
  after: object,
) {
  const kind = `${save.what}.${save.created ? "create" : "edit"}`;
  return audit(trx, { staffId: save.staffId, kind, subject: `${save.what}:${save.id}`, before, after }, save.now);
}
