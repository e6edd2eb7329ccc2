import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm } from "../../../components/office/job-form";
import { OfficeFormPage } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveJob } from "../../../lib/office-jobs.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Job not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [job, countries] = await Promise.all([
    api.call(endpoints.officeJob, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeCountries),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { job, countries, title: workspaceT("office.common.pageTitle", { name: job.title }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return saveJob(request, context, (body) => api.call(endpoints.editJob, { params: { id }, body: body }), "saved");
}

export default function EditJob() {
  const { job, countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/jobs", label: t("office.catalogue.jobs") }}
      title={job.title}
      note={
        <>
          {job.published ? t("office.catalogue.jobPublished") : t("office.catalogue.jobUnpublished")}{" "}
          {job.in_carts ? t("office.catalogue.jobInCarts", { count: job.in_carts }) : ""}
        </>
      }
      toast={failure?.toast}
    >
      <JobForm job={job} countries={countries} failure={failure} submitLabel={t("office.catalogue.saveJob")} />
    </OfficeFormPage>
  );
}
