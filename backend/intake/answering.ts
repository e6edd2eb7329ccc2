/**
 * The client answers (issue 40, point 2): a section at a time, each answer checked by its question's kind
 * (lib/intake.ts checkAnswer) and each required question shown answered, saved as they go (the copy is "started"),
 * so they can leave and come back. A copy returned to correct takes only the answers the agent asked about. A file
 * answer is sent first, as one of the client's documents marked as from a questionnaire (the conversation's upload,
 * with its sniffing, store and quota). Every save holds the copy's row, so two tabs saving at once never interleave.
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { ClientQuestionnaire } from "../../lib/contract.js";
import { fieldError, type FieldErrors } from "../../lib/field-errors.js";
import { checkAnswer, isAnswered, isShown, openStates, type AnswerValue, type Question } from "../../lib/intake.js";
import type { UploadFile } from "../../lib/transport.js";
import { attachFile } from "../conversation/attachments.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { fullCopy, NO_COPY, valuesOf } from "./copies.js";

type Db = Kysely<Database>;

/** The copy held for this client's write, open for answers; the questions this write may answer. */
async function heldOpenCopy(trx: Db, clientId: number, id: number) {
  const q = trx
    .selectFrom("client_questionnaires")
    .select(["id", "status"])
    .where("id", "=", id)
    .where("client_id", "=", clientId);
  const row = await (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw new NotFound("questionnaire.not_found", NO_COPY);
  if (!openStates.includes(row.status)) throw new Conflict("questionnaire.closed", "These answers were sent already.");
  return fullCopy(trx, id, { clientId });
}

/** Whether the client may write this question's answer now: any, or only those returned to correct. */
function writable(copy: ClientQuestionnaire, q: Question) {
  return copy.status !== "returned" || Boolean(copy.answers[q.key]?.returned);
}

async function writeAnswer(trx: Db, id: number, key: string, value: AnswerValue | null, stamp: string) {
  const text = value === null ? null : JSON.stringify(value);
  await trx
    .insertInto("questionnaire_answers")
    .values({ client_questionnaire_id: id, question_key: key, value: text, returned: 0, returned_note: null, updated_at: stamp })
    .onConflict((oc) =>
      oc.columns(["client_questionnaire_id", "question_key"]).doUpdateSet({ value: text, returned: 0, updated_at: stamp }),
    )
    .execute();
}

async function started(trx: Db, id: number, stamp: string) {
  await trx
    .updateTable("client_questionnaires")
    .set({ status: "started", started_at: stamp, updated_at: stamp })
    .where("id", "=", id)
    .where("status", "=", "sent")
    .execute();
}

export async function saveAnswers(
  db: Db,
  clientId: number,
  id: number,
  input: { section: string; answers: Record<string, string | string[]> },
  now = new Date(),
) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const copy = await heldOpenCopy(trx, clientId, id);
    const section = copy.content.sections.find((s) => s.key === input.section);
    if (!section) {
      const message = "No such section.";
      throw new Invalid("questionnaire.no_section", message, { section: [fieldError("questionnaire.no_section", message)] });
    }
    // The countries' list only for a part that asks for one.
    const countries = section.questions.some((q) => q.kind === "country")
      ? new Set((await trx.selectFrom("countries").select("code").execute()).map((c) => c.code))
      : new Set<string>();
    const errors: FieldErrors = {};
    const values: Record<string, AnswerValue | undefined> = valuesOf(copy.answers);
    const written = new Map<string, AnswerValue | null>();
    for (const q of section.questions) {
      if (q.kind === "file" || !writable(copy, q)) continue;
      const checked = checkAnswer(q, input.answers[q.key], (code) => countries.has(code));
      if ("problem" in checked) {
        errors[q.key] = [checked.problem];
        continue;
      }
      written.set(q.key, checked.value);
      values[q.key] = checked.value ?? undefined;
    }
    // Required, once every answer of the section is known (a question may be shown by an answer given just now).
    for (const q of section.questions) {
      if (errors[q.key] || !q.required || !writable(copy, q) || !isShown(copy.content, q, values)) continue;
      if (!isAnswered(values[q.key])) errors[q.key] = [fieldError("answer.required", "Answer this question")];
    }
    if (Object.keys(errors).length) throw new Invalid("validation.failed", "Check the answers marked.", errors);
    for (const [key, value] of written) await writeAnswer(trx, id, key, value, stamp);
    await started(trx, id, stamp);
  });
  return fullCopy(db, id, { clientId });
}

/** A file answering a file question: stored as the client's document, then named as the answer. */
export async function fileAnswer(
  db: Db,
  store: FileStore,
  clientId: number,
  id: number,
  upload: { file: UploadFile; name: string; question: string },
  signal?: AbortSignal,
  now = new Date(),
) {
  // Checked before the bytes are stored (and again, held, when the answer is written).
  const before = await fullCopy(db, id, { clientId });
  const question = before.content.sections.flatMap((s) => s.questions).find((q) => q.key === upload.question);
  if (!question || question.kind !== "file") {
    const message = "This question does not take a file.";
    throw new Invalid("questionnaire.not_a_file", message, { file: [fieldError("questionnaire.not_a_file", message)] });
  }
  if (!openStates.includes(before.status)) throw new Conflict("questionnaire.closed", "These answers were sent already.");
  if (!writable(before, question))
    throw new Conflict("questionnaire.not_returned", "Only the answers your agent asked about can change now.");
  const doc = await attachFile(
    db,
    store,
    { kind: "client" },
    clientId,
    { file: upload.file, name: upload.name, origin: "questionnaire" },
    signal,
    now,
  );
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const copy = await heldOpenCopy(trx, clientId, id);
    if (!writable(copy, question))
      throw new Conflict("questionnaire.not_returned", "Only the answers your agent asked about can change now.");
    await writeAnswer(trx, id, question.key, String(doc.document_id), stamp);
    await started(trx, id, stamp);
  });
  return fullCopy(db, id, { clientId });
}
