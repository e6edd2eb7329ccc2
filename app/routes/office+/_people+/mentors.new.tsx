import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MentorForm } from "../../../components/office/mentor-form";
import { OfficeFormPage } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveMentor } from "../../../lib/office-mentors.server";
import { zoneChoices } from "../../../lib/zones.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "Add a mentor"} · Back office · ${companyOf(matches)}` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return {
    countries: await api.call(endpoints.officeCountries).catch((e) => apiLoaderError(e, request, context)),
    zones: zoneChoices("Europe/London"),
    title: workspaceT("office.mentorForm.addTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return saveMentor(request, context, (body) => api.call(endpoints.createMentor, { body: body }), "added");
}

export default function NewMentor() {
  const { countries, zones } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/mentors", label: t("office.mentor.back") }}
      title={t("office.mentorForm.addTitle")}
      toast={failure?.toast}
    >
      <MentorForm countries={countries} zones={zones} failure={failure} submitLabel={t("office.mentorForm.add")} />
    </OfficeFormPage>
  );
}
