/**
 * Where a client's case stands (issue 39, point 3; lib/contract/stages.ts). The office's stages per service, kept in
 * order (each change audited), and each client's case per service: the stage it stands at and the agent's word for
 * the client. A client "has" a service when an order paid for them bought it (a plan of it, a job for Job
 * Placement, a relocation package for Relocation, a session for Mentorship), or once a case for it was moved.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { CaseStage, ClientCase, MyCaseStage, ServiceStages } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { SERVICES } from "../../lib/rules.js";
import { stageName } from "../../lib/stage-name.js";
import { audit } from "../audit.js";
import { clientEvent } from "../clients/case-file.js";
import { ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { caseMovedNotice } from "./notices.js";

type Db = Kysely<Database>;
type StageRow = Awaited<ReturnType<typeof stageRows>>[number];
type Names = { name: string; name_ar?: string | null; name_es?: string | null; name_fr?: string | null };

function stageRows(db: Db) {
  return db
    .selectFrom("case_stages")
    .select(["id", "service_id", "position", "name", "name_ar", "name_es", "name_fr", "retired_at"])
    .orderBy("service_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
}
const toStage = (r: StageRow): CaseStage => ({
  id: r.id,
  service_id: r.service_id,
  position: r.position,
  name: r.name,
  name_ar: r.name_ar,
  name_es: r.name_es,
  name_fr: r.name_fr,
  retired: r.retired_at !== null,
});

export async function listStages(db: Db): Promise<ServiceStages[]> {
  const [services, rows] = await Promise.all([
    db.selectFrom("services").select(["id", "name"]).orderBy("id").execute(),
    stageRows(db),
  ]);
  return services.map((s) => ({
    service_id: s.id,
    service_name: s.name,
    stages: rows.filter((r) => r.service_id === s.id).map(toStage),
  }));
}

async function oneStage(db: Db, id: number) {
  const row = await db
    .selectFrom("case_stages")
    .select(["id", "service_id", "position", "name", "name_ar", "name_es", "name_fr", "retired_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFound("stage.not_found", "No such stage.");
  return row;
}

const namesOf = (v: Names) => ({
  name: v.name,
  name_ar: v.name_ar ?? null,
  name_es: v.name_es ?? null,
  name_fr: v.name_fr ?? null,
});

/** A new stage, last of its service's. */
export async function addStage(db: Db, staffId: number, v: Names & { service_id: number }, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const service = await trx.selectFrom("services").select("id").where("id", "=", v.service_id).executeTakeFirst();
    if (!service) {
      const message = "Choose one of the services.";
      throw new Invalid("stage.no_service", message, { service_id: [fieldError("stage.no_service", message)] });
    }
    const last = await trx
      .selectFrom("case_stages")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("service_id", "=", v.service_id)
      .executeTakeFirst();
    const row = await trx
      .insertInto("case_stages")
      .values({
        service_id: v.service_id,
        position: Number(last?.p ?? 0) + 1,
        ...namesOf(v),
        retired_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { staffId, kind: "stage.added", subject: `stage:${row.id}`, after: namesOf(v) }, now);
    return toStage(row);
  });
}

export async function editStage(db: Db, staffId: number, id: number, v: Names, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const before = await oneStage(trx, id);
    const row = await trx
      .updateTable("case_stages")
      .set({ ...namesOf(v), updated_at: now.toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { staffId, kind: "stage.renamed", subject: `stage:${id}`, before: namesOf(before), after: namesOf(v) }, now);
    return toStage(row);
  });
}

/** One place up or down among its service's stages: the service's order is written anew, 1 to n. */
export async function moveStage(db: Db, staffId: number, id: number, direction: "up" | "down", now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const stage = await oneStage(trx, id);
    // The service's stages held until the order is written (PostgreSQL; SQLite's writes are serialised already).
    const q = trx
      .selectFrom("case_stages")
      .select("id")
      .where("service_id", "=", stage.service_id)
      .orderBy("position")
      .orderBy("id");
    const order = await (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).execute();
    const ids = order.map((r) => r.id);
    const at = ids.indexOf(id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [i, sid] of ids.entries()) {
      await trx
        .updateTable("case_stages")
        .set({ position: i + 1 })
        .where("id", "=", sid)
        .execute();
    }
    await audit(
      trx,
      { staffId, kind: "stage.moved", subject: `stage:${id}`, before: { position: at + 1 }, after: { position: to + 1 } },
      now,
    );
  });
  const stage = await oneStage(db, id);
  return (await listStages(db)).find((s) => s.service_id === stage.service_id)!;
}

export async function retireStage(db: Db, staffId: number, id: number, retired: boolean, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const before = await oneStage(trx, id);
    const row = await trx
      .updateTable("case_stages")
      .set({ retired_at: retired ? (before.retired_at ?? now.toISOString()) : null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      { staffId, kind: retired ? "stage.retired" : "stage.restored", subject: `stage:${id}`, before: { name: before.name } },
      now,
    );
    return toStage(row);
  });
}

/** The services a client has: paid for them, or with a case already moved. */
async function servicesOf(db: Db, clientId: number): Promise<number[]> {
  const [paid, moved] = await Promise.all([
    db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .leftJoin("service_plans as p", (j) => j.onRef("p.id", "=", "i.item_id").on("i.item_type", "=", "service_plan"))
      .select(
        sql<number>`case i.item_type when 'job' then ${SERVICES.jobPlacement} when 'relocation' then ${SERVICES.relocation} when 'mentor_booking' then ${SERVICES.mentorship} else p.service_id end`.as(
          "service_id",
        ),
      )
      .where("i.client_id", "=", clientId)
      .where("o.status", "=", "paid")
      .execute(),
    db.selectFrom("client_cases").select("service_id").where("client_id", "=", clientId).execute(),
  ]);
  const ids = new Set([...paid, ...moved].map((r) => Number(r.service_id)).filter((n) => Number.isInteger(n) && n > 0));
  return [...ids].sort((a, b) => a - b);
}

/** The client's cases, one per service they have, as `lang` names them. */
async function casesOf(db: Db, clientId: number) {
  const serviceIds = await servicesOf(db, clientId);
  if (!serviceIds.length) return [];
  const [services, stages, cases] = await Promise.all([
    db.selectFrom("services").select(["id", "name"]).where("id", "in", serviceIds).orderBy("id").execute(),
    stageRows(db),
    db.selectFrom("client_cases").selectAll().where("client_id", "=", clientId).execute(),
  ]);
  return services.map((s) => {
    const c = cases.find((x) => x.service_id === s.id);
    // Retired stages are left out, but for the one the case stands at.
    const own = stages.filter((r) => r.service_id === s.id && (r.retired_at === null || r.id === c?.stage_id));
    return { service: s, stages: own, case: c };
  });
}

export async function clientCases(db: Db, agentId: number, clientId: number): Promise<ClientCase[]> {
  await ownClient(db, agentId, clientId, "read");
  return (await casesOf(db, clientId)).map((x) => ({
    service_id: x.service.id,
    service_name: x.service.name,
    stages: x.stages.map((r) => ({ id: r.id, name: r.name })),
    stage_id: x.case?.stage_id ?? null,
    note: x.case?.note ?? null,
    moved_at: x.case ? new Date(x.case.moved_at).toISOString() : null,
  }));
}

/** The client's own view, in their language, with how many documents of each service are still asked of them. */
export async function myCaseStages(db: Db, clientId: number, lang: string): Promise<MyCaseStage[]> {
  const [cases, asked] = await Promise.all([
    casesOf(db, clientId),
    db
      .selectFrom("client_documents")
      .select((eb) => ["service_id", eb.fn.countAll<number>().as("n")])
      .where("client_id", "=", clientId)
      .where("status", "=", "missing")
      .where("service_id", "is not", null)
      .groupBy("service_id")
      .execute(),
  ]);
  return cases.map((x) => ({
    service_id: x.service.id,
    service_name: x.service.name,
    stages: x.stages.map((r) => stageName(r, lang)),
    current: x.case ? x.stages.findIndex((r) => r.id === x.case!.stage_id) : -1,
    note: x.case?.note ?? null,
    moved_at: x.case ? new Date(x.case.moved_at).toISOString() : null,
    asked: Number(asked.find((a) => a.service_id === x.service.id)?.n ?? 0),
  }));
}

/**
 * Moves the client's case for a service to a stage of it (not a retired one), with a word for the client: on the
 * timeline, and e-mailed to the client in their language. Moving it to where it stands with the same word changes
 * nothing and sends nothing.
 */
export async function moveCase(
  db: Db,
  agentId: number,
  clientId: number,
  serviceId: number,
  v: { stage_id: number; note?: string | null },
  publicUrl: string,
  now = new Date(),
): Promise<ClientCase> {
  const note = v.note ?? null;
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    // The client's case for this service, read once: whether they have it, and its stages' order for "what is next".
    const theCase = (await casesOf(trx, clientId)).find((x) => x.service.id === serviceId);
    if (!theCase) throw new NotFound("case.no_service", "The client does not have this service.");
    const stage = await trx
      .selectFrom("case_stages")
      .selectAll()
      .where("id", "=", v.stage_id)
      .where("service_id", "=", serviceId)
      .where("retired_at", "is", null)
      .executeTakeFirst();
    if (!stage) {
      const message = "Choose one of this service's stages.";
      throw new Invalid("case.stage_not_offered", message, { stage_id: [fieldError("case.stage_not_offered", message)] });
    }
    const before = await trx
      .selectFrom("client_cases")
      .select(["stage_id", "note"])
      .where("client_id", "=", clientId)
      .where("service_id", "=", serviceId)
      .executeTakeFirst();
    if (before && before.stage_id === stage.id && (before.note ?? null) === note) return;
    const stamp = now.toISOString();
    await trx
      .insertInto("client_cases")
      .values({
        client_id: clientId,
        service_id: serviceId,
        stage_id: stage.id,
        note,
        moved_at: stamp,
        moved_by_agent_id: agentId,
      })
      .onConflict((oc) =>
        oc
          .columns(["client_id", "service_id"])
          .doUpdateSet({ stage_id: stage.id, note, moved_at: stamp, moved_by_agent_id: agentId }),
      )
      .execute();
    const service = await trx.selectFrom("services").select("name").where("id", "=", serviceId).executeTakeFirstOrThrow();
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "case.moved",
        summary: `${service.name}: the case is now at "${stage.name}"${note ? `. For the client: ${note}` : ""}`,
      },
      now,
    );
    const order = theCase.stages.filter((r) => r.retired_at === null);
    const next = order[order.findIndex((r) => r.id === stage.id) + 1] ?? null;
    await caseMovedNotice(trx, { clientId, serviceId, stage, next, note, publicUrl }, now);
  });
  return (await clientCases(db, agentId, clientId)).find((c) => c.service_id === serviceId)!;
}
