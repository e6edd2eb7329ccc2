/**
 * A questionnaire drawn in the reader's language (issue 40): each question's control by its kind, and the answers
 * as words. The client's page answers with it, the agent's reads and returns with it. Conditional questions are all
 * drawn without JavaScript (each says when it applies); with it, a question shows only while its condition holds.
 */
import { useEffect, useState, type ChangeEvent } from "react";
import { isolate } from "../../../lib/bidi";
import type { AnsweredFile, AnswerRow } from "../../../lib/contract";
import type { Lang } from "../../../lib/i18n/languages";
import {
  allQuestions,
  answerText,
  isShown,
  wordsIn,
  type AnswerValue,
  type Question,
  type QuestionnaireContent,
} from "../../../lib/intake";
import { useTranslation } from "../../lib/page-words";

export type CountryName = { code: string; name: string };

/** The words of answers in `lang`, for the pages (the PDF has its own). */
export function useAnswerWords(lang: Lang, countries: CountryName[], files: Record<string, AnsweredFile>) {
  const { t } = useTranslation();
  return (q: Question, value: AnswerValue | null | undefined) =>
    answerText(q, value, lang, {
      yes: t("intake.yes"),
      no: t("intake.no"),
      country: (code) => countries.find((c) => c.code === code)?.name ?? code,
      file: () => files[q.key]?.file_name ?? t("intake.fileSent"),
    });
}

/** A typed value as the form sends it back: text, or a list kept as JSON (several choices). */
export function typedValue(raw: string | undefined): AnswerValue | undefined {
  if (raw === undefined) return undefined;
  if (raw.startsWith("[")) {
    try {
      const list = JSON.parse(raw) as unknown;
      if (Array.isArray(list)) return list.map(String);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** The condition of a question in words: "If you answered “Yes” to “Do you have children?”". */
function conditionWords(
  content: QuestionnaireContent,
  q: Question,
  lang: Lang,
  t: (k: string, v?: Record<string, string>) => string,
) {
  if (!q.show_if) return null;
  const on = allQuestions(content).find((p) => p.key === q.show_if!.key);
  if (!on) return null;
  const answer =
    on.kind === "yes_no"
      ? t(q.show_if.value === "yes" ? "intake.yes" : "intake.no")
      : wordsIn(on.options.find((o) => o.value === q.show_if!.value)?.label, lang);
  return t("intake.onlyIf", { answer, question: wordsIn(on.label, lang) });
}

type FieldProps = {
  q: Question;
  content: QuestionnaireContent;
  lang: Lang;
  value: AnswerValue | undefined;
  errors?: string[];
  countries: CountryName[];
  file?: AnsweredFile;
  fileHref?: (f: AnsweredFile) => string;
  note?: string | null;
  autoFocus?: boolean;
  hidden?: boolean;
};

/** One question's control, with its label, help, condition, the agent's word when returned, and its refusal. */
export function QuestionField({
  q,
  content,
  lang,
  value,
  errors,
  countries,
  file,
  fileHref,
  note,
  autoFocus,
  hidden,
}: FieldProps) {
  const { t } = useTranslation();
  const id = `answer-${q.key}`;
  const help = wordsIn(q.help, lang);
  const condition = conditionWords(content, q, lang, t);
  const invalid = Boolean(errors?.length);
  const describedBy = [help ? `${id}-help` : null, condition ? `${id}-if` : null, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const a11y = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
    autoFocus: autoFocus || undefined,
  };
  const label = (
    <>
      {wordsIn(q.label, lang)}
      {q.required ? <span className="required"> {t("intake.required")}</span> : null}
    </>
  );
  const text = typeof value === "string" ? value : "";
  const list = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  const group = q.kind === "yes_no" || q.kind === "choice" || q.kind === "choices";
  const choices =
    q.kind === "yes_no"
      ? [
          { value: "yes", label: t("intake.yes") },
          { value: "no", label: t("intake.no") },
        ]
      : q.options.map((o) => ({ value: o.value, label: wordsIn(o.label, lang) }));
  let control;
  switch (q.kind) {
    case "long_text":
      control = <textarea id={id} name={q.key} rows={5} maxLength={5000} defaultValue={text} {...a11y} />;
      break;
    case "number":
      control = <input id={id} name={q.key} inputMode="decimal" defaultValue={text} {...a11y} />;
      break;
    case "date":
      control = <input id={id} name={q.key} type="date" defaultValue={text} {...a11y} />;
      break;
    case "phone":
      control = <input id={id} name={q.key} type="tel" autoComplete="tel" dir="ltr" defaultValue={text} {...a11y} />;
      break;
    case "email":
      control = <input id={id} name={q.key} type="email" dir="ltr" defaultValue={text} {...a11y} />;
      break;
    case "country":
      control = (
        <select id={id} name={q.key} defaultValue={text} {...a11y}>
          <option value="">{t("intake.chooseCountry")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      );
      break;
    case "file":
      control = (
        <>
          {file ? (
            <p className="muted">
              {t("intake.fileSent")}: {fileHref ? <a href={fileHref(file)}>{file.file_name}</a> : file.file_name}
            </p>
          ) : null}
          <input id={id} name={`file_${q.key}`} type="file" accept="application/pdf,image/jpeg,image/png" {...a11y} />
        </>
      );
      break;
    case "yes_no":
    case "choice":
    case "choices":
      control = (
        <div className="choices">
          {choices.map((c, i) => (
            <label key={c.value} className="choice">
              <input
                type={q.kind === "choices" ? "checkbox" : "radio"}
                name={q.key}
                value={c.value}
                defaultChecked={list.includes(c.value)}
                {...(i === 0 ? a11y : {})}
              />{" "}
              {c.label}
            </label>
          ))}
        </div>
      );
      break;
    default:
      control = <input id={id} name={q.key} maxLength={200} defaultValue={text} {...a11y} />;
  }
  return (
    <div className={invalid ? "field field--invalid question" : "field question"} hidden={hidden} id={`question-${q.key}`}>
      {group ? (
        <fieldset>
          <legend>{label}</legend>
          {control}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {control}
        </>
      )}
      {condition ? (
        <p className="field__hint" id={`${id}-if`}>
          {condition}
        </p>
      ) : null}
      {help ? (
        <p className="field__hint" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {note ? <p className="notice notice--warning">{t("intake.agentAsks", { note })}</p> : null}
      {invalid ? (
        <p className="field__error" id={`${id}-error`}>
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The questions shown while the form is being filled: all of them before scripts run (each says when it applies),
 * then only those whose condition holds for what the form holds now.
 */
export function useShownQuestions(content: QuestionnaireContent, initial: Record<string, AnswerValue | undefined>) {
  const [values, setValues] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    const data = new FormData(form);
    const next: Record<string, AnswerValue | undefined> = { ...values };
    for (const q of allQuestions(content)) {
      if (q.kind === "choices") next[q.key] = data.getAll(q.key).map(String);
      else if (data.has(q.key)) next[q.key] = String(data.get(q.key));
    }
    setValues(next);
  };
  return { shown: (q: Question) => !live || isShown(content, q, values), onChange };
}

/**
 * An answer read back in any page's direction (issue 66): a phone number or an e-mail address left to right, as it
 * is read; anything else set by its own first letter (an Arabic address in an English page, an English one in an
 * Arabic page), its numbers in their order.
 */
function Said({ question, said, none }: { question: Question; said: string; none: string }) {
  if (!said) return <span className="muted">{none}</span>;
  if (question.kind === "phone" || question.kind === "email") return <bdi dir="ltr">{said}</bdi>;
  return <bdi dir="auto">{said}</bdi>;
}

/** The answers read back: each shown question and its answer in words, the agent's word on those returned. */
export function AnswerList({
  content,
  answers,
  lang,
  words,
  fileHref,
  files,
  only,
}: {
  content: QuestionnaireContent;
  answers: Record<string, AnswerRow>;
  lang: Lang;
  words: (q: Question, v: AnswerValue | null | undefined) => string;
  files: Record<string, AnsweredFile>;
  fileHref?: (f: AnsweredFile) => string;
  /** Only this section's */
  only?: string;
}) {
  const { t } = useTranslation();
  const values = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.value ?? undefined]));
  return (
    <>
      {content.sections
        .filter((s) => !only || s.key === only)
        .map((s) => (
          <section key={s.key} className="answers" aria-labelledby={`answers-${s.key}`}>
            <h3 id={`answers-${s.key}`}>{wordsIn(s.title, lang)}</h3>
            <dl>
              {s.questions
                .filter((q) => isShown(content, q, values))
                .map((q) => {
                  const a = answers[q.key];
                  const file = files[q.key];
                  const said = words(q, a?.value);
                  return (
                    <div key={q.key} id={`answer-${q.key}`}>
                      <dt>{wordsIn(q.label, lang)}</dt>
                      <dd>
                        {file && fileHref ? (
                          <a href={fileHref(file)}>{file.file_name}</a>
                        ) : (
                          <Said question={q} said={said} none={t("intake.noAnswer")} />
                        )}
                        {a?.returned ? (
                          <span className="tag tag--warning">
                            {" "}
                            {a.returned_note ? t("intake.agentAsks", { note: isolate(a.returned_note) }) : t("intake.toCorrect")}
                          </span>
                        ) : null}
                      </dd>
                    </div>
                  );
                })}
            </dl>
          </section>
        ))}
    </>
  );
}
