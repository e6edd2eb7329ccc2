/**
 * The office writes questionnaires (issue 40, point 1; lib/contract/intake.ts): a title and introduction, sections
 * of questions (lib/intake.ts), words per language, and the services whose payment sends it. The questionnaire is
 * kept as versions: while the version now is not yet sent to anyone a change rewrites it; once sent, a change makes
 * the next version and the copies out keep theirs. Every change is one transaction holding the questionnaire's row,
 * checked whole (each condition names an earlier question that can have its value), and audited.
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { OfficeQuestionnaire, OfficeQuestionnaireSummary } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { allQuestions, type QuestionnaireContent } from "../../lib/intake.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { checkContent, questionOf, wordsOf, type QuestionInput } from "./content.js";

type Db = Kysely<Database>;

const NO_QUESTIONNAIRE = "No such questionnaire.";

async function heldQuestionnaire(trx: Db, id: number) {
  const q = trx.selectFrom("questionnaires").selectAll().where("id", "=", id);
  const row = await (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw new NotFound("questionnaire.not_found", NO_QUESTIONNAIRE);
  return row;
}

async function currentVersion(db: Db, questionnaireId: number, number: number) {
  return db
    .selectFrom("questionnaire_versions")
    .selectAll()
    .where("questionnaire_id", "=", questionnaireId)
    .where("number", "=", number)
    .executeTakeFirstOrThrow();
}

async function servicesOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number[]>();
  const rows = await db
    .selectFrom("questionnaire_services")
    .select(["questionnaire_id", "service_id"])
    .where("questionnaire_id", "in", ids)
    .orderBy("service_id")
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.questionnaire_id, [...(out.get(r.questionnaire_id) ?? []), r.service_id]);
  return out;
}

async function sentCounts(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .selectFrom("client_questionnaires")
    .select((eb) => ["questionnaire_id", eb.fn.countAll<number>().as("n")])
    .where("questionnaire_id", "in", ids)
    .groupBy("questionnaire_id")
    .execute();
  return new Map(rows.map((r) => [r.questionnaire_id, Number(r.n)]));
}

export async function listQuestionnaires(db: Db): Promise<OfficeQuestionnaireSummary[]> {
  const rows = await db.selectFrom("questionnaires").selectAll().orderBy("retired_at", "desc").orderBy("name").execute();
  const ids = rows.map((r) => r.id);
  const [services, sent] = await Promise.all([servicesOf(db, ids), sentCounts(db, ids)]);
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      version: r.current_version,
      retired: r.retired_at !== null,
      services: services.get(r.id) ?? [],
      sent: sent.get(r.id) ?? 0,
      updated_at: new Date(r.updated_at).toISOString(),
    }))
    .sort((a, b) => Number(a.retired) - Number(b.retired) || a.name.localeCompare(b.name));
}

export async function officeQuestionnaire(db: Db, id: number): Promise<OfficeQuestionnaire> {
  const row = await db.selectFrom("questionnaires").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("questionnaire.not_found", NO_QUESTIONNAIRE);
  const version = await currentVersion(db, id, row.current_version);
  const [services, sent, used] = await Promise.all([
    servicesOf(db, [id]),
    sentCounts(db, [id]),
    db.selectFrom("client_questionnaires").select("id").where("version_id", "=", version.id).limit(1).executeTakeFirst(),
  ]);
  return {
    id,
    name: row.name,
    version: row.current_version,
    retired: row.retired_at !== null,
    services: services.get(id) ?? [],
    sent: sent.get(id) ?? 0,
    updated_at: new Date(row.updated_at).toISOString(),
    content: JSON.parse(version.content) as QuestionnaireContent,
    in_use: Boolean(used),
  };
}

async function setServices(trx: Db, id: number, services: number[]) {
  const known = services.length ? await trx.selectFrom("services").select("id").where("id", "in", services).execute() : [];
  if (known.length !== services.length) {
    const message = "Choose services from the list.";
    throw new Invalid("validation.choice", message, { services: [fieldError("validation.choice", message)] });
  }
  await trx.deleteFrom("questionnaire_services").where("questionnaire_id", "=", id).execute();
  if (services.length) {
    await trx
      .insertInto("questionnaire_services")
      .values(services.map((service_id) => ({ questionnaire_id: id, service_id })))
      .execute();
  }
}

type Details = Record<string, unknown> & { name: string; services: number[] };

export async function addQuestionnaire(db: Db, staffId: number, v: Details, now = new Date()) {
  const stamp = now.toISOString();
  const content: QuestionnaireContent = { title: wordsOf(v, "title")!, intro: wordsOf(v, "intro"), sections: [] };
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("questionnaires")
      .values({ name: v.name, current_version: 1, retired_at: null, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("questionnaire_versions")
      .values({ questionnaire_id: row.id, number: 1, content: JSON.stringify(content), created_at: stamp })
      .execute();
    await setServices(trx, row.id, v.services);
    await audit(trx, { staffId, kind: "questionnaire.create", subject: `questionnaire:${row.id}`, after: { name: v.name } }, now);
    return row.id;
  });
  return officeQuestionnaire(db, id);
}

/** What a change does to the content: it mutates it (given new keys as it needs them) and says what to audit. */
type Change = (
  content: QuestionnaireContent,
  newKey: (prefix: "s" | "q") => string,
) => { kind: string; before?: unknown; after?: unknown };

/**
 * One change of a questionnaire, versioned: the current version rewritten while unsent, else the next one made.
 * `details` also sets the name and services (which are the questionnaire's, not a version's).
 */
async function change(db: Db, staffId: number, id: number, apply: Change, details?: Details, now = new Date()) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await heldQuestionnaire(trx, id);
    const version = await currentVersion(trx, id, row.current_version);
    const content = JSON.parse(version.content) as QuestionnaireContent;
    let next = row.next_key;
    const said = apply(content, (prefix) => `${prefix}${next++}`);
    checkContent(content);
    const used = await trx
      .selectFrom("client_questionnaires")
      .select("id")
      .where("version_id", "=", version.id)
      .limit(1)
      .executeTakeFirst();
    const written = JSON.stringify(content);
    let number = row.current_version;
    if (written !== version.content) {
      if (used) {
        number += 1;
        await trx
          .insertInto("questionnaire_versions")
          .values({ questionnaire_id: id, number, content: written, created_at: stamp })
          .execute();
      } else {
        await trx.updateTable("questionnaire_versions").set({ content: written }).where("id", "=", version.id).execute();
      }
    }
    await trx
      .updateTable("questionnaires")
      .set({ current_version: number, next_key: next, updated_at: stamp, ...(details ? { name: details.name } : {}) })
      .where("id", "=", id)
      .execute();
    if (details) await setServices(trx, id, details.services);
    await audit(
      trx,
      {
        staffId,
        kind: said.kind,
        subject: `questionnaire:${id}`,
        before: said.before,
        after: { ...(said.after as object), version: number },
      },
      now,
    );
  });
  return officeQuestionnaire(db, id);
}

const sectionOf = (content: QuestionnaireContent, key: string) => {
  const section = content.sections.find((s) => s.key === key);
  if (!section) throw new NotFound("questionnaire.item_not_found", "No such section.");
  return section;
};
const questionOfKey = (content: QuestionnaireContent, key: string) => {
  for (const s of content.sections) {
    const i = s.questions.findIndex((q) => q.key === key);
    if (i >= 0) return { section: s, index: i, question: s.questions[i]! };
  }
  throw new NotFound("questionnaire.item_not_found", "No such question.");
};

export function editQuestionnaire(db: Db, staffId: number, id: number, v: Details, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content) => {
      const before = { title: content.title.en, intro: content.intro?.en ?? null };
      content.title = wordsOf(v, "title")!;
      content.intro = wordsOf(v, "intro");
      return {
        kind: "questionnaire.edit",
        before,
        after: { name: v.name, title: content.title.en, intro: content.intro?.en ?? null },
      };
    },
    v,
    now,
  );
}

export async function retireQuestionnaire(db: Db, staffId: number, id: number, retired: boolean, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    await heldQuestionnaire(trx, id);
    await trx
      .updateTable("questionnaires")
      .set({ retired_at: retired ? now.toISOString() : null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      { staffId, kind: retired ? "questionnaire.deactivate" : "questionnaire.reactivate", subject: `questionnaire:${id}` },
      now,
    );
  });
  return officeQuestionnaire(db, id);
}

export function addSection(db: Db, staffId: number, id: number, v: Record<string, unknown>, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content, newKey) => {
      const title = wordsOf(v, "title")!;
      content.sections.push({ key: newKey("s"), title, questions: [] });
      return { kind: "questionnaire.section_added", after: { section: title.en } };
    },
    undefined,
    now,
  );
}

export function editSection(db: Db, staffId: number, id: number, key: string, v: Record<string, unknown>, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content) => {
      const section = sectionOf(content, key);
      const before = { section: section.title.en };
      section.title = wordsOf(v, "title")!;
      return { kind: "questionnaire.section_renamed", before, after: { section: section.title.en } };
    },
    undefined,
    now,
  );
}

export function addQuestion(db: Db, staffId: number, id: number, sectionKey: string, v: QuestionInput, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content, newKey) => {
      const question = questionOf(newKey("q"), v);
      sectionOf(content, sectionKey).questions.push(question);
      return { kind: "questionnaire.question_added", after: { question: question.label.en, kind: question.kind } };
    },
    undefined,
    now,
  );
}

export function editQuestion(db: Db, staffId: number, id: number, key: string, v: QuestionInput, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content) => {
      const found = questionOfKey(content, key);
      const question = questionOf(key, v);
      found.section.questions[found.index] = question;
      return {
        kind: "questionnaire.question_changed",
        before: { question: found.question.label.en, kind: found.question.kind, required: found.question.required },
        after: { question: question.label.en, kind: question.kind, required: question.required },
      };
    },
    undefined,
    now,
  );
}

/** A section among sections, or a question within its section, one place up or down. */
export function moveItem(db: Db, staffId: number, id: number, key: string, direction: "up" | "down", now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content) => {
      const swap = <T>(list: T[], i: number) => {
        const j = direction === "up" ? i - 1 : i + 1;
        if (j < 0 || j >= list.length) return;
        [list[i], list[j]] = [list[j]!, list[i]!];
      };
      const s = content.sections.findIndex((x) => x.key === key);
      if (s >= 0) {
        swap(content.sections, s);
        return {
          kind: "questionnaire.moved",
          after: { section: content.sections.find((x) => x.key === key)!.title.en, direction },
        };
      }
      const found = questionOfKey(content, key);
      swap(found.section.questions, found.index);
      return { kind: "questionnaire.moved", after: { question: found.question.label.en, direction } };
    },
    undefined,
    now,
  );
}

export function removeItem(db: Db, staffId: number, id: number, key: string, now = new Date()) {
  return change(
    db,
    staffId,
    id,
    (content) => {
      const s = content.sections.findIndex((x) => x.key === key);
      if (s >= 0) {
        const section = content.sections[s]!;
        if (section.questions.length) {
          throw new Conflict("questionnaire.section_not_empty", "Remove or move the section's questions first.");
        }
        content.sections.splice(s, 1);
        return { kind: "questionnaire.removed", before: { section: section.title.en } };
      }
      const found = questionOfKey(content, key);
      const dependent = allQuestions(content).find((q) => q.show_if?.key === key);
      if (dependent) {
        const message = `"${dependent.label.en}" is shown by this question's answer: change it first.`;
        throw new Conflict("questionnaire.condition", message);
      }
      found.section.questions.splice(found.index, 1);
      return { kind: "questionnaire.removed", before: { question: found.question.label.en } };
    },
    undefined,
    now,
  );
}
