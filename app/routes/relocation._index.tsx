import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CatalogueFilter, readFilter } from "../components/catalogue-filter";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { useChosenClient, withClient } from "../lib/chosen-client";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";

export const meta: MetaFunction = () => [{ title: "Relocation packages · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const { country } = readFilter(request);
  const [packages, countries] = await Promise.all([
    api.call(endpoints.relocations, { query: { country } }),
    api.countries(),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { packages, countries, country };
}

export default function Relocations() {
  const client = useChosenClient();
  const { packages, countries, country } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Relocation</p>
      <h1>Relocation packages</h1>
      <p className="muted">
        A package is a city's bundle of services, bought for one client. Our relocation plans (support through the whole move) are
        on each client's Service plans page.
      </p>
      <CatalogueFilter countries={countries} country={country} clearTo="/relocation" />
      {packages.length === 0 ? (
        <p className="empty-state">No package for this country yet.</p>
      ) : (
        <ul className="cards list-reset">
          {packages.map((p) => (
            <li key={p.id} className="card">
              <h2 className="card__title">
                <Link to={withClient(`/relocation/${p.id}`, client)}>{p.title}</Link>
              </h2>
              <p className="muted">
                {p.city}, {p.country_name} · {p.duration_days} days
              </p>
              <p>{formatMoney(p.price_minor, p.currency)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
