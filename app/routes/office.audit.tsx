import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { auditSubject } from "../../lib/audit-words";
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
  ["staff.", "Staff accounts"],
  ["agent.", "Agents' accounts"],
  ["account.", "E-mail address changes"],
  ["settings.", "Business settings"],
  ["message.", "Messages"],
  ["job.", "Jobs"],
  ["relocation.", "Relocation packages"],
  ["plan.", "Service plans"],
  ["mentor.", "Mentors"],
  ["order.", "Orders"],
  ["booking.", "Mentor sessions"],
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind") ?? "";
  const kind = kinds.find(([k]) => k === asked)?.[0] ?? "";
  const staff = (url.searchParams.get("staff") ?? "").slice(0, 100);
  const signIns = url.searchParams.get("sign_ins") === "show";
  const result = await api
    .call(endpoints.officeAudit, { query: { kind, staff, page: pageOf(url), sign_ins: signIns ? "show" : undefined } })
    .catch((e) => apiLoaderError(e, request, context));
  return { kind, staff, signIns, result };
}

export default function OfficeAudit() {
  const zone = useOfficeZone();
  const { kind, staff, signIns, result } = useLoaderData<typeof loader>();
  const url = (page: number) =>
    `?${new URLSearchParams({
      ...(kind ? { kind } : {}),
      ...(staff ? { staff } : {}),
      ...(signIns ? { sign_ins: "show" } : {}),
      page: String(page),
    })}`;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office">Back office</Link>
      </p>
      <h1>Audit log</h1>
      <p className="muted">
        Every staff change (and, when asked for, each staff sign-in), newest first. Read only. Times in {zone}.
      </p>
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
          <label className="check">
            <input type="checkbox" name="sign_ins" value="show" defaultChecked={signIns} /> Show sign-ins
          </label>
          <button type="submit" className="button button--ghost">
            Filter
          </button>
        </div>
      </Form>

      {result.total === 0 ? (
        <p className="empty-state">Nothing recorded yet.</p>
      ) : (
        <>
          {/* Focusable, so that a keyboard can scroll it should a long entry ever need it. */}
          <div className="table-wrap" role="region" aria-label="Audit log entries" tabIndex={0}>
            <table className="table table--stack audit-table">
              <TableHead columns={["When", "Who", "About", "What happened"]} />
              <tbody>
                {result.items.map((e) => {
                  const about = auditSubject(e.subject);
                  return (
                    <tr key={e.id} data-testid="audit-row">
                      <td data-label="When" className="nowrap">
                        {formatDateTime(e.created_at, zone)}
                      </td>
                      <td data-label="Who">{e.staff_name ?? (e.mentor_name ? `${e.mentor_name} (mentor)` : "Command line")}</td>
                      <td data-label="About">
                        {about ? about.href ? <Link to={about.href}>{about.label}</Link> : about.label : "—"}
                      </td>
                      <td data-label="What happened" data-testid="audit-summary">
                        {e.summary}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="entry" url={url} />
        </>
      )}
    </section>
  );
}
