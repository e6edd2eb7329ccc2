/**
 * A copy's turns after it is answered (issue 40, point 2): the client submits it (every shown required question
 * answered, every answer asked corrected answered again); the agent returns it with the answers to correct, each
 * with a word, or accepts it. Each turn is one guarded update of the copy's status, on the timeline, told by e-mail.
 */
import type { Kysely } from "kysely";
import { fieldError } from "../../lib/field-errors.js";
import { allQuestions, isAnswered, isShown } from "../../lib/intake.js";
import { clientEvent } from "../clients/case-file.js";
import { ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid } from "../errors.js";
import { fullCopy, valuesOf } from "./copies.js";
import { tellAgentSubmitted, tellClient } from "./notices.js";

type Db = Kysely<Database>;

type Review = { note?: string | null; questions: Array<{ key: string; note?: string | null }> };

/** The agent returns a submitted copy: the answers named are to correct (each with its word), the client is e-mailed. */
export async function returnCopy(
  db: Db,
  agentId: number,
  clientId: number,
  id: number,
  v: Review,
  publicUrl: string,
  now = new Date(),
) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    const copy = await fullCopy(trx, id, { clientId, agentId });
    const keys = new Set(allQuestions(copy.content).map((q) => q.key));
    const unknown = v.questions.find((q) => !keys.has(q.key));
    if (unknown) {
      const message = "Choose answers of this questionnaire.";
      throw new Invalid("questionnaire.item_not_found", message, {
        questions: [fieldError("questionnaire.item_not_found", message)],
      });
    }
    const moved = await trx
      .updateTable("client_questionnaires")
      .set({ status: "returned", returned_at: stamp, reminded_at: null, review_note: v.note ?? null, updated_at: stamp })
      .where("id", "=", id)
      .where("status", "=", "submitted")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new Conflict("questionnaire.not_submitted", "Only submitted answers can be returned.");
    for (const q of v.questions) {
      await trx
        .insertInto("questionnaire_answers")
        .values({
          client_questionnaire_id: id,
          question_key: q.key,
          value: null,
          returned: 1,
          returned_note: q.note ?? null,
          updated_at: stamp,
        })
        .onConflict((oc) =>
          oc.columns(["client_questionnaire_id", "question_key"]).doUpdateSet({ returned: 1, returned_note: q.note ?? null }),
        )
        .execute();
    }
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "questionnaire.returned",
        summary: `Questionnaire returned to correct: ${v.questions.length} answer(s)`,
        ref: `questionnaire:${id}`,
      },
      now,
    );
    await tellClient(trx, id, "returned", publicUrl, now);
  });
  return fullCopy(db, id, { clientId, agentId });
}

export async function acceptCopy(db: Db, agentId: number, clientId: number, id: number, now = new Date()) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    await fullCopy(trx, id, { clientId, agentId });
    const moved = await trx
      .updateTable("client_questionnaires")
      .set({ status: "accepted", accepted_at: stamp, updated_at: stamp })
      .where("id", "=", id)
      .where("status", "=", "submitted")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new Conflict("questionnaire.not_submitted", "Only submitted answers can be accepted.");
    await trx
      .updateTable("questionnaire_answers")
      .set({ returned: 0, returned_note: null })
      .where("client_questionnaire_id", "=", id)
      .execute();
    await clientEvent(
      trx,
      { agentId, clientId, kind: "questionnaire.accepted", summary: "Questionnaire accepted", ref: `questionnaire:${id}` },
      now,
    );
  });
  return fullCopy(db, id, { clientId, agentId });
}

/** The client's submit: every shown required question answered, and every answer asked corrected answered again. */
export async function submitCopy(db: Db, clientId: number, id: number, now = new Date()) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const copy = await fullCopy(trx, id, { clientId });
    if (!["sent", "started", "returned"].includes(copy.status)) {
      throw new Conflict("questionnaire.closed", "These answers were sent already.");
    }
    const values = valuesOf(copy.answers);
    const missing = allQuestions(copy.content).filter(
      (q) =>
        isShown(copy.content, q, values) &&
        ((q.required && !isAnswered(copy.answers[q.key]?.value)) || copy.answers[q.key]?.returned),
    );
    if (missing.length) {
      const message = "Answer every question marked required, and correct those your agent asked about.";
      throw new Invalid(
        "questionnaire.incomplete",
        message,
        Object.fromEntries(missing.map((q) => [q.key, [fieldError("answer.required", "Answer this question")]])),
      );
    }
    const moved = await trx
      .updateTable("client_questionnaires")
      .set({ status: "submitted", submitted_at: stamp, updated_at: stamp })
      .where("id", "=", id)
      .where("status", "in", ["sent", "started", "returned"])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Conflict("questionnaire.closed", "These answers were sent already.");
    const agentId = (
      await trx.selectFrom("client_questionnaires").select("agent_id").where("id", "=", id).executeTakeFirstOrThrow()
    ).agent_id;
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "questionnaire.submitted",
        summary: `The client sent the questionnaire's answers: ${copy.name}`,
        ref: `questionnaire:${id}`,
      },
      now,
    );
    await tellAgentSubmitted(trx, id, now);
  });
  return fullCopy(db, id, { clientId });
}
