import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { textLangs } from "../../lib/business";
import { formValuesOf, listText, planTextFields, translatedField, translatedFields } from "../../lib/catalogue-texts";
import type { Country, OfficePlan, OfficeRelocation } from "../../lib/contract";
import { dirOf, languageNames } from "../../lib/i18n/languages";
import { planFields, relocationFields } from "../../lib/office-fields";
import type { FormFailure } from "../lib/forms.server";
import { dollarsText } from "../lib/money";
import { useTranslation } from "../lib/words";
import { CountryField, Field, FormError, SelectField, TextAreaField, WideActions } from "./fields";
import { usePortalForm, type FieldOf, type PortalForm } from "./form";

/** A catalogue price, typed in US dollars ("1250" or "1250.50"), with what it buys said beneath. */
export function PriceField({ hint, ...field }: ReturnType<FieldOf> & { hint: string }) {
  const { t } = useTranslation();
  return <Field label={t("office.catalogueForm.priceUsd")} inputMode="decimal" required hint={hint} {...field} />;
}

/** A catalogue form's frame: the token, the summary, the fields in order, Save and Cancel. */
export function CatalogueForm({
  form,
  cancelTo,
  submitLabel,
  children,
}: {
  form: PortalForm;
  cancelTo: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <Form method="post" className="form form--grid" {...form.props} key={form.key}>
      <AuthenticityTokenInput />
      <FormError message={form.formError} />
      {children}
      <WideActions label={busy ? t("office.catalogueForm.saving") : submitLabel} busy={busy}>
        <Link to={cancelTo} className="button button--ghost">
          {t("office.catalogueForm.cancel")}
        </Link>
      </WideActions>
    </Form>
  );
}

export function RelocationForm({
  pkg,
  countries,
  failure,
  submitLabel,
}: {
  pkg?: OfficeRelocation;
  countries: Country[];
  failure?: FormFailure;
  submitLabel: string;
}) {
  const form = usePortalForm(failure, {
    order: relocationFields,
    stored: {
      title: pkg?.title ?? "",
      country_code: pkg?.country_code ?? "",
      city: pkg?.city ?? "",
      duration_days: pkg ? String(pkg.duration_days) : "",
      price: dollarsText(pkg?.price_minor),
      includes: pkg?.includes.join("\n") ?? "",
      description: pkg?.description ?? "",
    },
  });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <CatalogueForm form={form} cancelTo="/office/relocations" submitLabel={submitLabel}>
      <Field label={t("office.catalogueForm.title")} required maxLength={150} {...f("title")} />
      <CountryField countries={countries} {...f("country_code")} />
      <Field label={t("office.catalogueForm.city")} required maxLength={100} {...f("city")} />
      <Field label={t("office.catalogueForm.duration")} inputMode="numeric" required {...f("duration_days")} />
      <PriceField hint={t("office.catalogueForm.relocationPriceHint")} {...f("price")} />
      <div className="form__wide">
        <TextAreaField
          label={t("office.catalogueForm.included")}
          rows={4}
          required
          hint={t("office.catalogueForm.includedHint")}
          {...f("includes")}
        />
      </div>
      <div className="form__wide">
        <TextAreaField label={t("office.catalogueForm.description")} rows={4} required maxLength={5000} {...f("description")} />
      </div>
    </CatalogueForm>
  );
}

/** The services a plan belongs to, named as the catalogue names them */
const serviceIds = ["1", "2", "3"] as const;

export function PlanForm({ plan, failure, submitLabel }: { plan?: OfficePlan; failure?: FormFailure; submitLabel: string }) {
  const form = usePortalForm(failure, {
    order: [...planFields, ...translatedFields(planTextFields)],
    stored: {
      service_id: plan ? String(plan.service_id) : "",
      name: plan?.name ?? "",
      price: dollarsText(plan?.price_minor),
      description: plan?.description ?? "",
      includes: listText("includes", plan?.includes),
      ...formValuesOf(planTextFields, plan?.texts ?? {}),
    },
  });
  const f = form.field;
  const { t } = useTranslation();
  const services = serviceIds.map((value) => ({ value, label: t(`services.s${value}.name`) }));
  return (
    <CatalogueForm form={form} cancelTo="/office/plans" submitLabel={submitLabel}>
      <SelectField
        label={t("office.catalogueForm.service")}
        placeholder={t("office.catalogueForm.chooseService")}
        options={services}
        {...f("service_id")}
      />
      <Field label={t("office.catalogueForm.name")} required maxLength={100} {...f("name")} />
      <PriceField hint={t("office.catalogueForm.planPriceHint")} {...f("price")} />
      <div className="form__wide">
        <TextAreaField label={t("office.catalogueForm.description")} rows={4} required maxLength={2000} {...f("description")} />
      </div>
      <div className="form__wide">
        <TextAreaField
          label={t("office.catalogueForm.planIncluded")}
          hint={t("office.catalogueForm.planIncludedHint")}
          rows={4}
          {...f("includes")}
        />
      </div>
      <TranslatedFields
        f={f}
        failure={failure}
        fields={[
          { field: "name", label: t("office.catalogueForm.name"), max: 100 },
          { field: "description", label: t("office.catalogueForm.description"), max: 2000, rows: 3 },
          {
            field: "includes",
            label: t("office.catalogueForm.planIncluded"),
            rows: 3,
            hint: t("office.catalogueForm.planIncludedHint"),
          },
        ]}
      />
    </CatalogueForm>
  );
}

type Translated = { field: string; label: string; max?: number; rows?: number; hint?: string };

/**
 * A plan's or a mentor's words in Arabic, Spanish and French (issue 37): one group a language, open when anything
 * is written in it or refused, each field typed in its language's direction. Blank, the English is shown.
 */
export function TranslatedFields({ f, failure, fields }: { f: FieldOf; failure?: FormFailure; fields: Translated[] }) {
  const { t } = useTranslation();
  return (
    <section className="form__wide translations" aria-labelledby="translations-heading">
      <h2 id="translations-heading">{t("office.catalogueForm.otherLanguages")}</h2>
      <p className="muted">{t("office.catalogueForm.otherLanguagesNote")}</p>
      {textLangs.map((lang) => {
        const props = fields.map((x) => ({ ...x, props: f(translatedField(x.field, lang)) }));
        const written = props.filter((x) => String(x.props.defaultValue).trim()).length;
        const refused = props.some((x) => x.props.errors?.length);
        const language = t(`office.catalogueForm.langs.${lang}`);
        return (
          <details key={lang} className="translation" open={refused || (written > 0 && Boolean(failure))}>
            <summary>
              {language} <span lang={lang}>({languageNames[lang]})</span> ·{" "}
              <span className="muted">{t("office.catalogueForm.written", { count: written, total: fields.length })}</span>
            </summary>
            <div className="form--grid">
              {props.map(({ field, label, max, rows, hint, props: p }) => {
                const common = {
                  label: t("office.catalogueForm.inLanguage", { field: label, language }),
                  lang,
                  dir: dirOf(lang),
                  hint,
                  maxLength: max,
                  ...p,
                };
                return rows ? (
                  <div className="form__wide" key={field}>
                    <TextAreaField rows={rows} {...common} />
                  </div>
                ) : (
                  <Field key={field} {...common} />
                );
              })}
            </div>
          </details>
        );
      })}
    </section>
  );
}
