import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { itemLabel } from "../components/cart-items";
import { orderStatusLabels } from "../components/order-summary";
import { TableHead } from "../components/table-head";
import { ZoneNote } from "../components/zone-note";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";

export const meta: MetaFunction = () => [{ title: "Orders · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const all = await api
    .call(endpoints.orders, { params: { agentId: agent.id } })
    .catch((e) => apiLoaderError(e, request, context));
  // Checkouts the agent cancelled (or that lapsed unpaid) took no money: they can be left out of the list.
  const hide = new URL(request.url).searchParams.get("hide") === "unpaid";
  const unpaid = (s: string) => s === "canceled" || s === "expired" || s === "failed";
  const orders = hide ? all.filter((o) => !unpaid(o.status)) : all;
  return {
    orders,
    timeZone: agent.time_zone,
    hide,
    hidden: all.length - orders.length,
    unpaidCount: all.filter((o) => unpaid(o.status)).length,
  };
}

export default function Orders() {
  const { orders, timeZone, hide, hidden, unpaidCount } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Orders</p>
      <h1>Your orders</h1>
      {orders.length ? <ZoneNote own={timeZone} /> : null}
      {unpaidCount ? (
        <Form method="get" className="search-form">
          <div className="search-form__row">
            <label className="check">
              <input type="checkbox" name="hide" value="unpaid" defaultChecked={hide} /> Hide cancelled and lapsed checkouts
            </label>
            <button type="submit" className="button button--ghost button--small">
              Show
            </button>
          </div>
          {hide ? <p className="muted">{hidden === 1 ? "1 checkout hidden." : `${hidden} checkouts hidden.`}</p> : null}
        </Form>
      ) : null}
      {orders.length === 0 ? (
        <p className="empty-state">
          No orders yet. Orders appear here once you check out your <Link to="/cart">cart</Link>.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <TableHead columns={["Order", "Date", "Client", "Items", "Status", { num: "Total" }]} />
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid={`order-${o.id}`}>
                  <td data-label="Order">
                    <Link to={`/orders/${o.id}`}>Order {o.id}</Link>
                  </td>
                  <td data-label="Date">{formatDateTime(o.created_at, timeZone)}</td>
                  <td data-label="Client">
                    <ul className="order-lines">
                      {[...new Set(o.items.map((i) => i.client_name))].map((name) => (
                        <li key={name}>{name}</li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Items">
                    <ul className="order-lines">
                      {o.items.map((i) => (
                        <li key={i.id}>
                          {itemLabel(i, timeZone)}
                          {i.session?.status === "canceled" ? " (session cancelled)" : null}
                          {i.refund_status ? ` (${i.refund_status === "refunded" ? "refunded" : "refund due"})` : null}
                        </li>
                      ))}
                    </ul>
                  </td>
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
