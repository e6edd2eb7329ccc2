import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm } from "../../../components/office/job-form";
import { OfficeFormPage } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveJob } from "../../../lib/office-jobs.server";

export const meta = titleMeta<typeof loader>("Add a job · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const countries = await api.call(endpoints.officeCountries).catch((e) => apiLoaderError(e, request, context));
  return { countries, title: workspaceT("office.catalogue.addJobTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return saveJob(request, context, (body) => api.call(endpoints.createJob, { body: body }), "added (published)");
}

export default function NewJob() {
  const { countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/jobs", label: t("office.catalogue.jobs") }}
      title={t("office.catalogue.addJob")}
      toast={failure?.toast}
    >
      <JobForm countries={countries} failure={failure} submitLabel={t("office.catalogue.addTheJob")} />
    </OfficeFormPage>
  );
}
