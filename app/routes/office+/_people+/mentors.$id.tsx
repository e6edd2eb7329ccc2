import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MentorForm } from "../../../components/office/mentor-form";
import { OfficeFormPage } from "../../../components/office/page";
import { PendingEmailNote } from "../../../components/office/pending-email-note";
import { ResetFactors } from "../../../components/office/reset-factors";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveMentor } from "../../../lib/office-mentors.server";
import { routeId } from "../../../lib/params";
import { zoneChoices } from "../../../lib/zones.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Mentor not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [mentor, countries] = await Promise.all([
    api.call(endpoints.officeMentor, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeCountries),
  ]).catch((e) => apiLoaderError(e, request, context));
  const title = workspaceT("office.common.pageTitle", { name: mentor.name });
  return { mentor, countries, zones: zoneChoices(mentor.time_zone), title };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return saveMentor(request, context, (body) => api.call(endpoints.editMentor, { params: { id }, body: body }), "saved");
}

export default function EditMentor() {
  const { mentor, countries, zones } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/mentors", label: t("office.mentor.back") }}
      title={mentor.name}
      note={
        <>
          {mentor.active ? t("office.mentor.canBook") : t("office.mentor.cannotBook")}{" "}
          {t("office.mentor.toCome", { count: mentor.upcoming_sessions })}{" "}
          {mentor.signed_up
            ? t("office.mentor.signsInAs", { email: mentor.email })
            : mentor.email
              ? t("office.mentor.notSignedUp")
              : t("office.mentor.noEmail")}{" "}
          <Link to={`/office/mentors/${mentor.id}/statement`}>{t("office.mentor.statement")}</Link>.{" "}
          {mentor.email ? (
            <>
              <Link to={`/office/mentors/${mentor.id}/email`}>{t("office.mentor.changeEmail")}</Link>.{" "}
            </>
          ) : null}
          {mentor.email && mentor.active ? (
            <Link to={`/office/mentors/${mentor.id}/invite`}>
              {mentor.signed_up ? t("office.mentor.newLink") : t("office.mentor.inviteLink")}
            </Link>
          ) : null}
        </>
      }
      toast={failure?.toast}
    >
      <PendingEmailNote pending={mentor.pending_email} />
      <MentorForm mentor={mentor} countries={countries} zones={zones} failure={failure} submitLabel={t("office.mentor.save")} />
      {mentor.signed_up ? <ResetFactors kind="mentor" id={mentor.id} back={`/office/mentors/${mentor.id}`} /> : null}
    </OfficeFormPage>
  );
}
