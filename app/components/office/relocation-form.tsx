/** The office's form for a relocation package, new or changed. */
import type { Country, OfficeRelocation } from "../../../lib/contract";
import { dollarsText } from "../../../lib/money";
import { relocationFields } from "../../../lib/office-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { CatalogueForm, PriceField } from "../ui/catalogue-form";
import { Field, TextAreaField } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { CountryField } from "../ui/place-fields";

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
  const form = useSchemaForm(failure, {
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
