import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { hoursField } from "../../../lib/office-fields";
import { CatalogueForm } from "../../components/ui/catalogue-form";
import { useSchemaForm } from "../../components/ui/form";
import { AffectedSessions, WeekFields, weekShown, weekText } from "../../components/ui/week-fields";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { saveWeek } from "../../lib/mentoring.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Your weekly hours"));

/** The mentor's own week: the hours agents can book and the days away, in the mentor's zone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const profile = await api.call(endpoints.mentorProfile).catch((e) => apiLoaderError(e, request, context));
  return {
    profile: { time_zone: profile.time_zone, availability: profile.availability, time_off: profile.time_off },
    title: workspaceT("mentoring.hours.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  return saveWeek(request, context, (body) => api.call(endpoints.saveMentorHours, { body }));
}

const fieldOrder = [...weekShown.map(hoursField), "time_off"];

export default function MentorHours() {
  const { profile } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure, { order: fieldOrder, stored: weekText(profile) });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentoring">{t("mentoring.hours.back")}</Link>
      </p>
      <h1>{t("mentoring.hours.heading")}</h1>
      <p className="muted">
        <Trans
          i18nKey="mentoring.hours.note"
          values={{ zone: profile.time_zone }}
          components={{ strong: <strong />, go: <Link to="/mentoring/profile" /> }}
        />
      </p>
      <CatalogueForm form={form} cancelTo="/mentoring" submitLabel={t("mentoring.hours.save")}>
        <WeekFields f={f} whose="own" />
        <AffectedSessions form={form} />
      </CatalogueForm>
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
