import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import type { PlanInput } from "../../../../lib/contract";
import { OfficeFormPage } from "../../../components/office/page";
import { PlanForm } from "../../../components/office/plan-form";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { savePlanForm } from "../../../lib/office-catalogue.server";

export const meta = titleMeta<typeof loader>("Add a service plan · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccount(request, context, ["staff"]);
  return { title: workspaceT("office.catalogue.addPlanTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return savePlanForm(
    request,
    context,
    (body) => api.call(endpoints.createPlan, { body: body as PlanInput }),
    "added (published)",
  );
}

export default function NewPlan() {
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/plans", label: t("office.catalogue.plans") }}
      title={t("office.catalogue.addServicePlan")}
      toast={failure?.toast}
    >
      <PlanForm failure={failure} submitLabel={t("office.catalogue.addThePlan")} />
    </OfficeFormPage>
  );
}
