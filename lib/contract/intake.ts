/**
 * Intake questionnaires (issue 40): the office writes them (sections and questions of lib/intake.ts's kinds, words
 * per language, versioned once in use); a service's payment or the agent sends one to a client, who answers it in
 * their language section by section; the agent accepts it or returns the questions to correct.
 */
import { z } from "zod";
import { languages } from "../i18n/languages.js";
import {
  QUESTIONNAIRE_LIMITS as L,
  dateRules,
  questionKinds,
  type AnswerValue,
  type QuestionnaireContent,
  type QuestionnaireState,
  type Words,
} from "../intake.js";
import type { ApiFile } from "../transport.js";
import { attachmentQuery } from "./conversation.js";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, MAX_ID, oneLineText, optionalText, requiredText } from "./fields.js";

const optionalLine = (max: number, label: string) => z.preprocess(blankToNull, oneLineText(max, label).nullable().optional());
/** Several values from checkboxes or a list: one value is a list of one, none is an empty list. */
const listOf = <T extends z.ZodTypeAny>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(item, { invalid_type_error: message }).max(max, message),
  );
const serviceIds = listOf(idParam, 3, "Choose services from the list").transform((v) => [...new Set(v)]);

export const questionnaireBody = z.object({
  name: oneLineText(L.title, "Name"),
  title: oneLineText(L.title, "Title"),
  title_ar: optionalLine(L.title, "Arabic title"),
  title_es: optionalLine(L.title, "Spanish title"),
  title_fr: optionalLine(L.title, "French title"),
  intro: optionalText(L.intro, "Introduction"),
  intro_ar: optionalText(L.intro, "Arabic introduction"),
  intro_es: optionalText(L.intro, "Spanish introduction"),
  intro_fr: optionalText(L.intro, "French introduction"),
  services: serviceIds,
});
export const sectionBody = z.object({
  title: oneLineText(L.section, "Title"),
  title_ar: optionalLine(L.section, "Arabic title"),
  title_es: optionalLine(L.section, "Spanish title"),
  title_fr: optionalLine(L.section, "French title"),
});
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1" || v === 1, z.boolean());
/** Options one a line; the other languages' lines in the same order (a blank line: English shown). */
const optionLines = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n/g, "\n") : v),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(L.option * L.options, `${label} are too long`)
      .optional(),
  );
export const questionBody = z.object({
  kind: z.enum(questionKinds, { errorMap: () => ({ message: "Choose a kind of question" }) }),
  required: checkbox.optional(),
  label: requiredText(L.label, "Question"),
  label_ar: optionalText(L.label, "Arabic question"),
  label_es: optionalText(L.label, "Spanish question"),
  label_fr: optionalText(L.label, "French question"),
  help: optionalText(L.help, "Help"),
  help_ar: optionalText(L.help, "Arabic help"),
  help_es: optionalText(L.help, "Spanish help"),
  help_fr: optionalText(L.help, "French help"),
  options: optionLines("Options"),
  options_ar: optionLines("Arabic options"),
  options_es: optionLines("Spanish options"),
  options_fr: optionLines("French options"),
  show_if_key: z.preprocess(blankToNull, z.string().max(20).nullable().optional()),
  show_if_value: z.preprocess(blankToNull, z.string().max(L.option).nullable().optional()),
  /** A date question's rule: any day, only up to today, or only from today */
  dates: z.preprocess(
    blankToNull,
    z
      .enum(dateRules, { errorMap: () => ({ message: "Choose which dates" }) })
      .nullable()
      .optional(),
  ),
});
export const itemMoveBody = z.object({
  direction: z.enum(["up", "down"], { errorMap: () => ({ message: "Choose up or down" }) }),
});
export const questionnaireRetireBody = z.object({ retired: checkbox });
export const questionnaireSendBody = z.object({
  questionnaire_id: z.preprocess(
    blankToNull,
    z.coerce
      .number({ required_error: "Choose a questionnaire", invalid_type_error: "Choose a questionnaire" })
      .int()
      .positive()
      .max(MAX_ID, "Choose a questionnaire"),
  ),
});

const answerText = z.string({ invalid_type_error: "Write the answer as text" }).max(L.longText + 100, "The answer is too long");
/** A section's answers, by question key: text, or a list for several choices. */
export const answersBody = z.object({
  section: z.string({ required_error: "Choose a section" }).max(20),
  answers: z.record(z.string().max(20), z.union([answerText, z.array(answerText).max(L.options)])),
});
export const returnBody = z.object({
  note: optionalText(1000, "Comment"),
  questions: z
    .array(z.object({ key: z.string().max(20), note: optionalText(500, "Comment") }), {
      invalid_type_error: "Choose the answers to correct",
    })
    .min(1, "Choose at least one answer to correct")
    .max(L.questions),
});
export const fileAnswerQuery = attachmentQuery.extend({ question: z.string().max(20) });
export const pdfQuery = z.object({ lang: z.enum(languages).optional() });

export type OfficeQuestionnaireSummary = {
  id: number;
  name: string;
  version: number;
  retired: boolean;
  services: number[];
  /** Clients it was sent to, every version */
  sent: number;
  updated_at: string;
};
export type OfficeQuestionnaire = OfficeQuestionnaireSummary & {
  content: QuestionnaireContent;
  /** Sent at this version: the next change makes a new version */
  in_use: boolean;
};
export type ClientQuestionnaireSummary = {
  id: number;
  questionnaire_id: number;
  /** The office's name for it */
  name: string;
  /** Its title in every language written (the client sees theirs) */
  title: Words;
  version: number;
  status: QuestionnaireState;
  service_id: number | null;
  sent_at: string;
  submitted_at: string | null;
  returned_at: string | null;
  accepted_at: string | null;
  /** Shown questions answered, and how many are shown */
  answered: number;
  shown: number;
};
export type AnswerRow = { value: AnswerValue | null; returned: boolean; returned_note: string | null };
export type AnsweredFile = { document_id: number; file_id: number; file_name: string };
export type ClientQuestionnaire = ClientQuestionnaireSummary & {
  content: QuestionnaireContent;
  answers: Record<string, AnswerRow>;
  files: Record<string, AnsweredFile>;
  review_note: string | null;
};
/** Every client's answers to one questionnaire, in English (the office's CSV): a column per question ever asked. */
export type QuestionnaireAnswersExport = {
  name: string;
  questions: Array<{ key: string; label: string }>;
  rows: Array<{
    client_id: number;
    client_name: string;
    agent_name: string;
    status: QuestionnaireState;
    version: number;
    sent_at: string;
    submitted_at: string | null;
    accepted_at: string | null;
    answers: Record<string, string>;
  }>;
};
/** The agent's list: the client's questionnaires, and those the agent can send. */
export type ClientQuestionnaires = {
  items: ClientQuestionnaireSummary[];
  can_send: Array<{ id: number; name: string }>;
};

const inClient = { clientId: idParam };
const oneQuestionnaire = { id: idParam };
const item = { id: idParam, key: z.string().max(20) };
const clientCopy = { clientId: idParam, id: idParam };

export const intakeEndpoints = {
  officeQuestionnaires: endpoint({
    method: "GET",
    path: "office/questionnaires",
    auth: ["staff"],
    summary: "Every questionnaire, retired ones included",
    answer: answer<OfficeQuestionnaireSummary[]>(),
  }),
  officeAddQuestionnaire: endpoint({
    method: "POST",
    path: "office/questionnaires",
    auth: ["staff"],
    summary: "A new questionnaire (its title, introduction and the services whose payment sends it)",
    body: questionnaireBody,
    created: true,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeQuestionnaire: endpoint({
    method: "GET",
    path: "office/questionnaires/:id",
    auth: ["staff"],
    summary: "A questionnaire as it is now: sections, questions, words in every language",
    params: oneQuestionnaire,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeEditQuestionnaire: endpoint({
    method: "POST",
    path: "office/questionnaires/:id",
    auth: ["staff"],
    summary: "Changes a questionnaire's name, title, introduction and services (a new version once it was sent)",
    params: oneQuestionnaire,
    body: questionnaireBody,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeRetireQuestionnaire: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/retire",
    auth: ["staff"],
    summary: "Retires a questionnaire (no longer sent; copies out stay) or brings it back",
    params: oneQuestionnaire,
    body: questionnaireRetireBody,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeAddSection: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/sections",
    auth: ["staff"],
    summary: "Adds a section at the end",
    params: oneQuestionnaire,
    body: sectionBody,
    created: true,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeEditSection: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/sections/:key",
    auth: ["staff"],
    summary: "Renames a section",
    params: item,
    body: sectionBody,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeAddQuestion: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/sections/:key/questions",
    auth: ["staff"],
    summary: "Adds a question at the end of a section",
    params: item,
    body: questionBody,
    created: true,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeEditQuestion: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/questions/:key",
    auth: ["staff"],
    summary: "Changes a question: its kind, words, options, whether it is required and when it is shown",
    params: item,
    body: questionBody,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeMoveItem: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/items/:key/move",
    auth: ["staff"],
    summary: "Moves a section or a question one place up or down",
    params: item,
    body: itemMoveBody,
    answer: answer<OfficeQuestionnaire>(),
  }),
  officeRemoveItem: endpoint({
    method: "POST",
    path: "office/questionnaires/:id/items/:key/remove",
    auth: ["staff"],
    summary: "Removes a question, or an empty section (answers already given keep their version)",
    params: item,
    answer: answer<OfficeQuestionnaire>(),
  }),
  clientQuestionnaires: endpoint({
    method: "GET",
    path: "api/clients/:clientId/questionnaires",
    auth: ["agent"],
    summary: "The client's questionnaires and where each stands, and those that can be sent",
    params: inClient,
    answer: answer<ClientQuestionnaires>(),
  }),
  sendQuestionnaire: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/questionnaires",
    auth: ["agent"],
    summary: "Sends a questionnaire to the client (e-mailed with a link to answer it)",
    params: inClient,
    body: questionnaireSendBody,
    created: true,
    answer: answer<ClientQuestionnaireSummary>(),
  }),
  clientQuestionnaire: endpoint({
    method: "GET",
    path: "api/clients/:clientId/questionnaires/:id",
    auth: ["agent"],
    summary: "One of the client's questionnaires with its answers",
    params: clientCopy,
    answer: answer<ClientQuestionnaire>(),
  }),
  returnQuestionnaire: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/questionnaires/:id/return",
    auth: ["agent"],
    summary: "Returns a submitted questionnaire with the answers to correct (the client is e-mailed)",
    params: clientCopy,
    body: returnBody,
    answer: answer<ClientQuestionnaire>(),
  }),
  acceptQuestionnaire: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/questionnaires/:id/accept",
    auth: ["agent"],
    summary: "Accepts a submitted questionnaire",
    params: clientCopy,
    answer: answer<ClientQuestionnaire>(),
  }),
  clientQuestionnairePdf: endpoint({
    method: "GET",
    path: "api/clients/:clientId/questionnaires/:id/pdf",
    auth: ["agent"],
    summary: "One of the client's questionnaires with its answers, as a PDF (in English, or `lang`)",
    params: clientCopy,
    query: pdfQuery,
    download: true,
    answer: answer<ApiFile>(),
  }),
  officeQuestionnaireAnswers: endpoint({
    method: "GET",
    path: "office/questionnaires/:id/answers",
    auth: ["staff"],
    summary: "Every client's answers to a questionnaire, in English, a column per question (the office's CSV)",
    params: oneQuestionnaire,
    answer: answer<QuestionnaireAnswersExport>(),
  }),
  myQuestionnairePdf: endpoint({
    method: "GET",
    path: "my/questionnaires/:id/pdf",
    auth: ["client"],
    summary: "The client's own questionnaire with their answers, as a PDF in their language",
    params: oneQuestionnaire,
    download: true,
    answer: answer<ApiFile>(),
  }),
  myQuestionnaires: endpoint({
    method: "GET",
    path: "my/questionnaires",
    auth: ["client"],
    summary: "The client's own questionnaires and where each stands",
    answer: answer<ClientQuestionnaireSummary[]>(),
  }),
  myQuestionnaire: endpoint({
    method: "GET",
    path: "my/questionnaires/:id",
    auth: ["client"],
    summary: "One of the client's questionnaires, with what they answered so far",
    params: oneQuestionnaire,
    answer: answer<ClientQuestionnaire>(),
  }),
  mySaveAnswers: endpoint({
    method: "POST",
    path: "my/questionnaires/:id/answers",
    auth: ["client"],
    summary: "Saves a section's answers, each checked by its question's kind (returned: only the answers to correct)",
    params: oneQuestionnaire,
    body: answersBody,
    answer: answer<ClientQuestionnaire>(),
  }),
  myAnswerFile: endpoint({
    method: "POST",
    path: "my/questionnaires/:id/files",
    auth: ["client"],
    summary: "A file answering a question: the bytes are the body (PDF, JPEG or PNG, at most 10 MB)",
    params: oneQuestionnaire,
    query: fileAnswerQuery,
    upload: true,
    answer: answer<ClientQuestionnaire>(),
  }),
  mySubmitQuestionnaire: endpoint({
    method: "POST",
    path: "my/questionnaires/:id/submit",
    auth: ["client"],
    summary: "Sends the answers to the agent, once every required question shown is answered",
    params: oneQuestionnaire,
    answer: answer<ClientQuestionnaire>(),
  }),
};
