import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { OfficeHead, PublishButton } from "../components/office";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { publishAction } from "../lib/office-publish.server";

export const meta: MetaFunction = () => [{ title: "Service plans · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return json({ plans: await api.call(endpoints.officePlans).catch((e) => apiLoaderError(e, request, context)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return publishAction(
    request,
    context,
    (id, published) => api.call(endpoints.setPlanPublished, { params: { id }, body: { published } }),
    "/office/plans",
  );
}

export default function OfficePlans() {
  const { plans } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="container page">
      <OfficeHead title="Service plans" add={{ to: "/office/plans/new", label: "Add a plan" }} />
      <ul className="list-reset order-lines">
        {plans.map((p) => (
          <li key={p.id} className="card agenda-item" data-testid={`plan-${p.id}`}>
            <p>
              {p.service_name} plan: <Link to={`/office/plans/${p.id}`}>{p.name}</Link> · {formatMoney(p.price_minor, p.currency)}
            </p>
            <p className="muted">
              {p.published ? "Published" : "Unpublished"}
              {p.in_carts ? ` · in ${p.in_carts} cart${p.in_carts === 1 ? "" : "s"}` : ""}
            </p>
            <PublishButton
              id={p.id}
              published={p.published}
              name={p.name}
              busy={navigation.state === "submitting" && navigation.formData?.get("id") === String(p.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
