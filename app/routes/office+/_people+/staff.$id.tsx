import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useOfficeZone } from "../../../components/office/page";
import { PasswordLinkNotice } from "../../../components/office/password-link-notice";
import { PendingEmailNote } from "../../../components/office/pending-email-note";
import { ResetFactors } from "../../../components/office/reset-factors";
import { apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: loaded ? `${loaded.title} · ${companyOf(matches)}` : "Not found" },
];

/** One staff account, as an owner manages it: role, deactivation, a new password link, the address. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const all = await api.call(endpoints.officeStaff).catch((e) => apiLoaderError(e, request, context));
  const member = all.find((s) => s.id === id);
  if (!member) throw new Response("Not found", { status: 404 });
  return { member, self: member.id === staff.id, title: workspaceT("office.staff.memberTitle", { name: member.name }) };
}

const intents = ["make-owner", "make-staff", "deactivate", "reactivate", "password-link"] as const;
type LinkShown = { link: { url: string; expires_at: string } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "") as (typeof intents)[number];
  if (!intents.includes(intent)) throw new Response("Unknown action.", { status: 400 });
  const back = `/office/staff/${id}`;
  try {
    if (intent === "password-link") {
      const link = await api.call(endpoints.staffPasswordLink, { params: { id } });
      return data<LinkShown>({ link: { url: link.password_link, expires_at: link.link_expires_at } });
    }
    const member =
      intent === "make-owner" || intent === "make-staff"
        ? await api.call(endpoints.setStaffRole, { params: { id }, body: { role: intent === "make-owner" ? "owner" : "staff" } })
        : await api.call(endpoints.setStaffActive, { params: { id }, body: { active: intent === "reactivate" } });
    const message = workspaceT(
      intent === "deactivate"
        ? "office.staff.deactivated"
        : intent === "reactivate"
          ? "office.staff.canSignIn"
          : member.role === "owner"
            ? "office.staff.nowOwner"
            : "office.staff.nowStaff",
      { name: member.name },
    );
    return await redirectWithToast(request, context, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function StaffMember() {
  const zone = useOfficeZone();
  const { member, self } = useLoaderData<typeof loader>();
  const shown = useActionData<LinkShown>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const button = (intent: (typeof intents)[number], label: string, primary = false) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={primary ? "button button--primary" : "button button--ghost"}
      disabled={busy}
    >
      {label}
    </button>
  );
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/staff">{t("office.staff.heading")}</Link>
      </p>
      <h1>{member.name}</h1>
      {shown?.link ? <PasswordLinkNotice to={member} link={shown.link} replaces /> : null}
      <dl className="details">
        <div>
          <dt>{t("office.staff.email")}</dt>
          <dd>
            {member.email} · <Link to={`/office/staff/${member.id}/email`}>{t("office.staff.change")}</Link>
          </dd>
        </div>
        <div>
          <dt>{t("office.staff.role")}</dt>
          <dd data-testid="staff-role">{t(`office.staff.roles.${member.role}`)}</dd>
        </div>
        <div>
          <dt>{t("office.staff.status")}</dt>
          <dd data-testid="staff-status">
            {!member.active
              ? t("office.staff.inactive")
              : member.password_set
                ? t("office.staff.active")
                : t("office.staff.invited")}
          </dd>
        </div>
        <div>
          <dt>{t("office.staff.lastSignInZone", { zone })}</dt>
          <dd>{member.last_sign_in_at ? formatDateTime(member.last_sign_in_at, zone) : t("office.staff.never")}</dd>
        </div>
      </dl>
      <PendingEmailNote pending={member.pending_email} />
      <Form method="post" className="form__actions">
        <AuthenticityTokenInput />
        {member.role === "owner"
          ? button("make-staff", self ? t("office.staff.stepDown") : t("office.staff.makeStaff"))
          : button("make-owner", t("office.staff.makeOwner"))}
        {member.active
          ? button("deactivate", t("office.staff.deactivate"))
          : button("reactivate", t("office.staff.reactivate"), true)}
        {member.active ? button("password-link", t("office.staff.newLink")) : null}
      </Form>
      {/* An owner's own are theirs to change on their security page (or another owner's to reset). */}
      {self ? null : <ResetFactors kind="staff" id={member.id} back={`/office/staff/${member.id}`} />}
    </section>
  );
}
