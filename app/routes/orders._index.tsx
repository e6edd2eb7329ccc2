import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { orderStatusLabels } from "../components/order-summary";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { formatMoney } from "../lib/money";

export const meta: MetaFunction = () => [{ title: "Orders · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const orders = await api.orders(agent.id).catch((e) => apiLoaderError(e, request));
  return json({ orders, timeZone: agent.time_zone });
}

export default function Orders() {
  const { orders, timeZone } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Orders</p>
      <h1>Your orders</h1>
      {orders.length === 0 ? (
        <p className="empty-state">
          No orders yet. Orders appear here once you check out your <Link to="/cart">cart</Link>.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Items</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid={`order-${o.id}`}>
                  <td data-label="Order">
                    <Link to={`/orders/${o.id}`}>Order {o.id}</Link>
                  </td>
                  <td data-label="Date">{formatDateTime(o.created_at, timeZone)}</td>
                  <td data-label="Items">{o.items.map((i) => i.description).join("; ")}</td>
                  <td data-label="Status">{orderStatusLabels[o.status]}</td>
                  <td data-label="Total" className="num">
                    {formatMoney(o.amount_minor, o.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
