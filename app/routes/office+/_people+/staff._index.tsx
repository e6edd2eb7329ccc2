import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfficeHead, useOfficeZone } from "../../../components/office/page";
import { columnWords, StackTable } from "../../../components/ui/table-head";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";

export const meta = titleMeta<typeof loader>("Staff · Back office");

/** The staff accounts: an owner's page (anyone else: not found). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return {
    staff: await api.call(endpoints.officeStaff).catch((e) => apiLoaderError(e, request, context)),
    title: workspaceT("office.staff.title"),
  };
}

export default function OfficeStaff() {
  const zone = useOfficeZone();
  const { staff } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const col = columnWords(t, "office.staff", ["name", "email", "role", "lastSignIn", "status"]);
  return (
    <section className="container page">
      <OfficeHead title={t("office.staff.heading")} add={{ to: "/office/staff/new", label: t("office.staff.invite") }} />
      <p className="muted">{t("office.staff.intro")}</p>
      <StackTable columns={[col.name, col.email, col.role, col.lastSignIn, col.status]}>
        {staff.map((s) => (
          <tr key={s.id} data-testid={`staff-${s.id}`}>
            <td data-label={col.name}>
              <Link to={`/office/staff/${s.id}`}>{s.name}</Link>
            </td>
            <td data-label={col.email}>{s.email}</td>
            <td data-label={col.role}>{t(`office.staff.roles.${s.role}`)}</td>
            <td data-label={col.lastSignIn}>
              {s.last_sign_in_at ? `${formatDateTime(s.last_sign_in_at, zone)} (${zone})` : t("office.staff.never")}
            </td>
            <td data-label={col.status}>
              {!s.active ? t("office.staff.inactive") : s.password_set ? t("office.staff.active") : t("office.staff.invited")}
            </td>
          </tr>
        ))}
      </StackTable>
    </section>
  );
}
