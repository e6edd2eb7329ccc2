/**
 * Intake questionnaires (issue 40): what a questionnaire is made of, shared by the API (which keeps each version as
 * written) and the pages (which draw it in the reader's language). A questionnaire has sections of questions; each
 * question has a kind, is required or not, has words per language (English always; Arabic, Spanish and French when
 * written, else English is shown), and may be shown only when an earlier answer has a given value. Question and
 * section keys are given once and kept through every version, so an answer names its question across versions.
 *
 * `checkAnswer` is the one check of an answer by its question's kind: the API runs it on every answer it keeps.
 */
import type { CodeParams, RefusalCode } from "./contract/codes.js";
import { isRealDate } from "./days.js";
import { languages, type Lang } from "./i18n/languages.js";

export const questionKinds = [
  "short_text",
  "long_text",
  "number",
  "date",
  "yes_no",
  "choice",
  "choices",
  "country",
  "phone",
  "email",
  "file",
] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** The kinds whose answer is one of the question's options (and may decide whether a later question is shown). */
export const choiceKinds: readonly QuestionKind[] = ["yes_no", "choice", "choices"];
export const optionKinds: readonly QuestionKind[] = ["choice", "choices"];

/** Words in English and, when written, in the other languages. */
export type Words = { en: string; ar?: string | null; es?: string | null; fr?: string | null };
export type QuestionOption = { value: string; label: Words };
export type Question = {
  key: string;
  kind: QuestionKind;
  required: boolean;
  label: Words;
  help: Words | null;
  /** For choice and choices: the options in order (value is the English label as first written, kept) */
  options: QuestionOption[];
  /** Shown only when the earlier question `key` was answered `value` (for several choices: when it includes it) */
  show_if: { key: string; value: string } | null;
  /** For a date: only a day not after today (a birth, an issue), or not before it (an expiry, a move); absent: any */
  dates?: DateRule | null;
};
export const dateRules = ["past", "future"] as const;
export type DateRule = (typeof dateRules)[number];

/**
 * Today's day, as far as the world goes in either direction (UTC+14 to UTC−12), so that a person anywhere can give
 * their own today's date for a past or a future one.
 */
function todayAnywhere(now: Date, rule: DateRule): string {
  const hours = rule === "past" ? 14 : -12;
  return new Date(now.getTime() + hours * 3_600_000).toISOString().slice(0, 10);
}
export type Section = { key: string; title: Words; questions: Question[] };
export type QuestionnaireContent = { title: Words; intro: Words | null; sections: Section[] };

export const QUESTIONNAIRE_LIMITS = {
  title: 120,
  intro: 2000,
  section: 120,
  label: 300,
  help: 600,
  option: 120,
  options: 30,
  sections: 30,
  questions: 200,
  shortText: 200,
  longText: 5000,
  number: 20,
} as const;

/** The words in `lang`, else in English. */
export function wordsIn(words: Words | null | undefined, lang: Lang): string {
  if (!words) return "";
  const own = lang === "en" ? null : words[lang];
  return own && own.trim() ? own : words.en;
}

/**
 * Words as the office's form fields hold them: `name` in English, `name_ar`, `name_es` and `name_fr` (empty where not
 * written); `lines` gives each language's text another way (a question's options, one a line).
 */
export function wordsFields(name: string, words: Words | null | undefined, lines?: (lang: Lang) => string) {
  return Object.fromEntries(
    languages.map((lang) => [lang === "en" ? name : `${name}_${lang}`, lines ? lines(lang) : (words?.[lang] ?? "")]),
  ) as Record<string, string>;
}

/** An answer as kept: text for most kinds, a list for several choices, a document id for a file. */
export type AnswerValue = string | string[];

/** Every question of the content in order, with its section's key. */
export function allQuestions(content: QuestionnaireContent): Array<Question & { section: string }> {
  return content.sections.flatMap((s) => s.questions.map((q) => ({ ...q, section: s.key })));
}

/** Whether the question is shown, given the answers so far (a question whose condition's question is hidden is hidden). */
export function isShown(
  content: QuestionnaireContent,
  question: Question,
  answers: Record<string, AnswerValue | undefined>,
): boolean {
  if (!question.show_if) return true;
  const all = allQuestions(content);
  const on = all.find((q) => q.key === question.show_if!.key);
  if (!on || !isShown(content, on, answers)) return false;
  const given = answers[on.key];
  if (given === undefined) return false;
  return Array.isArray(given) ? given.includes(question.show_if.value) : given === question.show_if.value;
}

export type AnswerProblem = { code: RefusalCode; params?: CodeParams; message: string };
type Checked = { value: AnswerValue | null } | { problem: AnswerProblem };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const problem = (code: RefusalCode, message: string, params?: CodeParams): Checked => ({
  problem: { code, message, ...(params ? { params } : {}) },
});

/**
 * One answer checked by its question's kind: the value to keep (trimmed, normalised), null for none given, or what
 * is wrong with it. `isCountry` says whether a code names a country (the API asks its countries table's list).
 * Whether a required question was answered is said by the caller (an answer left empty here is simply null).
 */
export function checkAnswer(question: Question, raw: unknown, isCountry: (code: string) => boolean, now = new Date()): Checked {
  const L = QUESTIONNAIRE_LIMITS;
  if (question.kind === "choices") {
    const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === "" ? [] : [raw]).map((v) =>
      typeof v === "string" ? v.trim() : v,
    );
    if (list.some((v) => typeof v !== "string")) return problem("answer.choice", "Choose from the list");
    const values = question.options.map((o) => o.value);
    const chosen = [...new Set(list as string[])].filter((v) => v !== "");
    if (chosen.some((v) => !values.includes(v))) return problem("answer.choice", "Choose from the list");
    // Kept in the options' order, whatever order they came in.
    return { value: chosen.length ? values.filter((v) => chosen.includes(v)) : null };
  }
  if (raw === undefined || raw === null) return { value: null };
  if (typeof raw !== "string") return problem("validation.format", "Write the answer as text");
  const v = question.kind === "long_text" ? raw.replace(/\r\n/g, "\n").trim() : raw.trim();
  if (v === "") return { value: null };
  switch (question.kind) {
    case "short_text":
      if (v.length > L.shortText)
        return problem("validation.too_long", `At most ${L.shortText} characters`, { max: L.shortText });
      if (CONTROL.test(v)) return problem("validation.format", "Write the answer on one line");
      return { value: v };
    case "long_text":
      if (v.length > L.longText) return problem("validation.too_long", `At most ${L.longText} characters`, { max: L.longText });
      return { value: v };
    case "number": {
      const n = v.replace(/\s/g, "").replace(",", ".");
      if (n.length > L.number || !/^-?\d+(\.\d+)?$/.test(n)) return problem("answer.number", "Write a number, such as 3 or 2.5");
      return { value: n };
    }
    case "date":
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !isRealDate(v)) return problem("answer.date", "Write the date as YYYY-MM-DD");
      if (v < "1900-01-01" || v > "2100-12-31") return problem("answer.date", "Write the date as YYYY-MM-DD");
      // A birth in the future, an expiry in the past: impossible for the question (issue 66).
      if (question.dates === "past" && v > todayAnywhere(now, "past"))
        return problem("answer.date_past", "This date cannot be after today");
      if (question.dates === "future" && v < todayAnywhere(now, "future"))
        return problem("answer.date_future", "This date cannot be before today");
      return { value: v };
    case "yes_no":
      if (v !== "yes" && v !== "no") return problem("answer.choice", "Choose yes or no");
      return { value: v };
    case "choice":
      if (!question.options.some((o) => o.value === v)) return problem("answer.choice", "Choose from the list");
      return { value: v };
    case "country": {
      const code = v.toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || !isCountry(code)) return problem("answer.country", "Choose a country from the list");
      return { value: code };
    }
    case "phone": {
      if (v.length > 40 || !/^\+?[0-9][0-9 ().-]*$/.test(v)) {
        return problem("phone.format", "Enter a phone number: digits, spaces, and an optional leading +");
      }
      const digits = v.replace(/\D/g, "").length;
      if (digits < 7 || digits > 15) return problem("phone.digits", "A phone number has 7 to 15 digits");
      return { value: v };
    }
    case "email":
      if (v.length > 254 || !EMAIL.test(v)) return problem("validation.email", "Enter a valid email address");
      return { value: v.toLowerCase() };
    case "file":
      // A file's answer is the document its upload made: the API sets it, never a typed value.
      if (!/^\d{1,9}$/.test(v)) return problem("validation.format", "Send the file with the form");
      return { value: v };
  }
}

/** Whether an answer counts as given (for a required question). */
export const isAnswered = (v: AnswerValue | null | undefined) =>
  Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== "";

export const questionnaireStates = ["sent", "started", "submitted", "returned", "accepted"] as const;
export type QuestionnaireState = (typeof questionnaireStates)[number];
/**
 * When a copy came to the state it is in: a returned copy was submitted before, and its answer to "when" is the
 * return, not the sending (issue 66).
 */
export function stateStamp(copy: {
  status: QuestionnaireState;
  sent_at: string;
  submitted_at: string | null;
  returned_at: string | null;
  accepted_at: string | null;
}): string {
  switch (copy.status) {
    case "submitted":
      return copy.submitted_at ?? copy.sent_at;
    case "returned":
      return copy.returned_at ?? copy.sent_at;
    case "accepted":
      return copy.accepted_at ?? copy.sent_at;
    default:
      return copy.sent_at;
  }
}

/** The states in which the client can still write answers. */
export const openStates: readonly QuestionnaireState[] = ["sent", "started", "returned"];

/**
 * An answer as words in `lang`: an option's label, yes or no, a country's name, a file's name; one line per choice.
 * `say` gives the words only the caller has (yes and no in its catalogue, a country's name, a file's name).
 */
export function answerText(
  question: Question,
  value: AnswerValue | null | undefined,
  lang: Lang,
  say: { yes: string; no: string; country: (code: string) => string; file: (documentId: string) => string },
): string {
  if (value === null || value === undefined || (Array.isArray(value) && !value.length)) return "";
  const option = (v: string) => wordsIn(question.options.find((o) => o.value === v)?.label, lang) || v;
  if (Array.isArray(value)) return value.map(option).join("\n");
  switch (question.kind) {
    case "yes_no":
      return value === "yes" ? say.yes : say.no;
    case "choice":
      return option(value);
    case "country":
      return say.country(value);
    case "file":
      return say.file(value);
    default:
      return value;
  }
}

/** The fields an agreement's words may name (issue 40, point 3), filled from the record when it is sent. */
export const agreementFields = ["client_name", "service", "plan", "price", "date", "company"] as const;
