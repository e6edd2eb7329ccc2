import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { CatalogueFilter, readFilter } from "../../components/workspace/catalogue-filter";
import { ForClient } from "../../components/workspace/for-client";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { useChosenClient, withClient } from "../../lib/chosen-client";
import { chosenClient } from "../../lib/chosen-client.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Jobs"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const filter = readFilter(request);
  const [jobs, countries, forClient] = await Promise.all([
    api.call(endpoints.jobs, { query: filter }),
    api.countries(),
    chosenClient(api, request),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { jobs, countries, filter, forClient, title: workspaceT("work.jobs.title") };
}

export default function Jobs() {
  const client = useChosenClient();
  const { jobs, countries, filter, forClient } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.jobs.eyebrow")}</p>
      <h1>{t("work.jobs.heading")}</h1>
      <ForClient client={forClient} what={t("work.jobs.choosing")} />
      <CatalogueFilter countries={countries} country={filter.country} q={filter.q} withSearch clearTo="/joblist" />
      {jobs.length === 0 ? (
        <p className="empty-state">{t("work.jobs.none")}</p>
      ) : (
        <ul className="cards list-reset">
          {jobs.map((job) => (
            <li key={job.id} className="card">
              <h2 className="card__title">
                <Link to={withClient(`/joblist/${job.id}`, client)}>{job.title}</Link>
              </h2>
              <p className="muted">
                {job.company} · {job.city}, {job.country_name} · {job.employment_type}
              </p>
              <p>{t("work.jobs.fee", { amount: formatMoney(job.placement_fee_minor, job.currency) })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
