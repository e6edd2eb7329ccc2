import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Country, OfficePlan, OfficeRelocation } from "../../lib/contract";
import { planFields, relocationFields } from "../../lib/office-fields";
import type { FormFailure } from "../lib/api.server";
import { dollarsText } from "../lib/money";
import { CountryField, Field, fieldProps, FormError, SelectField, TextAreaField } from "./form";

/** A catalogue form's frame: the token, the summary, the fields in order, Save and Cancel. */
export function CatalogueForm({
  failure,
  cancelTo,
  submitLabel,
  children,
}: {
  failure?: FormFailure;
  cancelTo: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <Form method="post" className="form form--grid" noValidate key={failure ? JSON.stringify(failure.values) : "stored"}>
      <AuthenticityTokenInput />
      <FormError message={failure?.formError} />
      {children}
      <div className="form__actions form__wide">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("office.catalogueForm.saving") : submitLabel}
        </button>
        <Link to={cancelTo} className="button button--ghost">
          {t("office.catalogueForm.cancel")}
        </Link>
      </div>
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
  const f = fieldProps(relocationFields, failure, {
    title: pkg?.title ?? "",
    country_code: pkg?.country_code ?? "",
    city: pkg?.city ?? "",
    duration_days: pkg ? String(pkg.duration_days) : "",
    price: dollarsText(pkg?.price_minor),
    includes: pkg?.includes.join("\n") ?? "",
    description: pkg?.description ?? "",
  });
  const { t } = useTranslation();
  return (
    <CatalogueForm failure={failure} cancelTo="/office/relocations" submitLabel={submitLabel}>
      <Field label={t("office.catalogueForm.title")} required maxLength={150} {...f("title")} />
      <CountryField countries={countries} {...f("country_code")} />
      <Field label={t("office.catalogueForm.city")} required maxLength={100} {...f("city")} />
      <Field label={t("office.catalogueForm.duration")} inputMode="numeric" required {...f("duration_days")} />
      <Field
        label={t("office.catalogueForm.priceUsd")}
        inputMode="decimal"
        required
        hint={t("office.catalogueForm.relocationPriceHint")}
        {...f("price")}
      />
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
  const f = fieldProps(planFields, failure, {
    service_id: plan ? String(plan.service_id) : "",
    name: plan?.name ?? "",
    price: dollarsText(plan?.price_minor),
    description: plan?.description ?? "",
  });
  const { t } = useTranslation();
  const services = serviceIds.map((value) => ({ value, label: t(`services.s${value}.name`) }));
  return (
    <CatalogueForm failure={failure} cancelTo="/office/plans" submitLabel={submitLabel}>
      <SelectField
        label={t("office.catalogueForm.service")}
        placeholder={t("office.catalogueForm.chooseService")}
        options={services}
        {...f("service_id")}
      />
      <Field label={t("office.catalogueForm.name")} required maxLength={100} {...f("name")} />
      <Field
        label={t("office.catalogueForm.priceUsd")}
        inputMode="decimal"
        required
        hint={t("office.catalogueForm.planPriceHint")}
        {...f("price")}
      />
      <div className="form__wide">
        <TextAreaField label={t("office.catalogueForm.description")} rows={4} required maxLength={2000} {...f("description")} />
      </div>
    </CatalogueForm>
  );
}
