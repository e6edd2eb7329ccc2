import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { CatalogueFilter, readFilter } from "../../components/workspace/catalogue-filter";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { useChosenClient, withClient } from "../../lib/chosen-client";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Relocation packages"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const { country } = readFilter(request);
  const [packages, countries] = await Promise.all([
    api.call(endpoints.relocations, { query: { country } }),
    api.countries(),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { packages, countries, country, title: workspaceT("work.relocations.title") };
}

export default function Relocations() {
  const client = useChosenClient();
  const { packages, countries, country } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.relocations.eyebrow")}</p>
      <h1>{t("work.relocations.heading")}</h1>
      <p className="muted">{t("work.relocations.intro")}</p>
      <CatalogueFilter countries={countries} country={country} clearTo="/relocation" />
      {packages.length === 0 ? (
        <p className="empty-state">{t("work.relocations.none")}</p>
      ) : (
        <ul className="cards list-reset">
          {packages.map((p) => (
            <li key={p.id} className="card">
              <h2 className="card__title">
                <Link to={withClient(`/relocation/${p.id}`, client)}>{p.title}</Link>
              </h2>
              <p className="muted">
                {p.city}, {p.country_name} · {t("work.relocations.days", { count: p.duration_days })}
              </p>
              <p>{formatMoney(p.price_minor, p.currency)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
