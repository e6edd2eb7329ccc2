import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
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
  return (
    <Form method="post" className="form form--grid" noValidate key={failure ? JSON.stringify(failure.values) : "stored"}>
      <AuthenticityTokenInput />
      <FormError message={failure?.formError} />
      {children}
      <div className="form__actions form__wide">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
        <Link to={cancelTo} className="button button--ghost">
          Cancel
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
  return (
    <CatalogueForm failure={failure} cancelTo="/office/relocations" submitLabel={submitLabel}>
      <Field label="Title" required maxLength={150} {...f("title")} />
      <CountryField countries={countries} {...f("country_code")} />
      <Field label="City" required maxLength={100} {...f("city")} />
      <Field label="Duration (days)" inputMode="numeric" required {...f("duration_days")} />
      <Field label="Price (USD)" inputMode="decimal" required hint="e.g. 1490 or 1,490.00" {...f("price")} />
      <div className="form__wide">
        <TextAreaField label="What is included" rows={4} required hint="One service a line" {...f("includes")} />
      </div>
      <div className="form__wide">
        <TextAreaField label="Description" rows={4} required maxLength={5000} {...f("description")} />
      </div>
    </CatalogueForm>
  );
}

const services = [
  { value: "1", label: "Mentorship" },
  { value: "2", label: "Relocation" },
  { value: "3", label: "Job Placement" },
];

export function PlanForm({ plan, failure, submitLabel }: { plan?: OfficePlan; failure?: FormFailure; submitLabel: string }) {
  const f = fieldProps(planFields, failure, {
    service_id: plan ? String(plan.service_id) : "",
    name: plan?.name ?? "",
    price: dollarsText(plan?.price_minor),
    description: plan?.description ?? "",
  });
  return (
    <CatalogueForm failure={failure} cancelTo="/office/plans" submitLabel={submitLabel}>
      <SelectField label="Service" placeholder="Choose a service" options={services} {...f("service_id")} />
      <Field label="Name" required maxLength={100} {...f("name")} />
      <Field label="Price (USD)" inputMode="decimal" required hint="e.g. 290 or 1,490.00" {...f("price")} />
      <div className="form__wide">
        <TextAreaField label="Description" rows={4} required maxLength={2000} {...f("description")} />
      </div>
    </CatalogueForm>
  );
}
