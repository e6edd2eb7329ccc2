import type { Country, OfficeJob } from "../../../lib/contract";
import { dollarsText } from "../../../lib/money";
import { employmentTypes as types, jobFields as fields } from "../../../lib/office-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { CatalogueForm } from "../ui/catalogue-form";
import { Field, SelectField, TextAreaField } from "../ui/fields";
import { asWritten } from "../ui/filter-select";
import { useSchemaForm } from "../ui/form";
import { CountryField } from "../ui/place-fields";

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
  const form = useSchemaForm(failure, {
    order: fields,
    stored: {
      title: job?.title ?? "",
      company: job?.company ?? "",
      country_code: job?.country_code ?? "",
      city: job?.city ?? "",
      employment_type: job?.employment_type ?? "Full-time",
      description: job?.description ?? "",
      salary_min: dollarsText(job?.salary_min_minor),
      salary_max: dollarsText(job?.salary_max_minor),
      placement_fee: dollarsText(job?.placement_fee_minor),
    },
  });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <CatalogueForm form={form} cancelTo="/office/jobs" submitLabel={submitLabel}>
      <Field label={t("office.catalogueForm.title")} required maxLength={150} {...f("title")} />
      <Field label={t("office.catalogueForm.company")} required maxLength={150} {...f("company")} />
      <CountryField countries={countries} {...f("country_code")} />
      <Field label={t("office.catalogueForm.city")} required maxLength={100} {...f("city")} />
      <SelectField label={t("office.catalogueForm.type")} options={asWritten(types)} {...f("employment_type")} />
      <Field
        label={t("office.catalogueForm.fee")}
        inputMode="decimal"
        required
        hint={t("office.catalogueForm.feeHint")}
        {...f("placement_fee")}
      />
      <Field label={t("office.catalogueForm.salaryMin")} inputMode="decimal" {...f("salary_min")} />
      <Field label={t("office.catalogueForm.salaryMax")} inputMode="decimal" {...f("salary_max")} />
      <div className="form__wide">
        <TextAreaField label={t("office.catalogueForm.description")} rows={6} required maxLength={5000} {...f("description")} />
      </div>
    </CatalogueForm>
  );
}
