import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { clientStatuses, clientStatusLabels, fieldLimits } from "../../lib/client-fields";
import { FilterSelect } from "../components/form";
import { Pages } from "../components/pages";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { clientListFilter, filterQuery } from "../lib/client-list";
import { countryName } from "../lib/countries";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Clients · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
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
  return { filter, result: { ...result, items }, timeZone: agent.time_zone };
}

const sortLabels = { name: "Name", destination: "Destination", status: "Status", activity: "Last activity" } as const;
/** The sorts the form offers (on a phone the table's headings, which sort too, are not shown). */
const sortChoices = [
  ["activity-desc", "Latest activity first"],
  ["activity-asc", "Oldest activity first"],
  ["name-asc", "Name, A to Z"],
  ["name-desc", "Name, Z to A"],
  ["destination-asc", "Destination, A to Z"],
  ["status-asc", "Status"],
] as const;

export default function Clients() {
  const { filter, result, timeZone } = useLoaderData<typeof loader>();
  const countries = result.destinations;
  const filtered = Boolean(filter.q || filter.status || filter.destination || filter.attention);
  const pageUrl = (page: number) => filterQuery(filter, { page: String(page) }) || "?";
  /** A column heading that sorts by it; again, the other way. */
  const SortHead = ({ by }: { by: keyof typeof sortLabels }) => {
    const active = filter.sort === by;
    const current = filter.dir || (by === "activity" ? "desc" : "asc");
    const next = active ? (current === "asc" ? "desc" : "asc") : by === "activity" ? "desc" : "asc";
    return (
      <th scope="col" aria-sort={active ? (current === "asc" ? "ascending" : "descending") : undefined}>
        <Link to={filterQuery(filter, { sort: by, dir: next })} className="sort-link">
          {sortLabels[by]}
          {active ? (current === "asc" ? " ↑" : " ↓") : ""}
          <span className="visually-hidden">, sort {next === "asc" ? "ascending" : "descending"}</span>
        </Link>
      </th>
    );
  };
  const order = `${filter.sort || "activity"}-${filter.dir || (filter.sort && filter.sort !== "activity" ? "asc" : "desc")}`;
  return (
    <section className="container page">
      <div className="page-head">
        <div>
          <p className="eyebrow">Clients</p>
          <h1>Your clients</h1>
        </div>
        <div className="actions">
          <a href={`/clients.csv${filterQuery(filter)}`} className="button button--ghost" download>
            Export CSV<span className="visually-hidden"> of these clients</span>
          </a>
          <Link to="/clients/new" className="button button--primary">
            Add a client
          </Link>
        </div>
      </div>

      <Form method="get" className="filter-form" role="search">
        <div className="field">
          <label htmlFor="client-search">Search by name or email</label>
          <input id="client-search" type="search" name="q" defaultValue={filter.q} maxLength={fieldLimits.search} />
        </div>
        <FilterSelect
          id="client-status"
          label="Status"
          name="status"
          value={filter.status}
          any="Any status"
          options={clientStatuses.map((s) => ({ value: s, label: clientStatusLabels[s] }))}
        />
        <FilterSelect
          id="client-destination"
          label="Destination"
          name="destination"
          value={filter.destination}
          any="Any destination"
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
        />
        <div className="field">
          <label htmlFor="client-order">Sort by</label>
          {/* Keyed by the order shown: a column heading's link changes it without a reload, and the select follows. */}
          <select id="client-order" name="order" key={order} defaultValue={order}>
            {sortChoices.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <input id="client-attention" type="checkbox" name="attention" value="1" defaultChecked={filter.attention === "1"} />
          <label htmlFor="client-attention">Needs attention</label>
        </div>
        <button type="submit" className="button button--ghost">
          Search
        </button>
        {filtered ? <Link to={filterQuery({ sort: filter.sort, dir: filter.dir }) || "/clients"}>Clear</Link> : null}
      </Form>

      {result.total === 0 ? (
        filtered ? (
          <p className="empty-state">No client matches{filter.q ? ` “${filter.q}”` : " these filters"}.</p>
        ) : (
          <div className="empty-state">
            <p>You have no clients yet.</p>
            <Link to="/clients/new" className="button button--primary">
              Add your first client
            </Link>
          </div>
        )
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <SortHead by="name" />
                  <th scope="col">Email</th>
                  <SortHead by="destination" />
                  <SortHead by="status" />
                  <SortHead by="activity" />
                </tr>
              </thead>
              <tbody>
                {result.items.map((c) => (
                  <tr key={c.id}>
                    <td data-label="Name">
                      <Link to={`/clients/${c.id}`}>
                        {c.first_name} {c.last_name}
                      </Link>
                    </td>
                    <td data-label="Email">{c.email}</td>
                    <td data-label="Destination">
                      {c.destination_country ? countryName(countries, c.destination_country) : "—"}
                    </td>
                    <td data-label="Status">{clientStatusLabels[c.status]}</td>
                    <td data-label="Last activity">{c.last_activity_at ? formatDateTime(c.last_activity_at, timeZone) : "—"}</td>
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
