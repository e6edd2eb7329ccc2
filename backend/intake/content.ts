/**
 * A questionnaire's content as the office writes it (issue 40, point 1; lib/intake.ts): words from a form's fields
 * per language, a question from its form, and the rules the whole must keep after every change (options, limits,
 * each condition on an earlier yes/no or choice question and one of its answers).
 */
import { fieldError } from "../../lib/field-errors.js";
import {
  allQuestions,
  choiceKinds,
  optionKinds,
  QUESTIONNAIRE_LIMITS as L,
  type DateRule,
  type Question,
  type QuestionnaireContent,
  type Words,
} from "../../lib/intake.js";
import { Invalid } from "../errors.js";

type Langs = { ar?: string | null; es?: string | null; fr?: string | null };

/** Words from a form's `name`, `name_ar`, `name_es`, `name_fr`. */
export function wordsOf(v: Record<string, unknown>, field: string): Words | null {
  const text = (k: string) => {
    const t = v[k];
    return typeof t === "string" && t.trim() ? t.trim() : null;
  };
  const en = text(field);
  if (!en) return null;
  return { en, ar: text(`${field}_ar`), es: text(`${field}_es`), fr: text(`${field}_fr`) };
}

export type QuestionInput = Langs & {
  kind: Question["kind"];
  required?: boolean;
  label: string;
  options?: string;
  options_ar?: string;
  options_es?: string;
  options_fr?: string;
  show_if_key?: string | null;
  show_if_value?: string | null;
  dates?: DateRule | null;
} & Record<string, unknown>;

const lines = (v: string | undefined) => (v ?? "").split("\n").map((l) => l.trim());

/** A question as the form wrote it; its options one a line (the other languages' lines in the same order). */
export function questionOf(key: string, v: QuestionInput): Question {
  const english = lines(v.options).filter((l) => l !== "");
  const [ar, es, fr] = [lines(v.options_ar), lines(v.options_es), lines(v.options_fr)];
  const options = optionKinds.includes(v.kind)
    ? english.map((en, i) => ({ value: en, label: { en, ar: ar[i] || null, es: es[i] || null, fr: fr[i] || null } }))
    : [];
  return {
    key,
    kind: v.kind,
    required: Boolean(v.required),
    label: wordsOf(v, "label")!,
    help: wordsOf(v, "help"),
    options,
    show_if: v.show_if_key ? { key: v.show_if_key, value: v.show_if_value ?? "" } : null,
    ...(v.kind === "date" && v.dates ? { dates: v.dates } : {}),
  };
}

const invalid = (
  code: "questionnaire.options" | "questionnaire.condition" | "questionnaire.too_big",
  field: string,
  message: string,
) => new Invalid(code, message, { [field]: [fieldError(code, message)] });

/** The whole questionnaire's rules, checked after every change. */
export function checkContent(content: QuestionnaireContent) {
  if (content.sections.length > L.sections) throw invalid("questionnaire.too_big", "title", `At most ${L.sections} sections`);
  const all = allQuestions(content);
  if (all.length > L.questions) throw invalid("questionnaire.too_big", "label", `At most ${L.questions} questions`);
  for (const [i, q] of all.entries()) {
    if (optionKinds.includes(q.kind)) {
      if (q.options.length < 2) throw invalid("questionnaire.options", "options", "Write at least two options, one a line");
      if (q.options.length > L.options) throw invalid("questionnaire.options", "options", `At most ${L.options} options`);
      if (q.options.some((o) => o.value.length > L.option)) {
        throw invalid("questionnaire.options", "options", `An option is at most ${L.option} characters`);
      }
      if (new Set(q.options.map((o) => o.value)).size !== q.options.length) {
        throw invalid("questionnaire.options", "options", "Each option must differ from the others");
      }
    }
    if (!q.show_if) continue;
    const on = all.slice(0, i).find((p) => p.key === q.show_if!.key);
    const label = q.label.en.length > 60 ? `${q.label.en.slice(0, 57)}…` : q.label.en;
    if (!on || !choiceKinds.includes(on.kind)) {
      throw invalid("questionnaire.condition", "show_if_key", `"${label}" must depend on an earlier yes/no or choice question`);
    }
    const values = on.kind === "yes_no" ? ["yes", "no"] : on.options.map((o) => o.value);
    if (!values.includes(q.show_if.value)) {
      throw invalid("questionnaire.condition", "show_if_value", `"${label}" depends on an answer its question does not offer`);
    }
  }
}
