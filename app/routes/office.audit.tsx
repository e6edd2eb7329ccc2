import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useOfficeZone } from "../components/office";
import { pageOf, Pages } from "../components/pages";
import { TableHead } from "../components/table-head";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Audit log · Back office · Waypoint Consultancy" }];

const kinds = [
  ["", "Everything"],
  ["staff.", "Staff accounts and sign-ins"],
  ["agent.", "Agents' accounts"],
  ["message.", "Messages"],
  ["job.", "Jobs"],
  ["relocation.", "Relocation packages"],
  ["plan.", "Service plans"],
  ["mentor.", "Mentors"],
  ["order.", "Orders"],
  ["booking.", "Sessions"],
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind") ?? "";
  const kind = kinds.find(([k]) => k === asked)?.[0] ?? "";
  const staff = (url.searchParams.get("staff") ?? "").slice(0, 100);
  const result = await api
    .call(endpoints.officeAudit, { query: { kind, staff, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { kind, staff, result };
}

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

export default function OfficeAudit() {
  const zone = useOfficeZone();
  const { kind, staff, result } = useLoaderData<typeof loader>();
  const url = (page: number) =>
    `?${new URLSearchParams({ ...(kind ? { kind } : {}), ...(staff ? { staff } : {}), page: String(page) })}`;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office">Back office</Link>
      </p>
      <h1>Audit log</h1>
      <p className="muted">Every staff change and staff sign-in, newest first. Read only. Times in {zone}.</p>
      <Form method="get" className="search-form">
        <label htmlFor="audit-kind">Show</label>
        <div className="search-form__row">
          <select id="audit-kind" name="kind" defaultValue={kind}>
            {kinds.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor="audit-staff" className="visually-hidden">
            Staff member
          </label>
          <input
            id="audit-staff"
            name="staff"
            type="search"
            placeholder="Staff member (name or email)"
            defaultValue={staff}
            maxLength={100}
          />
          <button type="submit" className="button button--ghost">
            Filter
          </button>
        </div>
      </Form>
      {result.total === 0 ? (
        <p className="empty-state">Nothing recorded yet.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <TableHead columns={["When", "Who", "What", "Before", "After"]} />
              <tbody>
                {result.items.map((e) => (
                  <tr key={e.id} data-testid="audit-row">
                    <td data-label="When">{formatDateTime(e.created_at, zone)}</td>
                    <td data-label="Who">{e.staff_name ?? (e.mentor_name ? `${e.mentor_name} (mentor)` : "Command line")}</td>
                    <td data-label="What">
                      {e.kind}
                      {e.subject ? <span className="muted"> ({e.subject})</span> : null}
                    </td>
                    <td data-label="Before">
                      <code>{show(e.before)}</code>
                    </td>
                    <td data-label="After">
                      <code>{show(e.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="entry" url={url} />
        </>
      )}
    </section>
  );
}
