import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { NewStaffData } from "../../../../lib/contract";
import { staffRoles } from "../../../../lib/office-fields";
import { AccountMade, NewAccountForm } from "../../../components/office/new-account";
import { useOfficeZone } from "../../../components/office/page";
import { SelectField } from "../../../components/ui/fields";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import { formAction } from "../../../lib/form-action.server";
import { type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { newStaffBody } from "../../../lib/schemas.server";
import { zoneChoices } from "../../../lib/zones.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "Invite a staff member"} · Back office · ${companyOf(matches)}` },
];

const fields = ["name", "email", "role", "time_zone"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const staffCheck = { schema: () => import("../../../../lib/contract/office-accounts").then((m) => m.newStaffBody), fields };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  // An owner's page: the list answers only to owners.
  await api.call(endpoints.officeStaff).catch((e) => apiLoaderError(e, request, context));
  return { zones: zoneChoices(staff.time_zone), title: workspaceT("office.newAccount.staffTitle") };
}

type Created = { created: NewStaffData };

export function action(args: ActionFunctionArgs) {
  return formAction(args, ["staff"], { fields, schema: newStaffBody }, async ({ api }, body) =>
    data<Created>({ created: await api.call(endpoints.createStaffMember, { body }) }, { status: 201 }),
  );
}

export default function InviteStaff() {
  const zone = useOfficeZone();
  const { zones } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure | Created>();
  const { t } = useTranslation();
  const back = { to: "/office/staff", label: t("office.staff.heading") };
  if (answer && "created" in answer) {
    const { staff, password_link, link_expires_at } = answer.created;
    return (
      <AccountMade
        back={back}
        title={t("office.newAccount.staffInvited", { name: staff.name })}
        person={staff}
        link={{ url: password_link, expires_at: link_expires_at }}
      >
        <p className="form__actions">
          <Link to="/office/staff" className="button button--primary">
            {t("office.newAccount.backToStaff")}
          </Link>
        </p>
      </AccountMade>
    );
  }
  return (
    <NewAccountForm back={back} kind="staff" failure={answer} order={fields} check={staffCheck} zones={zones} zone={zone}>
      {(f) => (
        <SelectField
          label={t("office.newAccount.role")}
          hint={t("office.newAccount.roleHint")}
          options={staffRoles.map((r) => ({ value: r, label: t(`office.staff.roles.${r}`) }))}
          {...f("role", "staff")}
        />
      )}
    </NewAccountForm>
  );
}
