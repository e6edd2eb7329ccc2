import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { staffRoleLabels } from "../../lib/office-fields";
import { OfficeHead, useOfficeZone } from "../components/office";
import { TableHead } from "../components/table-head";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Staff · Back office · Waypoint Consultancy" }];

/** The staff accounts: an owner's page (anyone else: not found). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return { staff: await api.call(endpoints.officeStaff).catch((e) => apiLoaderError(e, request, context)) };
}

export default function OfficeStaff() {
  const zone = useOfficeZone();
  const { staff } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <OfficeHead title="Staff" add={{ to: "/office/staff/new", label: "Invite a staff member" }} />
      <p className="muted">
        Owners do everything here, the staff accounts and the business settings among it; staff do the rest of the back office.
        There is always at least one active owner.
      </p>
      <div className="table-wrap">
        <table className="table table--stack">
          <TableHead columns={["Name", "Email", "Role", "Last sign-in", "Status"]} />
          <tbody>
            {staff.map((s) => (
              <tr key={s.id} data-testid={`staff-${s.id}`}>
                <td data-label="Name">
                  <Link to={`/office/staff/${s.id}`}>{s.name}</Link>
                </td>
                <td data-label="Email">{s.email}</td>
                <td data-label="Role">{staffRoleLabels[s.role]}</td>
                <td data-label="Last sign-in">
                  {s.last_sign_in_at ? `${formatDateTime(s.last_sign_in_at, zone)} (${zone})` : "Never"}
                </td>
                <td data-label="Status">{!s.active ? "Deactivated" : s.password_set ? "Active" : "Invited"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
