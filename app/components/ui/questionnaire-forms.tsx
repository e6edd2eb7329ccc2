/**
 * The office's forms of a questionnaire (issue 40, point 1): its details (name, title and introduction in every
 * language, the services whose payment sends it), and a question (its kind, words per language, options one a line,
 * whether it is required, and the earlier answer it depends on).
 */
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { dateRules, questionKinds, QUESTIONNAIRE_LIMITS as L, type QuestionnaireContent } from "../../../lib/intake";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError, SelectField, TextAreaField } from "./fields";
import { type PortalForm } from "./form";

const others = [
  ["ar", "rtl"],
  ["es", "ltr"],
  ["fr", "ltr"],
] as const;

/** A text in English and, when written, Arabic, Spanish and French: `name`, `name_ar`, `name_es`, `name_fr`. */
export function WordsFields({
  form,
  name,
  label,
  max,
  long,
}: {
  form: PortalForm;
  name: string;
  label: string;
  max: number;
  long?: boolean;
}) {
  const { t } = useTranslation();
  const Control = long ? TextAreaField : Field;
  return (
    <div className="words-fields">
      <Control
        id={`${form.props.id}-${name}`}
        label={label}
        maxLength={max}
        {...(long ? { rows: 3 } : {})}
        {...form.field(name)}
      />
      {others.map(([lang, dir]) => (
        <Control
          key={lang}
          id={`${form.props.id}-${name}_${lang}`}
          label={t(`office.intake.in.${lang}`, { label })}
          maxLength={max}
          lang={lang}
          dir={dir}
          {...(long ? { rows: 3 } : {})}
          {...form.field(`${name}_${lang}`)}
        />
      ))}
    </div>
  );
}

export const detailsFields = [
  "name",
  "title",
  "title_ar",
  "title_es",
  "title_fr",
  "intro",
  "intro_ar",
  "intro_es",
  "intro_fr",
] as const;

export function DetailsForm({
  form,
  services,
  chosen,
  submit,
}: {
  form: PortalForm;
  services: Array<{ id: number }>;
  chosen: number[];
  submit: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const typed = form.typed("services");
  const ticked = new Set(typed !== undefined ? typed.split(",").filter(Boolean).map(Number) : chosen);
  return (
    <Form method="post" className="form" {...form.props} key={form.key}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="details" />
      <FormError message={form.formError} />
      <Field
        id={`${form.props.id}-name`}
        label={t("office.intake.name")}
        hint={t("office.intake.nameHint")}
        maxLength={L.title}
        {...form.field("name")}
      />
      <WordsFields form={form} name="title" label={t("office.intake.titleLabel")} max={L.title} />
      <WordsFields form={form} name="intro" label={t("office.intake.introLabel")} max={L.intro} long />
      <fieldset className={form.errors("services") ? "field field--invalid" : "field"}>
        <legend>{t("office.intake.services")}</legend>
        {services.map((s) => (
          <label key={s.id} className="choice">
            <input type="checkbox" name="services" value={s.id} defaultChecked={ticked.has(s.id)} /> {t(`services.s${s.id}.name`)}
          </label>
        ))}
        <p className="field__hint">{t("office.intake.servicesHint")}</p>
        {form.errors("services") ? <p className="field__error">{form.errors("services")![0]}</p> : null}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

export const questionFields = [
  "kind",
  "required",
  "label",
  "label_ar",
  "label_es",
  "label_fr",
  "help",
  "help_ar",
  "help_es",
  "help_fr",
  "options",
  "options_ar",
  "options_es",
  "options_fr",
  "show_if_key",
  "show_if_value",
  "dates",
] as const;

/** The questions before `before` (all, for a new one) that a question can depend on, and their answers. */
function conditions(content: QuestionnaireContent, before: string | null) {
  const all = content.sections.flatMap((s) => s.questions);
  const upTo = before
    ? all.slice(
        0,
        Math.max(
          0,
          all.findIndex((q) => q.key === before),
        ),
      )
    : all;
  return upTo.filter((q) => q.kind === "yes_no" || q.kind === "choice" || q.kind === "choices");
}

export function QuestionForm({
  form,
  content,
  editing,
  submit,
}: {
  form: PortalForm;
  content: QuestionnaireContent;
  /** The question's key when it is being changed */
  editing: string | null;
  submit: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const earlier = conditions(content, editing);
  const required = form.typed("required") ?? form.field("required").defaultValue;
  return (
    <Form method="post" className="form" {...form.props} key={form.key}>
      <AuthenticityTokenInput />
      <FormError message={form.formError} />
      <SelectField
        id="question-kind"
        label={t("office.intake.kind")}
        options={questionKinds.map((k) => ({ value: k, label: t(`office.intake.kinds.${k}`) }))}
        {...form.field("kind", "short_text")}
      />
      <label className="choice">
        <input type="checkbox" name="required" value="on" defaultChecked={required === "on" || required === "true"} />{" "}
        {t("office.intake.required")}
      </label>
      <WordsFields form={form} name="label" label={t("office.intake.question")} max={L.label} long />
      <WordsFields form={form} name="help" label={t("office.intake.help")} max={L.help} long />
      <SelectField
        id="question-dates"
        label={t("office.intake.dates")}
        placeholder={t("office.intake.datesAny")}
        hint={t("office.intake.datesHint")}
        options={dateRules.map((r) => ({ value: r, label: t(`office.intake.datesRule.${r}`) }))}
        {...form.field("dates")}
      />
      <p className="muted">{t("office.intake.optionsHint")}</p>
      <WordsFields form={form} name="options" label={t("office.intake.options")} max={L.option * L.options} long />
      <SelectField
        id="question-show-if"
        label={t("office.intake.showIf")}
        placeholder={t("office.intake.always")}
        hint={t("office.intake.showIfHint")}
        options={earlier.map((q) => ({ value: q.key, label: q.label.en }))}
        {...form.field("show_if_key")}
      />
      <Field
        id="question-show-if-value"
        label={t("office.intake.showIfValue")}
        hint={t("office.intake.showIfValueHint")}
        maxLength={L.option}
        {...form.field("show_if_value")}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}
