import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import type { PlanInput } from "../../lib/contract";
import { PlanForm } from "../components/office-catalogue-forms";
import { Toast } from "../components/toasts";
import type { FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { savePlanForm } from "../lib/office-catalogue.server";

export const meta: MetaFunction = () => [{ title: "Add a service plan · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return savePlanForm(
    request,
    context,
    (body) => api.call(endpoints.createPlan, { body: body as PlanInput }),
    "added (published)",
  );
}

export default function NewPlan() {
  const failure = useActionData<FormFailure>();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/plans">Service plans</Link>
      </p>
      <h1>Add a service plan</h1>
      <PlanForm failure={failure} submitLabel="Add the plan" />
      <Toast toast={failure?.toast} />
    </section>
  );
}
