/**
 * A questionnaire's answers taken away (issue 40, point 4): one client's as a PDF (for the agent, in English or the
 * client's language; for the client, in theirs), and every client's answers to one questionnaire as rows for the
 * office's CSV. Only the questions shown for the answers given are said; a file answer is its file's name.
 */
import type { Kysely } from "kysely";
import type { ClientQuestionnaire, QuestionnaireAnswersExport } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import { intlLocale, type Lang } from "../../lib/i18n/languages.js";
import {
  allQuestions,
  answerText,
  isShown,
  stateStamp,
  wordsIn,
  type AnswerValue,
  type QuestionnaireContent,
} from "../../lib/intake.js";
import type { ApiFile } from "../../lib/transport.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { renderPdf, type PdfBlock } from "../files/pdf-pool.js";
import { when } from "../mail/compose.js";
import { fullCopy, questionnaireCopies, valuesOf } from "./copies.js";

type Db = Kysely<Database>;

/** An answer in words in `lang` (options, yes or no, a country's name, a file's name). */
function wordsFor(lang: Lang, files: ClientQuestionnaire["files"]) {
  const t = translator(lang);
  const regions = new Intl.DisplayNames([intlLocale(lang)], { type: "region" });
  return (q: Parameters<typeof answerText>[0], value: AnswerValue | null | undefined) =>
    answerText(q, value, lang, {
      yes: t("intake.yes"),
      no: t("intake.no"),
      country: (code) => regions.of(code) ?? code,
      file: () => files[q.key]?.file_name ?? "",
    });
}

/** The PDF of one client's copy: its title, who and where it stands, then each section's shown questions and answers. */
export async function answersPdf(
  db: Db,
  id: number,
  owner: { clientId: number; agentId?: number },
  lang: Lang | null,
  company: string,
): Promise<ApiFile> {
  const copy = await fullCopy(db, id, owner);
  const client = await db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select([
      "clients.first_name",
      "clients.last_name",
      "clients.language",
      "clients.time_zone",
      "agents.time_zone as agent_zone",
    ])
    .where("clients.id", "=", owner.clientId)
    .executeTakeFirst();
  if (!client) throw new NotFound("questionnaire.not_found", "No such questionnaire.");
  const shownIn = (lang ?? (client.language as Lang | null) ?? "en") as Lang;
  const t = translator(shownIn);
  const zone = client.time_zone ?? client.agent_zone;
  const say = wordsFor(shownIn, copy.files);
  const values = valuesOf(copy.answers);
  const title = wordsIn(copy.content.title, shownIn);
  const stamp = stateStamp(copy);
  const blocks: PdfBlock[] = [
    { h1: title },
    { p: `${client.first_name} ${client.last_name}`, bold: true },
    { p: t(`intake.pdfStates.${copy.status}`, { when: when(stamp, zone, intlLocale(shownIn)) }), muted: true },
    { rule: true },
  ];
  for (const section of copy.content.sections) {
    const shown = section.questions.filter((q) => isShown(copy.content, q, values));
    if (!shown.length) continue;
    blocks.push({ h2: wordsIn(section.title, shownIn) });
    for (const q of shown) {
      blocks.push({ pair: [wordsIn(q.label, shownIn), say(q, copy.answers[q.key]?.value) || t("intake.noAnswer")] });
    }
  }
  const bytes = await renderPdf({
    lang: shownIn,
    title,
    blocks,
    footer: `${company} · ${copy.name} · v${copy.version}`,
  });
  const safe =
    copy.name
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "questionnaire";
  return { bytes, type: "application/pdf", name: `${safe}-${owner.clientId}.pdf` };
}

/** Every client's answers to one questionnaire, in English, for the office's CSV: a column per question ever asked. */
export async function officeAnswers(db: Db, questionnaireId: number): Promise<QuestionnaireAnswersExport> {
  const q = await db.selectFrom("questionnaires").select(["id", "name"]).where("id", "=", questionnaireId).executeTakeFirst();
  if (!q) throw new NotFound("questionnaire.not_found", "No such questionnaire.");
  const [copies, people] = await Promise.all([
    questionnaireCopies(db, questionnaireId),
    db
      .selectFrom("client_questionnaires as cq")
      .innerJoin("clients as c", "c.id", "cq.client_id")
      .innerJoin("agents as a", "a.id", "cq.agent_id")
      .select(["cq.id", "cq.client_id", "c.first_name", "c.last_name", "a.name as agent_name"])
      .where("cq.questionnaire_id", "=", questionnaireId)
      .execute(),
  ]);
  // Every version's questions, oldest first, in their order: a question keeps the words of the newest that has it.
  const versions = await db
    .selectFrom("questionnaire_versions")
    .select(["number", "content"])
    .where("questionnaire_id", "=", questionnaireId)
    .orderBy("number", "desc")
    .execute();
  const columns = new Map<string, string>();
  for (const v of [...versions].reverse()) {
    for (const question of allQuestions(JSON.parse(v.content) as QuestionnaireContent))
      columns.set(question.key, question.label.en);
  }
  const rows: QuestionnaireAnswersExport["rows"] = [];
  for (const copy of copies) {
    const who = people.find((p) => p.id === copy.id)!;
    const say = wordsFor("en", copy.files);
    const values = valuesOf(copy.answers);
    const answers: Record<string, string> = {};
    for (const question of allQuestions(copy.content)) {
      if (isShown(copy.content, question, values)) answers[question.key] = say(question, copy.answers[question.key]?.value);
    }
    rows.push({
      client_id: who.client_id,
      client_name: `${who.first_name} ${who.last_name}`,
      agent_name: who.agent_name,
      status: copy.status,
      version: copy.version,
      sent_at: copy.sent_at,
      submitted_at: copy.submitted_at,
      accepted_at: copy.accepted_at,
      answers,
    });
  }
  return { name: q.name, questions: [...columns].map(([key, label]) => ({ key, label })), rows };
}
