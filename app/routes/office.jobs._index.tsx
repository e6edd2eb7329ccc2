import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OfficeSearch, pageOf, Pages } from "../components/office";
import { apiLoaderError, apiRedirectError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatMoney } from "../lib/money";
import { rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Jobs · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await api.officeJobs({ q: q || undefined, page: pageOf(url) }).catch((e) => apiLoaderError(e, request));
  return json({ q, result });
}

/** Publish or unpublish one job. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "publish" && intent !== "unpublish") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  const back = `/office/jobs${new URL(request.url).search}`;
  try {
    const job = await api.setJobPublished(parsed.data.id, intent === "publish");
    const message = job.published
      ? `${job.title} is published: agents see it.`
      : `${job.title} is unpublished: agents no longer see it${job.in_carts ? `, and the ${job.in_carts} cart${job.in_carts === 1 ? "" : "s"} holding it cannot pay until it is removed` : ""}.`;
    return await redirectWithToast(request, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, back);
  }
}

export default function OfficeJobs() {
  const { q, result } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const url = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <section className="container page">
      <div className="page-head">
        <div>
          <p className="eyebrow">
            <Link to="/office">Back office</Link>
          </p>
          <h1>Jobs</h1>
        </div>
        <Link to="/office/jobs/new" className="button button--primary">
          Add a job
        </Link>
      </div>
      <OfficeSearch q={q} label="Search by title, company or city" />
      {result.total === 0 ? (
        <p className="empty-state">{q ? `No job matches “${q}”.` : "No job yet."}</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Where</th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
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
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="id" value={j.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={j.published ? "unpublish" : "publish"}
                          className="button button--small button--ghost"
                          disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(j.id)}
                        >
                          {j.published ? "Unpublish" : "Publish"}
                          <span className="visually-hidden"> {j.title}</span>
                        </button>
                      </Form>
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
