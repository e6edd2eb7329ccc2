import type { Country, OfficeMentor } from "../../lib/contract";
import { hoursField, mentorFields } from "../../lib/office-fields";
import type { FormFailure } from "../lib/api.server";
import { dollarsText } from "../lib/money";
import { CountryField, Field, fieldProps, TextAreaField, ZoneField } from "./form";
import { LanguageField } from "./language-field";
import { CatalogueForm } from "./office-catalogue-forms";
import { AffectedSessions, MeetingLinkField, WeekFields, weekShown, weekText } from "./week-fields";

/** The fields in the order the form shows them: the profile, then the week from Monday. */
const fieldOrder = [...mentorFields.filter((f) => !f.startsWith("hours_")), ...weekShown.map(hoursField)];

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
  zones: string[];
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
  };
  const f = fieldProps(fieldOrder, failure, stored);
  return (
    <CatalogueForm failure={failure} cancelTo="/office/mentors" submitLabel={submitLabel}>
      <Field label="Name" required maxLength={100} {...f("name")} />
      <Field
        label="E-mail (optional)"
        type="email"
        maxLength={254}
        hint="Where the mentor signs in and hears of their sessions"
        {...f("email")}
      />
      <Field label="Title" required maxLength={150} {...f("title")} />
      <Field label="Expertise" required hint="Separated by commas, e.g. Interviews, Salary negotiation" {...f("expertise")} />
      <Field label="Languages" required hint="Separated by commas, e.g. English, German" {...f("languages")} />
      <CountryField countries={countries} {...f("country_code")} />
      <ZoneField zones={zones} {...f("time_zone")} />
      <Field label="Rate (USD an hour)" inputMode="decimal" required {...f("rate")} />
      <Field label="Photo address (optional)" type="url" maxLength={500} hint="https://…" {...f("photo_url")} />
      <MeetingLinkField f={f} whose="mentor" />
      <LanguageField hint="What the mentor's e-mails and calendar invites are written in." {...f("language")} />
      <div className="form__wide">
        <TextAreaField label="Bio" rows={4} required maxLength={2000} {...f("bio")} />
      </div>
      <WeekFields f={f} whose="mentor" />
      <AffectedSessions failure={failure} />
    </CatalogueForm>
  );
}
