import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems, orderStatusLabels } from "../components/order-summary";
import { ZoneNote } from "../components/zone-note";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.id} · Waypoint Consultancy` : "Order not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const order = await api
    .call(endpoints.order, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { order, timeZone: agent.time_zone };
}

export default function OrderPage() {
  const { order, timeZone } = useLoaderData<typeof loader>();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/orders">Orders</Link>
      </p>
      <h1>Order {order.id}</h1>
      <ZoneNote own={timeZone} />
      <dl className="details">
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">{orderStatusLabels[order.status]}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.created_at, timeZone)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{order.paid_at ? formatDateTime(order.paid_at, timeZone) : "—"}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.mode === "demo" ? "Demo payment (nothing charged)" : "Card, through Stripe"}</dd>
        </div>
      </dl>
      <OrderItems order={order} timeZone={timeZone} />
      {order.paid_at ? (
        <p>
          <Link to={`/orders/${order.id}/receipt`}>Printable receipt</Link>
        </p>
      ) : null}
    </section>
  );
}
