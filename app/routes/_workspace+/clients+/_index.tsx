import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { clientStatuses, fieldLimits } from "../../../../lib/client-fields";
import { appLink } from "../../../components/ui/app-link";
import { FilterSelects } from "../../../components/ui/filter-select";
import { Pages } from "../../../components/ui/pages";
import { columnWords } from "../../../components/ui/table-head";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { clientListFilter, filterQuery } from "../../../lib/client-list";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Clients"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const url = new URL(request.url);
  const filter = clientListFilter(url);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const result = await api
    .call(endpoints.clients, { params: { agentId: agent.id }, query: { ...filter, page } })
    .catch((e) => apiLoaderError(e, request, context));
  // The rows carry what the table shows, never a client's passport, notes or date of birth into the page.
  const items = result.items.map(({ id, first_name, last_name, email, destination_country, status, last_activity_at }) => ({
    id,
    first_name,
    last_name,
    email,
    destination_country,
    status,
    last_activity_at,
  }));
  // Every destination among the agent's clients, for the filter (an agent with clients everywhere has some 240):
  // one line each, "code name", in one string, which the page's data carries as one value rather than 480.
  const destinations = result.destinations.map(({ code, name }) => `${code} ${name}`).join("\n");
  return {
    filter,
    result: { ...result, items, destinations },
    timeZone: agent.time_zone,
    title: workspaceT("work.clients.title"),
  };
}

/** The columns that sort, and the catalogue's name of each */
const sortLabels = { name: "name", destination: "destination", status: "status", activity: "activity" } as const;
/** The sorts the form offers (on a phone the table's headings, which sort too, are not shown). */
const sortChoices = ["activity-desc", "activity-asc", "name-asc", "name-desc", "destination-asc", "status-asc"] as const;

export default function Clients() {
  const { filter, result, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Said once for the page, not once a row (a page is 50 rows; each t() is a lookup in the catalogue).
  const col = columnWords(t, "work.clients", ["name", "email", "destination", "status", "activity"]);
  const statusLabel = Object.fromEntries(clientStatuses.map((s) => [s, t(`work.clientStatus.${s}`)])) as Record<
    (typeof clientStatuses)[number],
    string
  >;
  const destinations = useMemo(
    () =>
      result.destinations
        ? result.destinations.split("\n").map((line) => {
            const gap = line.indexOf(" ");
            return { value: line.slice(0, gap), label: line.slice(gap + 1) };
          })
        : [],
    [result.destinations],
  );
  const countries = new Map(destinations.map((d) => [d.value, d.label]));
  const filtered = Boolean(filter.q || filter.status || filter.destination || filter.attention);
  const pageUrl = (page: number) => filterQuery(filter, { page: String(page) }) || "?";
  /**
   * A column heading that sorts by it; again, the other way. A function of the page, not a component: a component
   * made in each render is a new type every time.
   */
  const sortHead = (by: keyof typeof sortLabels) => {
    const active = filter.sort === by;
    const current = filter.dir || (by === "activity" ? "desc" : "asc");
    const next = active ? (current === "asc" ? "desc" : "asc") : by === "activity" ? "desc" : "asc";
    return (
      <th scope="col" aria-sort={active ? (current === "asc" ? "ascending" : "descending") : undefined}>
        <a {...appLink(filterQuery(filter, { sort: by, dir: next }))} className="sort-link">
          {t(`work.clients.${sortLabels[by]}`)}
          {active ? (current === "asc" ? " ↑" : " ↓") : ""}
          <span className="visually-hidden">
            {next === "asc" ? t("work.clients.sortAscending") : t("work.clients.sortDescending")}
          </span>
        </a>
      </th>
    );
  };
  const order = `${filter.sort || "activity"}-${filter.dir || (filter.sort && filter.sort !== "activity" ? "asc" : "desc")}`;
  return (
    <section className="container page">
      <div className="page-head">
        <div>
          <p className="eyebrow">{t("work.clients.eyebrow")}</p>
          <h1>{t("work.clients.heading")}</h1>
        </div>
        <div className="actions">
          <a href={`/clients.csv${filterQuery(filter)}`} className="button button--ghost" download>
            {t("work.clients.exportCsv")}
            <span className="visually-hidden"> {t("work.clients.ofThese")}</span>
          </a>
          <Link to="/clients/new" className="button button--primary">
            {t("work.clients.add")}
          </Link>
        </div>
      </div>

      <Form method="get" className="filter-form" role="search">
        <div className="field">
          <label htmlFor="client-search">{t("work.clients.search")}</label>
          <input id="client-search" type="search" name="q" defaultValue={filter.q} maxLength={fieldLimits.search} />
        </div>
        <FilterSelects
          values={filter}
          filters={[
            {
              name: "status",
              label: t("work.clients.status"),
              any: t("work.clients.anyStatus"),
              options: clientStatuses.map((s) => ({ value: s, label: t(`work.clientStatus.${s}`) })),
            },
            {
              name: "destination",
              label: t("work.clients.destination"),
              any: t("work.clients.anyDestination"),
              options: destinations,
            },
          ]}
        />
        <div className="field">
          <label htmlFor="client-order">{t("work.clients.sortBy")}</label>
          {/* Keyed by the order shown: a column heading's link changes it without a reload, and the select follows. */}
          <select id="client-order" name="order" key={order} defaultValue={order}>
            {sortChoices.map((value) => (
              <option key={value} value={value}>
                {t(`work.clients.sorts.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <input id="client-attention" type="checkbox" name="attention" value="1" defaultChecked={filter.attention === "1"} />
          <label htmlFor="client-attention">{t("work.clients.needsAttention")}</label>
        </div>
        <button type="submit" className="button button--ghost">
          {t("work.clients.searchButton")}
        </button>
        {filtered ? (
          <Link to={filterQuery({ sort: filter.sort, dir: filter.dir }) || "/clients"}>{t("work.clients.clear")}</Link>
        ) : null}
      </Form>

      {result.total === 0 ? (
        filtered ? (
          <p className="empty-state">{filter.q ? t("work.clients.noMatchQuery", { q: filter.q }) : t("work.clients.noMatch")}</p>
        ) : (
          <div className="empty-state">
            <p>{t("work.clients.none")}</p>
            <Link to="/clients/new" className="button button--primary">
              {t("work.clients.addFirst")}
            </Link>
          </div>
        )
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  {sortHead("name")}
                  <th scope="col">{t("work.clients.email")}</th>
                  {sortHead("destination")}
                  {sortHead("status")}
                  {sortHead("activity")}
                </tr>
              </thead>
              <tbody>
                {result.items.map((c) => (
                  <tr key={c.id}>
                    <td data-label={col.name}>
                      <a {...appLink(`/clients/${c.id}`)}>
                        {c.first_name} {c.last_name}
                      </a>
                    </td>
                    <td data-label={col.email}>{c.email}</td>
                    <td data-label={col.destination}>
                      {c.destination_country ? (countries.get(c.destination_country) ?? c.destination_country) : "—"}
                    </td>
                    <td data-label={col.status}>{statusLabel[c.status]}</td>
                    <td data-label={col.activity}>{c.last_activity_at ? formatDateTime(c.last_activity_at, timeZone) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="client" url={pageUrl} />
        </>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
