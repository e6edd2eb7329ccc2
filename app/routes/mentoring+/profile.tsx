import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { mentorProfileFields } from "../../../lib/office-fields";
import { CatalogueForm } from "../../components/ui/catalogue-form";
import { Field, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { LanguageField } from "../../components/ui/language-field";
import { ZoneField } from "../../components/ui/place-fields";
import { AffectedSessions, MeetingLinkField } from "../../components/ui/week-fields";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { saveProfile } from "../../lib/mentoring.server";
import { zoneChoices } from "../../lib/zones.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Your profile"));

/** What agents read of the mentor, the zone their hours are in, and where their sessions meet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const profile = await api.call(endpoints.mentorProfile).catch((e) => apiLoaderError(e, request, context));
  const { name, title, bio, expertise, languages, time_zone, meeting_url, language } = profile;
  return {
    profile: { name, title, bio, expertise, languages, time_zone, meeting_url, language },
    zones: zoneChoices(time_zone),
    title: workspaceT("mentoring.profile.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  return saveProfile(request, context, (body) => api.call(endpoints.saveMentorProfile, { body }));
}

export default function MentorProfilePage() {
  const { profile, zones } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure, {
    order: mentorProfileFields,
    stored: {
      bio: profile.bio,
      expertise: profile.expertise.join(", "),
      languages: profile.languages.join(", "),
      time_zone: profile.time_zone,
      meeting_url: profile.meeting_url ?? "",
      language: profile.language,
    },
  });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentoring">{t("mentoring.profile.back")}</Link>
      </p>
      <h1>{t("mentoring.profile.heading")}</h1>
      <p className="muted">{t("mentoring.profile.note", { name: profile.name, title: profile.title })}</p>
      <CatalogueForm form={form} cancelTo="/mentoring" submitLabel={t("mentoring.profile.save")}>
        <Field
          label={t("mentoring.profile.expertise")}
          required
          hint={t("mentoring.profile.expertiseHint")}
          {...f("expertise")}
        />
        <Field
          label={t("mentoring.profile.languages")}
          required
          hint={t("mentoring.profile.languagesHint")}
          {...f("languages")}
        />
        <ZoneField zones={zones} {...f("time_zone")} />
        <MeetingLinkField f={f} whose="own" />
        <LanguageField hint={t("mentoring.profile.languageHint")} {...f("language")} />
        <AffectedSessions form={form} />
        <div className="form__wide">
          <TextAreaField label={t("mentoring.profile.bio")} rows={5} required maxLength={2000} {...f("bio")} />
        </div>
      </CatalogueForm>
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
