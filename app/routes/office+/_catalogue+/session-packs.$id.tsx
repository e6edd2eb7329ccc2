import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { PackInput } from "../../../../lib/contract";
import { PackForm } from "../../../components/office/pack-form";
import { OfficeFormPage, useOfficeZone } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDate } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { savePackForm } from "../../../lib/office-catalogue.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Session pack not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [pack, mentors] = await Promise.all([
    api.call(endpoints.officePack, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeMentors),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    pack,
    mentors: mentors.map((m) => ({ id: m.id, name: m.name, active: m.active })),
    title: workspaceT("office.common.pageTitle", { name: pack.name }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return savePackForm(
    request,
    context,
    (body) => api.call(endpoints.editPack, { params: { id }, body: body as PackInput }),
    "saved",
  );
}

export default function EditSessionPack() {
  const { pack, mentors } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const zone = useOfficeZone();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/session-packs", label: t("office.packs.heading") }}
      title={pack.name}
      note={`${pack.published ? t("office.catalogue.publishedDot") : t("office.catalogue.unpublishedDot")} ${t("office.packs.editNote")}`}
      toast={failure?.toast}
    >
      <PackForm pack={pack} mentors={mentors} failure={failure} submitLabel={t("office.packs.save")} />
      <section aria-labelledby="holders-heading" className="section">
        <h2 id="holders-heading">{t("office.packs.holders")}</h2>
        {pack.holders.length ? (
          <div className="table-wrap">
            <table className="table table--stack" data-testid="pack-holders">
              <thead>
                <tr>
                  <th scope="col">{t("office.packs.client")}</th>
                  <th scope="col">{t("office.packs.agent")}</th>
                  <th scope="col">{t("office.packs.left")}</th>
                  <th scope="col">{t("office.packs.until")}</th>
                  <th scope="col">{t("office.packs.order")}</th>
                </tr>
              </thead>
              <tbody>
                {pack.holders.map((h) => (
                  <tr key={h.credit_id}>
                    <td data-label={t("office.packs.client")}>{h.client_name}</td>
                    <td data-label={t("office.packs.agent")}>{h.agent_name}</td>
                    <td data-label={t("office.packs.left")}>{t("office.packs.leftOf", { left: h.left, count: h.sessions })}</td>
                    <td data-label={t("office.packs.until")}>{formatDate(h.expires_at, zone)}</td>
                    <td data-label={t("office.packs.order")}>
                      <Link to={`/office/orders/${h.order_id}`}>{t("office.packs.orderN", { id: h.order_id })}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">{t("office.packs.noHolders")}</p>
        )}
        <p className="muted">{t("office.packs.refundNote")}</p>
      </section>
    </OfficeFormPage>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
