import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { PlanInput } from "../../lib/contract";
import { PlanForm } from "../components/office-catalogue-forms";
import { Toast } from "../components/toasts";
import { apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { savePlanForm } from "../lib/office-catalogue.server";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.plan.name} · Back office · Waypoint Consultancy` : "Plan not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return json({
    plan: await api
      .call(endpoints.officePlan, { params: { id: routeId(params.id) } })
      .catch((e) => apiLoaderError(e, request, context)),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
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
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/plans">Service plans</Link>
      </p>
      <h1>
        {plan.service_name} plan: {plan.name}
      </h1>
      <p className="muted">
        {plan.published ? "Published." : "Unpublished."} A new price shows at once in the carts holding it; orders already placed
        keep theirs.
      </p>
      <PlanForm plan={plan} failure={failure} submitLabel="Save the plan" />
      <Toast toast={failure?.toast} />
    </section>
  );
}
