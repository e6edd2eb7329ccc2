/** Jobs as staff keep them: listed, read, added, edited (carts repriced), published and unpublished. */
import { sql, type Kysely } from "kysely";
import type { Job, JobInput, OfficeJob } from "../../lib/contract.js";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import { audit } from "../audit.js";
import { getJob } from "../catalogue/catalogue.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { checkCountry, inCartsColumn, repriceCarts, setPublished } from "./catalogue.js";

type JobValues = Omit<JobInput, "salary_min_minor" | "salary_max_minor"> & {
  country_code: string | null | undefined;
  salary_min_minor?: number | null;
  salary_max_minor?: number | null;
  placement_fee_minor: number;
};

const jobDescription = (j: { title: string; company: string; city: string }) =>
  `Job placement: ${j.title}, ${j.company} (${j.city})`;

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
    salary_currency: v.salary_min_minor != null || v.salary_max_minor != null ? CATALOGUE_CURRENCY : null,
    placement_fee_minor: v.placement_fee_minor,
  };
}

export async function createJob(db: Kysely<Database>, staffId: number, v: JobValues, now = new Date()) {
  await checkCountry(db, v.country_code!);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("jobs")
      .values({ ...jobRow(v), currency: CATALOGUE_CURRENCY, posted_at: now.toISOString() })
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
