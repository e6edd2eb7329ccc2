import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Country, OfficeJob } from "../../lib/contract";
import { employmentTypes as types, jobFields as fields } from "../../lib/office-fields";
import type { FormFailure } from "../lib/api.server";
import { dollarsText } from "../lib/money";
import { Field, firstInvalid, FormError, SelectField, TextAreaField } from "./form";

/** Adding or editing a job. Amounts are typed in dollars; what was typed stays when the form is refused. */
export function JobForm({
  job,
  countries,
  failure,
  submitLabel,
}: {
  job?: OfficeJob;
  countries: Country[];
  failure?: FormFailure;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  const first = firstInvalid(fields, errors);
  const stored: Record<(typeof fields)[number], string> = {
    title: job?.title ?? "",
    company: job?.company ?? "",
    country_code: job?.country_code ?? "",
    city: job?.city ?? "",
    employment_type: job?.employment_type ?? "Full-time",
    description: job?.description ?? "",
    salary_min: dollarsText(job?.salary_min_minor),
    salary_max: dollarsText(job?.salary_max_minor),
    placement_fee: dollarsText(job?.placement_fee_minor),
  };
  const f = (name: (typeof fields)[number]) => ({
    name,
    errors: errors[name],
    autoFocusOnError: first === name,
    defaultValue: failure?.values?.[name] ?? stored[name],
  });
  return (
    <Form method="post" className="form form--grid" noValidate key={failure ? JSON.stringify(failure.values) : "stored"}>
      <AuthenticityTokenInput />
      <FormError message={failure?.formError} />
      <Field label="Title" required maxLength={150} {...f("title")} />
      <Field label="Company" required maxLength={150} {...f("company")} />
      <SelectField
        label="Country"
        placeholder="Choose a country"
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
        {...f("country_code")}
      />
      <Field label="City" required maxLength={100} {...f("city")} />
      <SelectField label="Type" options={types.map((t) => ({ value: t, label: t }))} {...f("employment_type")} />
      <Field
        label="Placement fee (USD)"
        inputMode="decimal"
        required
        hint="What the agent pays, e.g. 1490 or 1,490.00"
        {...f("placement_fee")}
      />
      <Field label="Lowest salary (USD a year, optional)" inputMode="decimal" {...f("salary_min")} />
      <Field label="Highest salary (USD a year, optional)" inputMode="decimal" {...f("salary_max")} />
      <div className="form__wide">
        <TextAreaField label="Description" rows={6} required maxLength={5000} {...f("description")} />
      </div>
      <div className="form__actions form__wide">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
        <Link to="/office/jobs" className="button button--ghost">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
