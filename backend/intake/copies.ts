/**
 * A client's questionnaires (issue 40, point 2): a copy of a questionnaire at its version now, sent by a service's
 * payment (in the payment's transaction; the client is told on the sweep's next round) or by the agent (told at
 * once); at most one copy not yet accepted per client and questionnaire (a unique index, so a payment delivered
 * twice or an agent sending again adds nothing). The agent reads the answers; what follows the answering (submit,
 * return, accept) is in ./review.ts.
 */
import { sql, type Kysely } from "kysely";
import type {
  AnsweredFile,
  AnswerRow,
  ClientQuestionnaire,
  ClientQuestionnaires,
  ClientQuestionnaireSummary,
} from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { allQuestions, isAnswered, isShown, type AnswerValue, type QuestionnaireContent } from "../../lib/intake.js";
import { clientEvent } from "../clients/case-file.js";
import { ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { lineService } from "../documents/changes.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { tellClient } from "./notices.js";

type Db = Kysely<Database>;
export const NO_COPY = "No such questionnaire.";

function copyRows(db: Db) {
  return db
    .selectFrom("client_questionnaires as cq")
    .innerJoin("questionnaire_versions as v", "v.id", "cq.version_id")
    .innerJoin("questionnaires as q", "q.id", "cq.questionnaire_id")
    .select([
      "cq.id",
      "cq.client_id",
      "cq.agent_id",
      "cq.questionnaire_id",
      "cq.service_id",
      "cq.status",
      "cq.review_note",
      "cq.sent_at",
      "cq.submitted_at",
      "cq.returned_at",
      "cq.accepted_at",
      "q.name",
      "v.number as version",
      "v.content",
    ])
    .orderBy("cq.id", "desc");
}
type CopyRow = Awaited<ReturnType<ReturnType<typeof copyRows>["execute"]>>[number];

async function answersOf(db: Db, ids: number[]) {
  const out = new Map<number, Record<string, AnswerRow>>();
  if (!ids.length) return out;
  const rows = await db.selectFrom("questionnaire_answers").selectAll().where("client_questionnaire_id", "in", ids).execute();
  for (const r of rows) {
    const answers = out.get(r.client_questionnaire_id) ?? {};
    answers[r.question_key] = {
      value: r.value === null ? null : (JSON.parse(r.value) as AnswerValue),
      returned: Number(r.returned) === 1,
      returned_note: r.returned_note,
    };
    out.set(r.client_questionnaire_id, answers);
  }
  return out;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
/** The answers as values, for deciding which questions are shown. */
export const valuesOf = (answers: Record<string, AnswerRow>) =>
  Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.value ?? undefined]));

function summary(r: CopyRow, answers: Record<string, AnswerRow>): ClientQuestionnaireSummary {
  const content = JSON.parse(r.content) as QuestionnaireContent;
  const values = valuesOf(answers);
  const shown = allQuestions(content).filter((q) => isShown(content, q, values));
  return {
    id: r.id,
    questionnaire_id: r.questionnaire_id,
    name: r.name,
    title: content.title,
    version: r.version,
    status: r.status,
    service_id: r.service_id,
    sent_at: iso(r.sent_at)!,
    submitted_at: iso(r.submitted_at),
    returned_at: iso(r.returned_at),
    accepted_at: iso(r.accepted_at),
    answered: shown.filter((q) => isAnswered(answers[q.key]?.value)).length,
    shown: shown.length,
  };
}

/**
 * Copies in full, with their answers and the files answered (by question key; each reader downloads them from their
 * own side): one query for every copy's answers and one for every file, however many copies.
 */
async function fullCopies(db: Db, rows: CopyRow[]): Promise<ClientQuestionnaire[]> {
  const answers = await answersOf(
    db,
    rows.map((r) => r.id),
  );
  const copies = rows.map((row) => ({
    row,
    content: JSON.parse(row.content) as QuestionnaireContent,
    answers: answers.get(row.id) ?? {},
  }));
  const wanted = copies.flatMap((c) =>
    allQuestions(c.content)
      .filter((q) => q.kind === "file" && typeof c.answers[q.key]?.value === "string")
      .map((q) => ({ copy: c.row.id, key: q.key, id: Number(c.answers[q.key]!.value) })),
  );
  const files = wanted.length
    ? await db
        .selectFrom("client_documents as d")
        .innerJoin("document_files as f", "f.id", "d.file_id")
        .select(["d.id", "f.id as file_id", "f.file_name"])
        .where(
          "d.id",
          "in",
          wanted.map((w) => w.id),
        )
        .execute()
    : [];
  return copies.map(({ row, content, answers: given }) => {
    const own: Record<string, AnsweredFile> = {};
    for (const w of wanted.filter((x) => x.copy === row.id)) {
      const f = files.find((r) => r.id === w.id);
      if (f) own[w.key] = { document_id: f.id, file_id: f.file_id, file_name: f.file_name };
    }
    return { ...summary(row, given), content, answers: given, files: own, review_note: row.review_note };
  });
}

/** One copy in full, with its answers; `where` narrows to the caller's own (404 otherwise). */
export async function fullCopy(db: Db, id: number, owner: { clientId: number; agentId?: number }): Promise<ClientQuestionnaire> {
  let q = copyRows(db).where("cq.id", "=", id).where("cq.client_id", "=", owner.clientId);
  if (owner.agentId !== undefined) q = q.where("cq.agent_id", "=", owner.agentId);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFound("questionnaire.not_found", NO_COPY);
  return (await fullCopies(db, [row]))[0]!;
}

/** Every client's copy of one questionnaire in full, oldest first (the office's export; at most 5,000). */
export async function questionnaireCopies(db: Db, questionnaireId: number) {
  const rows = await copyRows(db)
    .clearOrderBy()
    .where("cq.questionnaire_id", "=", questionnaireId)
    .orderBy("cq.id")
    .limit(5000)
    .execute();
  return fullCopies(db, rows);
}

async function summaries(db: Db, rows: CopyRow[]) {
  const answers = await answersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => summary(r, answers.get(r.id) ?? {}));
}

export async function clientQuestionnaires(db: Db, agentId: number, clientId: number): Promise<ClientQuestionnaires> {
  await ownClient(db, agentId, clientId, "read");
  const [rows, offered] = await Promise.all([
    copyRows(db).where("cq.client_id", "=", clientId).where("cq.agent_id", "=", agentId).execute(),
    db.selectFrom("questionnaires").select(["id", "name"]).where("retired_at", "is", null).orderBy("name").execute(),
  ]);
  const open = new Set(rows.filter((r) => r.status !== "accepted").map((r) => r.questionnaire_id));
  return { items: await summaries(db, rows), can_send: offered.filter((q) => !open.has(q.id)) };
}

export async function myQuestionnaires(db: Db, clientId: number) {
  return summaries(db, await copyRows(db).where("cq.client_id", "=", clientId).execute());
}

/** A new copy at the questionnaire's version now, unless one is out; its id, or null when one was. */
async function newCopy(
  trx: Db,
  c: { agentId: number; clientId: number; questionnaireId: number; serviceId: number | null; notified: boolean },
  now: Date,
) {
  const stamp = now.toISOString();
  const q = await trx
    .selectFrom("questionnaires as q")
    .innerJoin("questionnaire_versions as v", (j) =>
      j.onRef("v.questionnaire_id", "=", "q.id").onRef("v.number", "=", "q.current_version"),
    )
    .select(["q.name", "q.retired_at", "v.id as version_id"])
    .where("q.id", "=", c.questionnaireId)
    .executeTakeFirst();
  if (!q) return { missing: true as const };
  if (q.retired_at) return { retired: true as const };
  const row = await trx
    .insertInto("client_questionnaires")
    .values({
      client_id: c.clientId,
      agent_id: c.agentId,
      questionnaire_id: c.questionnaireId,
      version_id: q.version_id,
      service_id: c.serviceId,
      status: "sent",
      review_note: null,
      sent_at: stamp,
      started_at: null,
      submitted_at: null,
      returned_at: null,
      accepted_at: null,
      notified_at: c.notified ? stamp : null,
      reminded_at: null,
      updated_at: stamp,
    })
    // The partial index's own predicate, written as a literal (a bound value does not name the index).
    .onConflict((oc) =>
      oc
        .columns(["client_id", "questionnaire_id"])
        .where(sql<boolean>`status <> 'accepted'`)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!row) return { taken: true as const };
  await clientEvent(
    trx,
    {
      agentId: c.agentId,
      clientId: c.clientId,
      kind: "questionnaire.sent",
      summary: `Questionnaire sent: ${q.name}`,
      ref: `questionnaire:${row.id}`,
    },
    now,
  );
  return { id: row.id };
}

/** The agent sends a questionnaire: the copy and the client's e-mail (with its link) in one transaction. */
export async function sendQuestionnaire(
  db: Db,
  agentId: number,
  clientId: number,
  questionnaireId: number,
  publicUrl: string,
  now = new Date(),
) {
  const id = await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    const made = await newCopy(trx, { agentId, clientId, questionnaireId, serviceId: null, notified: true }, now);
    if ("missing" in made) {
      const message = "Choose a questionnaire from the list.";
      throw new Invalid("questionnaire.not_found", message, {
        questionnaire_id: [fieldError("questionnaire.not_found", message)],
      });
    }
    if ("retired" in made) throw new Conflict("questionnaire.retired", "This questionnaire is no longer sent.");
    if ("taken" in made) throw new Conflict("questionnaire.already_sent", "The client has this questionnaire already.");
    await tellClient(trx, made.id, "sent", publicUrl, now);
    return made.id;
  });
  const full = await fullCopy(db, id, { clientId, agentId });
  const { content: _c, answers: _a, files: _f, review_note: _r, ...rest } = full;
  return rest;
}

/** What a paid, delivered line sends: its service's questionnaires (in the payment's transaction; told on the sweep). */
export async function sendPaidQuestionnaires(
  trx: Db,
  agentId: number,
  lines: Array<{ client_id: number; item_type: string; item_id: number }>,
  now = new Date(),
) {
  for (const line of lines) {
    const serviceId = await lineService(trx, line);
    if (!serviceId) continue;
    const named = await trx
      .selectFrom("questionnaire_services as s")
      .innerJoin("questionnaires as q", "q.id", "s.questionnaire_id")
      .select("q.id")
      .where("s.service_id", "=", serviceId)
      .where("q.retired_at", "is", null)
      .orderBy("q.id")
      .execute();
    for (const q of named) {
      await newCopy(trx, { agentId, clientId: line.client_id, questionnaireId: q.id, serviceId, notified: false }, now);
    }
  }
}
