import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { AddToCartForm } from "../../components/workspace/add-to-cart-form";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { addForChosenClient } from "../../lib/cart.server";
import { clientChoices } from "../../lib/client-choices.server";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { routeId } from "../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.job.title} · ${companyOf(matches)}` : "Job not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [job, clients] = await Promise.all([api.call(endpoints.job, { params: { id } }), clientChoices(api, agent.id)]).catch(
    (e) => apiLoaderError(e, request, context),
  );
  return { job, clients };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const jobId = routeId(params.id);
  return addForChosenClient(request, context, `/joblist/${jobId}`, (clientId) =>
    api.call(endpoints.jobServices, { body: { client_id: clientId, job_id: jobId } }),
  );
}

export default function JobPage() {
  const { job, clients } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const salary =
    job.salary_min_minor !== null && job.salary_max_minor !== null && job.salary_currency
      ? t("work.jobs.salaryRange", {
          from: formatMoney(job.salary_min_minor, job.salary_currency),
          to: formatMoney(job.salary_max_minor, job.salary_currency),
        })
      : t("work.jobs.notStated");
  return (
    <article className="container page">
      <p className="eyebrow">
        <Link to="/joblist">{t("work.jobs.back")}</Link>
      </p>
      <h1>{job.title}</h1>
      <p className="lead">
        {job.company} · {job.city}, {job.country_name}
      </p>
      <dl className="details">
        <div>
          <dt>{t("work.jobs.type")}</dt>
          <dd>{job.employment_type}</dd>
        </div>
        <div>
          <dt>{t("work.jobs.salary")}</dt>
          <dd>{salary}</dd>
        </div>
        <div>
          <dt>{t("work.jobs.placementFee")}</dt>
          <dd>{formatMoney(job.placement_fee_minor, job.currency)}</dd>
        </div>
        <div>
          <dt>{t("work.jobs.posted")}</dt>
          <dd>{job.posted_at.slice(0, 10)}</dd>
        </div>
      </dl>
      <p className="prose">{job.description}</p>
      <h2>{t("work.jobs.place")}</h2>
      <AddToCartForm clients={clients} failure={failure} label={t("work.jobs.add")} />
    </article>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
