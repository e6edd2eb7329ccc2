import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CatalogueFilter, readFilter } from "../components/catalogue-filter";
import { ForClient } from "../components/for-client";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { useChosenClient, withClient } from "../lib/chosen-client";
import { chosenClient } from "../lib/chosen-client.server";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";

export const meta: MetaFunction = () => [{ title: "Jobs · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const filter = readFilter(request);
  const [jobs, countries, forClient] = await Promise.all([
    api.call(endpoints.jobs, { query: filter }),
    api.countries(),
    chosenClient(api, request),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { jobs, countries, filter, forClient };
}

export default function Jobs() {
  const client = useChosenClient();
  const { jobs, countries, filter, forClient } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Job Placement</p>
      <h1>Jobs with visa sponsorship</h1>
      <ForClient client={forClient} what="Choosing a job" />
      <CatalogueFilter countries={countries} country={filter.country} q={filter.q} withSearch clearTo="/joblist" />
      {jobs.length === 0 ? (
        <p className="empty-state">No job matches these filters.</p>
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
              <p>Placement fee {formatMoney(job.placement_fee_minor, job.currency)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
