import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems, orderStatusLabel } from "../../components/ui/order-summary";
import { ZoneNote } from "../../components/ui/zone-note";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Order not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const order = await api
    .call(endpoints.order, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { order, timeZone: agent.time_zone, title: workspaceT("work.order.title", { id: order.id }) };
}

export default function OrderPage() {
  const { order, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/orders">{t("work.orders.eyebrow")}</Link>
      </p>
      <h1>{t("work.order.heading", { id: order.id })}</h1>
      <ZoneNote own={timeZone} />
      <dl className="details">
        <div>
          <dt>{t("work.order.status")}</dt>
          <dd data-testid="order-status">{orderStatusLabel(t, order.status)}</dd>
        </div>
        <div>
          <dt>{t("work.order.placed")}</dt>
          <dd>{formatDateTime(order.created_at, timeZone)}</dd>
        </div>
        <div>
          <dt>{t("work.order.paid")}</dt>
          <dd>{order.paid_at ? formatDateTime(order.paid_at, timeZone) : "—"}</dd>
        </div>
        <div>
          <dt>{t("work.order.payment")}</dt>
          <dd>{order.mode === "demo" ? t("work.order.demo") : t("work.order.card")}</dd>
        </div>
      </dl>
      <OrderItems order={order} timeZone={timeZone} />
      {order.paid_at ? (
        <p>
          <Link to={`/orders/${order.id}/receipt`}>{t("work.order.receiptLink")}</Link>
        </p>
      ) : null}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
