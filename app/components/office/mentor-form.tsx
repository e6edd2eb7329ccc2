import { formValuesOf, mentorTextFields, translatedFields } from "../../../lib/catalogue-texts";
import type { Country, OfficeMentor } from "../../../lib/contract";
import { dollarsText } from "../../../lib/money";
import { hoursField, mentorFields } from "../../../lib/office-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { CatalogueForm } from "../ui/catalogue-form";
import { Field, TextAreaField } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { LanguageField } from "../ui/language-field";
import { CountryField, countryOf, ZoneField, type ZoneChoice } from "../ui/place-fields";
import { AffectedSessions, MeetingLinkField, WeekFields, weekShown, weekText } from "../ui/week-fields";
import { TranslatedFields } from "./translated-fields";

/** The fields in the order the form shows them: the profile, then the week from Monday. */
const fieldOrder = [
  ...mentorFields.filter((f) => !f.startsWith("hours_")),
  ...weekShown.map(hoursField),
  ...translatedFields(mentorTextFields),
];

/** Adding or editing a mentor: profile, rate in dollars, and the weekly hours per weekday in the mentor's zone. */
export function MentorForm({
  mentor,
  countries,
  zones,
  failure,
  submitLabel,
}: {
  mentor?: OfficeMentor;
  countries: Country[];
  zones: ZoneChoice[];
  failure?: FormFailure;
  submitLabel: string;
}) {
  const stored: Record<string, string> = {
    name: mentor?.name ?? "",
    email: mentor?.email ?? "",
    title: mentor?.title ?? "",
    bio: mentor?.bio ?? "",
    expertise: mentor?.expertise.join(", ") ?? "",
    languages: mentor?.languages.join(", ") ?? "",
    country_code: mentor?.country_code ?? "",
    time_zone: mentor?.time_zone ?? "Europe/London",
    rate: dollarsText(mentor?.rate_minor),
    photo_url: mentor?.photo_url ?? "",
    meeting_url: mentor?.meeting_url ?? "",
    language: mentor?.language ?? "en",
    ...weekText(mentor),
    ...formValuesOf(mentorTextFields, mentor?.texts ?? {}),
  };
  const form = useSchemaForm(failure, { order: fieldOrder, stored });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <CatalogueForm form={form} cancelTo="/office/mentors" submitLabel={submitLabel}>
      <Field label={t("office.mentorForm.name")} required maxLength={100} {...f("name")} />
      <Field
        label={t("office.mentorForm.email")}
        type="email"
        maxLength={254}
        hint={t("office.mentorForm.emailHint")}
        {...f("email")}
      />
      <Field label={t("office.mentorForm.title")} required maxLength={150} {...f("title")} />
      <Field label={t("office.mentorForm.expertise")} required hint={t("office.mentorForm.expertiseHint")} {...f("expertise")} />
      <Field label={t("office.mentorForm.languages")} required hint={t("office.mentorForm.languagesHint")} {...f("languages")} />
      <CountryField countries={countries} {...f("country_code")} />
      <ZoneField
        zones={zones}
        country={countryOf(countries, f("country_code").defaultValue)}
        countryField="country_code"
        {...f("time_zone")}
      />
      <Field label={t("office.mentorForm.rate")} inputMode="decimal" required {...f("rate")} />
      <Field label={t("office.mentorForm.photo")} type="url" maxLength={500} hint="https://…" {...f("photo_url")} />
      <MeetingLinkField f={f} whose="mentor" />
      <LanguageField hint={t("office.mentorForm.languageHint")} {...f("language")} />
      <div className="form__wide">
        <TextAreaField label={t("office.mentorForm.bio")} rows={4} required maxLength={2000} {...f("bio")} />
      </div>
      <WeekFields f={f} whose="mentor" />
      <AffectedSessions form={form} />
      <TranslatedFields
        f={f}
        failure={failure}
        fields={[
          { field: "title", label: t("office.mentorForm.title"), max: 150 },
          { field: "expertise", label: t("office.mentorForm.expertise"), hint: t("office.mentorForm.expertiseHint") },
          { field: "bio", label: t("office.mentorForm.bio"), max: 2000, rows: 3 },
        ]}
      />
    </CatalogueForm>
  );
}
