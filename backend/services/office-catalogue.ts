/**
 * The catalogue as staff keep it: jobs made, edited, published and unpublished (never deleted: carts, orders and
 * bookings may name them). A price change reaches the carts that hold the item (the agent sees the new price before
 * paying) and never an order already placed (orders keep what they were bought at). Each change is audited in its
 * own transaction.
 */
import { sql, type Kysely } from "kysely";
import type {
  Job,
  JobInput,
  MentorValues,
  OfficeJob,
  OfficeMentor,
  OfficePlan,
  OfficeRelocation,
  PlanValues,
  RelocationValues,
} from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { audit } from "./audit.js";
import { getJob } from "./catalogue.js";
import { getMentor } from "./mentors.js";

type JobValues = Omit<JobInput, "salary_min_minor" | "salary_max_minor"> & {
  country_code: string | null | undefined;
  salary_min_minor?: number | null;
  salary_max_minor?: number | null;
  placement_fee_minor: number;
};

const jobDescription = (j: { title: string; company: string; city: string }) =>
  `Job placement: ${j.title}, ${j.company} (${j.city})`;

async function checkCountry(db: Kysely<Database>, code: string) {
  const found = await db.selectFrom("countries").select("code").where("code", "=", code).executeTakeFirst();
  if (!found) throw new Invalid(FIX_FIELDS, { country_code: ["Choose a country from the list"] });
}

type CartItemType = "job" | "relocation" | "service_plan";

/** How many carts hold a catalogue item: a column of the item's own query (`idRef`: its id column). */
function inCartsColumn(itemType: CartItemType, idRef: "jobs.id" | "relocations.id" | "service_plans.id") {
  return sql<
    number | string
  >`(select count(*) from cart_items where cart_items.item_type = ${itemType} and cart_items.item_id = ${sql.ref(idRef)})`.as(
    "in_carts",
  );
}

/** An edited item's new price and name reach the carts holding it at once (placed orders keep theirs). */
async function repriceCarts(trx: Kysely<Database>, itemType: CartItemType, id: number, priceMinor: number, description: string) {
  await trx
    .updateTable("cart_items")
    .set({ price_minor: priceMinor, description })
    .where("item_type", "=", itemType)
    .where("item_id", "=", id)
    .execute();
}

async function officeJob(db: Kysely<Database>, job: Job): Promise<OfficeJob> {
  const row = await db
    .selectFrom("jobs")
    .select(["published", inCartsColumn("job", "jobs.id")])
    .where("id", "=", job.id)
    .executeTakeFirstOrThrow();
  return { ...job, published: row.published === 1, in_carts: Number(row.in_carts ?? 0) };
}

export async function getOfficeJob(db: Kysely<Database>, id: number): Promise<OfficeJob> {
  return officeJob(db, await getJob(db, id, { unpublished: true }));
}

export async function listOfficeJobs(db: Kysely<Database>, opts: { q?: string | null; page?: number | null; perPage?: number }) {
  const perPage = opts.perPage ?? 25;
  const page = opts.page ?? 1;
  let q = db.selectFrom("jobs");
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    q = q.where((eb) =>
      eb.or(["jobs.title", "jobs.company", "jobs.city"].map((c) => eb(sql`lower(${sql.ref(c)})`, "like", pattern))),
    );
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const ids = await q
    .select("jobs.id")
    .orderBy("jobs.posted_at", "desc")
    .orderBy("jobs.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const items = await Promise.all(ids.map((r) => getOfficeJob(db, r.id)));
  const total = Number(n);
  return { items, page, per_page: perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

function jobRow(v: JobValues) {
  return {
    title: v.title,
    company: v.company,
    country_code: v.country_code!,
    city: v.city,
    employment_type: v.employment_type,
    description: v.description,
    salary_min_minor: v.salary_min_minor ?? null,
    salary_max_minor: v.salary_max_minor ?? null,
    salary_currency: v.salary_min_minor != null || v.salary_max_minor != null ? "USD" : null,
    placement_fee_minor: v.placement_fee_minor,
  };
}

export async function createJob(db: Kysely<Database>, staffId: number, v: JobValues, now = new Date()) {
  await checkCountry(db, v.country_code!);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("jobs")
      .values({ ...jobRow(v), currency: "USD", posted_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, { staffId, kind: "job.create", subject: `job:${id}`, after: jobRow(v) }, now);
    return id;
  });
  return getOfficeJob(db, id);
}

/** Edits a job; carts holding it take its new price and name at once (orders placed keep theirs). */
export async function editJob(db: Kysely<Database>, staffId: number, id: number, v: JobValues, now = new Date()) {
  const before = await getOfficeJob(db, id);
  await checkCountry(db, v.country_code!);
  await db.transaction().execute(async (trx) => {
    const row = jobRow(v);
    await trx.updateTable("jobs").set(row).where("id", "=", id).execute();
    await repriceCarts(trx, "job", id, row.placement_fee_minor, jobDescription(row));
    const { country_name: _, posted_at: __, id: ___, published: ____, in_carts: _____, currency: ______, ...was } = before;
    await audit(trx, { staffId, kind: "job.edit", subject: `job:${id}`, before: was, after: row }, now);
  });
  return getOfficeJob(db, id);
}

/** Publishes or unpublishes a job: unpublished, agents no longer see or add it, and carts holding it cannot pay. */
export async function setJobPublished(db: Kysely<Database>, staffId: number, id: number, published: boolean, now = new Date()) {
  await setPublished(db, staffId, "job", id, published, now);
  return getOfficeJob(db, id);
}

// ---- mentors ------------------------------------------------------------------

export async function getOfficeMentor(db: Kysely<Database>, id: number, now = new Date()): Promise<OfficeMentor> {
  const mentor = await getMentor(db, id, { inactive: true });
  const row = await db
    .selectFrom("mentors")
    .select((eb) => [
      "active",
      eb
        .selectFrom("mentor_bookings")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("mentor_bookings.mentor_id", "=", "mentors.id")
        .where("mentor_bookings.status", "in", ["held", "confirmed"])
        .where("mentor_bookings.start_at", ">", now.toISOString())
        .as("upcoming"),
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...mentor, active: row.active === 1, upcoming_sessions: Number(row.upcoming ?? 0) };
}

export async function listOfficeMentors(db: Kysely<Database>) {
  const ids = await db.selectFrom("mentors").select("id").orderBy("name").execute();
  return Promise.all(ids.map((r) => getOfficeMentor(db, r.id)));
}

function mentorRow(v: MentorValues) {
  return {
    name: v.name,
    title: v.title,
    bio: v.bio,
    expertise: JSON.stringify(v.expertise),
    languages: JSON.stringify(v.languages),
    country_code: v.country_code!,
    time_zone: v.time_zone,
    rate_minor: v.rate_minor,
    currency: "USD",
    photo_url: v.photo_url ?? null,
  };
}

/** A mentor's weekly hours and days off, replaced whole (booked sessions are not touched). */
async function replaceHours(trx: Kysely<Database>, mentorId: number, v: Pick<MentorValues, "hours" | "time_off">) {
  const { hours } = v;
  await trx.deleteFrom("mentor_time_off").where("mentor_id", "=", mentorId).execute();
  if (v.time_off.length) {
    await trx
      .insertInto("mentor_time_off")
      .values(v.time_off.map((t) => ({ mentor_id: mentorId, starts_on: t.starts_on, ends_on: t.ends_on })))
      .execute();
  }
  await trx.deleteFrom("mentor_availability").where("mentor_id", "=", mentorId).execute();
  if (hours.length) {
    await trx
      .insertInto("mentor_availability")
      .values(
        hours.map((h) => ({ mentor_id: mentorId, weekday: h.weekday, start_minute: h.start_minute, end_minute: h.end_minute })),
      )
      .execute();
  }
}

export async function createMentor(db: Kysely<Database>, staffId: number, v: MentorValues, now = new Date()) {
  await checkCountry(db, v.country_code!);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto("mentors").values(mentorRow(v)).returning("id").executeTakeFirstOrThrow();
    await replaceHours(trx, id, v);
    await audit(
      trx,
      { staffId, kind: "mentor.create", subject: `mentor:${id}`, after: { ...mentorRow(v), hours: v.hours } },
      now,
    );
    return id;
  });
  return getOfficeMentor(db, id, now);
}

/**
 * Edits a mentor's profile and weekly hours. Booked sessions are never touched: new hours change only the free
 * slots (a session outside them still takes place).
 */
export async function editMentor(db: Kysely<Database>, staffId: number, id: number, v: MentorValues, now = new Date()) {
  const before = await getOfficeMentor(db, id, now);
  await checkCountry(db, v.country_code!);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("mentors").set(mentorRow(v)).where("id", "=", id).execute();
    await replaceHours(trx, id, v);
    await audit(
      trx,
      {
        staffId,
        kind: "mentor.edit",
        subject: `mentor:${id}`,
        before: {
          rate_minor: before.rate_minor,
          time_zone: before.time_zone,
          hours: before.availability,
          time_off: before.time_off,
        },
        after: { rate_minor: v.rate_minor, time_zone: v.time_zone, hours: v.hours, time_off: v.time_off },
      },
      now,
    );
  });
  return getOfficeMentor(db, id, now);
}

/** Inactive: the mentor leaves the agents' list and takes no new bookings; booked sessions stay. */
export async function setMentorActive(db: Kysely<Database>, staffId: number, id: number, active: boolean, now = new Date()) {
  const before = await getOfficeMentor(db, id, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("mentors")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      {
        staffId,
        kind: active ? "mentor.activate" : "mentor.deactivate",
        subject: `mentor:${id}`,
        before: { active: before.active },
        after: { active },
      },
      now,
    );
  });
  return getOfficeMentor(db, id, now);
}

// ---- relocation packages and service plans ------------------------------------

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
    await audit(
      trx,
      {
        staffId,
        kind: id ? "relocation.edit" : "relocation.create",
        subject: `relocation:${savedId}`,
        before: before ? { title: before.title, price_minor: before.price_minor } : undefined,
        after: { title: row.title, price_minor: row.price_minor },
      },
      now,
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
    .select([
      "service_plans.id",
      "service_plans.service_id",
      "services.name as service_name",
      "service_plans.name",
      "service_plans.description",
      "service_plans.price_minor",
      "service_plans.currency",
      "service_plans.published",
      inCartsColumn("service_plan", "service_plans.id"),
    ]);
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
    await audit(
      trx,
      {
        staffId,
        kind: id ? "plan.edit" : "plan.create",
        subject: `plan:${savedId}`,
        before: before ? { name: before.name, price_minor: before.price_minor } : undefined,
        after: { name: row.name, price_minor: row.price_minor },
      },
      now,
    );
    return savedId;
  });
  return getOfficePlan(db, saved);
}

const publishable = { job: "jobs", relocation: "relocations", plan: "service_plans" } as const;

/** Publishes or unpublishes a job, package or plan, with its audit row: unpublished, agents can no longer add it. */
export async function setPublished(
  db: Kysely<Database>,
  staffId: number,
  kind: keyof typeof publishable,
  id: number,
  published: boolean,
  now = new Date(),
) {
  const table = publishable[kind];
  const row = await db.selectFrom(table).select("published").where("id", "=", id).executeTakeFirst();
  if (!row)
    throw new NotFound(`No such ${kind === "plan" ? "service plan" : kind === "relocation" ? "relocation package" : "job"}.`);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(table)
      .set({ published: published ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      {
        staffId,
        kind: `${kind}.${published ? "publish" : "unpublish"}`,
        subject: `${kind}:${id}`,
        before: { published: row.published === 1 },
        after: { published },
      },
      now,
    );
  });
}
