import type { Country, OfficeJob } from "../../lib/contract";
import { employmentTypes as types, jobFields as fields } from "../../lib/office-fields";
import type { FormFailure } from "../lib/api.server";
import { dollarsText } from "../lib/money";
import { CountryField, Field, fieldProps, SelectField, TextAreaField } from "./form";
import { CatalogueForm } from "./office-catalogue-forms";

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
  const f = fieldProps(fields, failure, {
    title: job?.title ?? "",
    company: job?.company ?? "",
    country_code: job?.country_code ?? "",
    city: job?.city ?? "",
    employment_type: job?.employment_type ?? "Full-time",
    description: job?.description ?? "",
    salary_min: dollarsText(job?.salary_min_minor),
    salary_max: dollarsText(job?.salary_max_minor),
    placement_fee: dollarsText(job?.placement_fee_minor),
  });
  return (
    <CatalogueForm failure={failure} cancelTo="/office/jobs" submitLabel={submitLabel}>
      <Field label="Title" required maxLength={150} {...f("title")} />
      <Field label="Company" required maxLength={150} {...f("company")} />
      <CountryField countries={countries} {...f("country_code")} />
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
    </CatalogueForm>
  );
}
