/** A session pack's form (issue 41): its words, sessions and their length, which mentors, price, days, other languages. */
import { formValuesOf, packTextFields, translatedFields } from "../../../lib/catalogue-texts";
import type { OfficePack } from "../../../lib/contract";
import { dollarsText } from "../../../lib/money";
import { packFields, packMinutes } from "../../../lib/office-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { CatalogueForm, PriceField } from "../ui/catalogue-form";
import { Field, SelectField, TextAreaField } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { TranslatedFields } from "./translated-fields";

export function PackForm({
  pack,
  mentors,
  failure,
  submitLabel,
}: {
  pack?: OfficePack;
  mentors: Array<{ id: number; name: string; active: boolean }>;
  failure?: FormFailure;
  submitLabel: string;
}) {
  const form = useSchemaForm(failure, {
    order: [...packFields, ...translatedFields(packTextFields)],
    stored: {
      name: pack?.name ?? "",
      description: pack?.description ?? "",
      sessions: pack ? String(pack.sessions) : "3",
      session_minutes: pack ? String(pack.session_minutes) : "60",
      price: dollarsText(pack?.price_minor),
      valid_days: pack ? String(pack.valid_days) : "90",
      all_mentors: pack && pack.mentors ? "some" : "all",
      mentor_ids: pack?.mentors?.map((m) => m.id).join(",") ?? "",
      ...formValuesOf(packTextFields, pack?.texts ?? {}),
    },
  });
  const f = form.field;
  const { t } = useTranslation();
  const who = f("all_mentors");
  const chosen = f("mentor_ids");
  const ticked = new Set(String(chosen.defaultValue).split(",").filter(Boolean));
  return (
    <CatalogueForm form={form} cancelTo="/office/session-packs" submitLabel={submitLabel}>
      <Field label={t("office.packs.name")} required maxLength={100} {...f("name")} />
      <PriceField hint={t("office.packs.priceHint")} {...f("price")} />
      <Field label={t("office.packs.sessions")} inputMode="numeric" required {...f("sessions")} />
      <SelectField
        label={t("office.packs.minutes")}
        options={packMinutes.map((m) => ({ value: String(m), label: t("office.packs.minutesEach", { count: m }) }))}
        {...f("session_minutes")}
      />
      <Field
        label={t("office.packs.validDays")}
        inputMode="numeric"
        required
        hint={t("office.packs.validDaysHint")}
        {...f("valid_days")}
      />
      <div className="form__wide">
        <TextAreaField label={t("office.catalogueForm.description")} rows={3} required maxLength={2000} {...f("description")} />
      </div>
      <fieldset
        className={chosen.errors?.length ? "form__wide field field--invalid" : "form__wide field"}
        aria-describedby={chosen.errors?.length ? "mentor_ids-error" : undefined}
      >
        <legend>{t("office.packs.mentors")}</legend>
        <label className="check">
          <input type="radio" name="all_mentors" value="all" defaultChecked={who.defaultValue !== "some"} />{" "}
          {t("office.packs.allMentors")}
        </label>
        <label className="check">
          <input type="radio" name="all_mentors" value="some" defaultChecked={who.defaultValue === "some"} />{" "}
          {t("office.packs.someMentors")}
        </label>
        <div className="check-list">
          {mentors.map((m) => (
            <label key={m.id} className="check">
              <input type="checkbox" name="mentor_ids" value={m.id} defaultChecked={ticked.has(String(m.id))} /> {m.name}
              {m.active ? null : <span className="muted"> ({t("office.packs.inactive")})</span>}
            </label>
          ))}
        </div>
        {chosen.errors?.length ? (
          <p className="field__error" id="mentor_ids-error">
            {chosen.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <TranslatedFields
        f={f}
        failure={failure}
        fields={[
          { field: "name", label: t("office.packs.name"), max: 100 },
          { field: "description", label: t("office.catalogueForm.description"), max: 2000, rows: 3 },
        ]}
      />
    </CatalogueForm>
  );
}
