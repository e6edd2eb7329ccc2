import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PlanInput } from "../../../../lib/contract";
import { OfficeFormPage } from "../../../components/office/page";
import { PlanForm } from "../../../components/office/plan-form";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { savePlanForm } from "../../../lib/office-catalogue.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Plan not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const plan = await api
    .call(endpoints.officePlan, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { plan, title: workspaceT("office.common.pageTitle", { name: plan.name }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return savePlanForm(
    request,
    context,
    (body) => api.call(endpoints.editPlan, { params: { id }, body: body as PlanInput }),
    "saved",
  );
}

export default function EditPlan() {
  const { plan } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/plans", label: t("office.catalogue.plans") }}
      title={t("office.catalogue.planTitle", { service: plan.service_name, name: plan.name })}
      note={`${plan.published ? t("office.catalogue.publishedDot") : t("office.catalogue.unpublishedDot")} ${t("office.catalogue.priceNote")}`}
      toast={failure?.toast}
    >
      <PlanForm plan={plan} failure={failure} submitLabel={t("office.catalogue.savePlan")} />
    </OfficeFormPage>
  );
}
