import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ServicePlan } from "../../lib/contract";
import { relocationPlanBlocker } from "../../lib/rules";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { addAndReturn } from "../lib/cart.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { routeId } from "../lib/params";
import { planChoice } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";

export const meta: MetaFunction = () => [{ title: "Service plans · Waypoint Consultancy" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const [view, plans] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.call(endpoints.servicePlans, { body: { client_id: id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    client: view.client,
    plans,
    timeZone: agent.time_zone,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const clientId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = planChoice.safeParse({ plan_id: formData.get("plan_id") });
  if (!parsed.success) throw new Response("Choose a plan from the list.", { status: 400 });
  return addAndReturn(request, context, `/clients/${clientId}/plans`, () =>
    api.call(endpoints.addCart, { body: { client_id: clientId, item_type: "service_plan", item_id: parsed.data.plan_id } }),
  );
}

function PlanCard({ plan, clientName, timeZone }: { plan: ServicePlan; clientName: string; timeZone: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("plan_id") === String(plan.id);
  return (
    <article className="card plan">
      <h3>{plan.name}</h3>
      <p>{plan.description}</p>
      <p className="price">{formatMoney(plan.price_minor, plan.currency)}</p>
      {plan.bought ? (
        <p className="warning" data-testid="bought-before">
          Already bought for {clientName}
          {plan.bought.paid_at ? ` on ${formatDateTime(plan.bought.paid_at, timeZone)}` : ""} (
          <Link to={`/orders/${plan.bought.order_id}`}>order {plan.bought.order_id}</Link>). Add it again only if they need a
          second one.
        </p>
      ) : null}
      {plan.in_cart ? (
        <p className="in-cart">In the cart</p>
      ) : (
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="plan_id" value={plan.id} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Adding…" : plan.bought ? "Add to cart again" : "Add to cart"}
            <span className="visually-hidden">: {plan.name}</span>
          </button>
        </Form>
      )}
    </article>
  );
}

export default function ClientPlans() {
  const { client, plans, timeZone } = useLoaderData<typeof loader>();
  const services = [...new Set(plans.map((p) => p.service_name))];
  const blocker = relocationPlanBlocker(client);
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>
          {client.first_name} {client.last_name}
        </Link>
      </p>
      <h1>Service plans for {client.first_name}</h1>
      {blocker ? (
        <p className="notice">
          Relocation plans are for clients who are moving: {blocker.charAt(0).toLowerCase() + blocker.slice(1)}.{" "}
          <Link to={`/clients/${client.id}/edit`}>Edit the client&apos;s countries</Link>.
        </p>
      ) : null}
      {services.map((service) => (
        <section key={service} aria-label={`${service} plans`}>
          <h2>{service} plans</h2>
          {service === "Relocation" ? (
            <p className="muted">
              A relocation plan is our team's support through the move; a <Link to="/relocation">relocation package</Link> is a
              city's bundle of services (housing search, registration) bought on top.
            </p>
          ) : null}
          <div className="cards">
            {plans
              .filter((p) => p.service_name === service)
              .map((plan) => (
                <PlanCard key={plan.id} plan={plan} clientName={client.first_name} timeZone={timeZone} />
              ))}
          </div>
        </section>
      ))}
    </section>
  );
}
