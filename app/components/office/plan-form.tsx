/** The office's form for a plan, new or changed: its service, name, price and texts, with their translations. */
import { formValuesOf, listText, planTextFields, translatedFields } from "../../../lib/catalogue-texts";
import type { OfficePlan } from "../../../lib/contract";
import { dollarsText } from "../../../lib/money";
import { planFields } from "../../../lib/office-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { CatalogueForm, PriceField } from "../ui/catalogue-form";
import { Field, SelectField, TextAreaField } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { TranslatedFields } from "./translated-fields";

/** The services a plan belongs to, named as the catalogue names them */
const serviceIds = ["1", "2", "3"] as const;

export function PlanForm({ plan, failure, submitLabel }: { plan?: OfficePlan; failure?: FormFailure; submitLabel: string }) {
  const form = useSchemaForm(failure, {
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
