import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { clientStatusLabels, fieldLimits } from "../../lib/client-fields";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Clients · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const result = await api.clients(agent.id, { q, page }).catch((e) => apiLoaderError(e, request));
  return json({ q, result });
}

export default function Clients() {
  const { q, result } = useLoaderData<typeof loader>();
  const pageUrl = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <section className="container page">
      <div className="page-head">
        <div>
          <p className="eyebrow">Clients</p>
          <h1>Your clients</h1>
        </div>
        <Link to="/clients/new" className="button button--primary">
          Add a client
        </Link>
      </div>

      <Form method="get" className="search-form" role="search">
        <label htmlFor="client-search">Search by name or email</label>
        <div className="search-form__row">
          <input id="client-search" type="search" name="q" defaultValue={q} maxLength={fieldLimits.search} />
          <button type="submit" className="button button--ghost">
            Search
          </button>
          {q ? <Link to="/clients">Clear</Link> : null}
        </div>
      </Form>

      {result.total === 0 ? (
        q ? (
          <p className="empty-state">No client matches “{q}”.</p>
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
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Status</th>
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
                    <td data-label="Destination">{c.destination_country ?? "—"}</td>
                    <td data-label="Status">{clientStatusLabels[c.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pagination" aria-label="Pages">
            <span>
              {result.total} client{result.total === 1 ? "" : "s"} · page {result.page} of {result.pages}
            </span>
            {result.page > 1 ? <Link to={pageUrl(result.page - 1)}>← Previous</Link> : null}
            {result.page < result.pages ? <Link to={pageUrl(result.page + 1)}>Next →</Link> : null}
          </nav>
        </>
      )}
    </section>
  );
}
