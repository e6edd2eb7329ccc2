import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfficeHead, OfficeSearch, PublishButton } from "../components/office";
import { pageOf, Pages } from "../components/pages";
import { TableHead } from "../components/table-head";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { publishAction } from "../lib/office-publish.server";

export const meta: MetaFunction = () => [{ title: "Jobs · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await api
    .call(endpoints.officeJobs, { query: { q: q || undefined, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { q, result };
}

/** Publish or unpublish one job. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return publishAction(
    request,
    context,
    async (id, published) => {
      const job = await api.call(endpoints.setJobPublished, { params: { id }, body: { published } });
      return { ...job, name: job.title };
    },
    `/office/jobs${new URL(request.url).search}`,
  );
}

export default function OfficeJobs() {
  const { q, result } = useLoaderData<typeof loader>();
  const url = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <section className="container page">
      <OfficeHead title="Jobs" add={{ to: "/office/jobs/new", label: "Add a job" }} />
      <OfficeSearch q={q} label="Search by title, company or city" />
      {result.total === 0 ? (
        <p className="empty-state">{q ? `No job matches “${q}”.` : "No job yet."}</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <TableHead columns={["Job", "Where", { num: "Fee" }, "Status", null]} />
              <tbody>
                {result.items.map((j) => (
                  <tr key={j.id} data-testid={`job-${j.id}`}>
                    <td data-label="Job">
                      <Link to={`/office/jobs/${j.id}`}>{j.title}</Link>
                      <br />
                      <span className="muted">{j.company}</span>
                    </td>
                    <td data-label="Where">
                      {j.city}, {j.country_name}
                    </td>
                    <td data-label="Fee" className="num">
                      {formatMoney(j.placement_fee_minor, j.currency)}
                    </td>
                    <td data-label="Status" data-testid="job-status">
                      {j.published ? "Published" : "Unpublished"}
                      {j.in_carts ? (
                        <span className="muted">
                          {" "}
                          · in {j.in_carts} cart{j.in_carts === 1 ? "" : "s"}
                        </span>
                      ) : null}
                    </td>
                    <td className="row-actions">
                      <PublishButton id={j.id} published={j.published} name={j.title} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="job" url={url} />
        </>
      )}
    </section>
  );
}
