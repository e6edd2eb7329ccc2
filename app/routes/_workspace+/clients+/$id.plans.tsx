import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { AgentPack, ServicePlan } from "../../../../lib/contract";
import { formatMoney } from "../../../../lib/money";
import { relocationPlanBlocker } from "../../../../lib/rules";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { addAndReturn } from "../../../lib/cart.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Trans, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { planChoice } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Service plans"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [view, plans, packs] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.call(endpoints.servicePlans, { body: { client_id: id } }),
    api.call(endpoints.agentPacks, { params: { clientId: id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    client: view.client,
    plans,
    packs,
    timeZone: agent.time_zone,
    title: workspaceT("work.plans.title"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  // A session pack (issue 41) is bought as a plan is.
  const pack = planChoice.safeParse({ plan_id: formData.get("pack_id") });
  if (pack.success) {
    return addAndReturn(request, context, `/clients/${clientId}/plans`, () =>
      api.call(endpoints.addCart, { body: { client_id: clientId, item_type: "session_pack", item_id: pack.data.plan_id } }),
    );
  }
  const parsed = planChoice.safeParse({ plan_id: formData.get("plan_id") });
  if (!parsed.success) throw new Response(workspaceT("work.plans.choosePlan"), { status: 400 });
  return addAndReturn(request, context, `/clients/${clientId}/plans`, () =>
    api.call(endpoints.addCart, { body: { client_id: clientId, item_type: "service_plan", item_id: parsed.data.plan_id } }),
  );
}

/** A card's "Add to cart": its item's id under `field`, or "In the cart" once it is there. */
function AddToCart(props: { field: "plan_id" | "pack_id"; id: number; name: string; inCart: boolean; again?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(props.field) === String(props.id);
  const { t } = useTranslation();
  if (props.inCart) return <p className="in-cart">{t("work.plans.inCart")}</p>;
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name={props.field} value={props.id} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("work.plans.adding") : props.again ? t("work.plans.addAgain") : t("work.plans.add")}
        <span className="visually-hidden">: {props.name}</span>
      </button>
    </Form>
  );
}

function PlanCard({ plan, clientName, timeZone }: { plan: ServicePlan; clientName: string; timeZone: string }) {
  return (
    <article className="card plan">
      <h3>{plan.name}</h3>
      <p>{plan.description}</p>
      <p className="price">{formatMoney(plan.price_minor, plan.currency)}</p>
      {plan.bought ? (
        <p className="warning" data-testid="bought-before">
          <Trans
            i18nKey={plan.bought.paid_at ? "work.plans.boughtOn" : "work.plans.bought"}
            values={{
              name: clientName,
              order: plan.bought.order_id,
              time: plan.bought.paid_at ? formatDateTime(plan.bought.paid_at, timeZone) : "",
            }}
            components={{ go: <Link to={`/orders/${plan.bought.order_id}`} /> }}
          />
        </p>
      ) : null}
      <AddToCart field="plan_id" id={plan.id} name={plan.name} inCart={plan.in_cart} again={Boolean(plan.bought)} />
    </article>
  );
}

function PackCard({ pack }: { pack: AgentPack }) {
  const { t } = useTranslation();
  return (
    <article className="card plan" data-testid={`pack-${pack.id}`}>
      <h3>{pack.name}</h3>
      <p>{pack.description}</p>
      <p className="muted">
        {t("work.packs.shape", { count: pack.sessions, minutes: pack.session_minutes, days: pack.valid_days })}
        {pack.mentors ? ` · ${t("work.packs.with", { names: pack.mentors.map((m) => m.name).join(", ") })}` : ""}
      </p>
      <p className="price">{formatMoney(pack.price_minor, pack.currency)}</p>
      <AddToCart field="pack_id" id={pack.id} name={pack.name} inCart={pack.in_cart} />
    </article>
  );
}

export default function ClientPlans() {
  const { client, plans, packs, timeZone } = useLoaderData<typeof loader>();
  const services = [...new Set(plans.map((p) => p.service_name))];
  const blocker = relocationPlanBlocker(client);
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>
          {client.first_name} {client.last_name}
        </Link>
      </p>
      <h1>{t("work.plans.heading", { name: client.first_name })}</h1>
      {blocker ? (
        <p className="notice">
          <Trans
            i18nKey="work.plans.relocationBlocked"
            values={{ reason: blocker.charAt(0).toLowerCase() + blocker.slice(1) }}
            components={{ go: <Link to={`/clients/${client.id}/edit`} /> }}
          />
        </p>
      ) : null}
      {services.map((service) => (
        <section key={service} aria-label={t("work.plans.servicePlans", { service })}>
          <h2>{t("work.plans.servicePlans", { service })}</h2>
          {service === "Relocation" ? (
            <p className="muted">
              <Trans i18nKey="work.plans.relocationNote" components={{ go: <Link to="/relocation" /> }} />
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
      {packs.length ? (
        <section aria-labelledby="packs-heading">
          <h2 id="packs-heading">{t("work.packs.heading")}</h2>
          <p className="muted">{t("work.packs.note")}</p>
          <div className="cards">
            {packs.map((pack) => (
              <PackCard key={pack.id} pack={pack} />
            ))}
          </div>
        </section>
      ) : null}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
