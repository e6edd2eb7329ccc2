import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OfficeFormPage } from "../components/office";
import { JobForm } from "../components/office-job-form";
import { apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { saveJob } from "../lib/office-jobs.server";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.job.title} · Back office · Waypoint Consultancy` : "Job not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const [job, countries] = await Promise.all([
    api.call(endpoints.officeJob, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeCountries),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { job, countries };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const id = routeId(params.id);
  return saveJob(request, context, (body) => api.call(endpoints.editJob, { params: { id }, body: body }), "saved");
}

export default function EditJob() {
  const { job, countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <OfficeFormPage
      back={{ to: "/office/jobs", label: "Jobs" }}
      title={job.title}
      note={
        <>
          {job.published ? "Published: agents see it." : "Unpublished: agents do not see it."}{" "}
          {job.in_carts
            ? `In ${job.in_carts} cart${job.in_carts === 1 ? "" : "s"}: a new fee shows there at once; orders already placed keep theirs.`
            : ""}
        </>
      }
      toast={failure?.toast}
    >
      <JobForm job={job} countries={countries} failure={failure} submitLabel="Save the job" />
    </OfficeFormPage>
  );
}
