import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { itemLabel } from "../components/cart-items";
import { TotalRow } from "../components/order-summary";
import { TableHead } from "../components/table-head";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { routeId } from "../lib/params";
import { loadSite } from "../lib/site.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Receipt for order ${data.order.id} · Waypoint Consultancy` : "Receipt not found" },
];

/** The e-mailed receipt as a page to print (or save as PDF): a paid order's lines, clients, amounts and currency. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const order = await api
    .call(endpoints.order, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  // Only a paid order has a receipt: anything else is not one to print.
  if (!order.paid_at) throw new Response("This order is not paid: it has no receipt.", { status: 404 });
  return { order, agent, timeZone: agent.time_zone, company: (await loadSite(context)).company };
}

/**
 * A Print button once scripts run (it calls the browser's print); without them, the way to the browser's own Print
 * menu, said in words.
 */
function PrintBar() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <p className="no-print receipt__print">
      {scripted ? (
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print
        </button>
      ) : null}{" "}
      <span className="muted">To keep a copy, print this page or save it as a PDF from your browser&apos;s Print menu.</span>
    </p>
  );
}

export default function Receipt() {
  const { order, agent, timeZone, company } = useLoaderData<typeof loader>();
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <section className="container page narrow receipt" data-testid="receipt">
      <p className="eyebrow no-print">
        <Link to={`/orders/${order.id}`}>Order {order.id}</Link>
      </p>
      <header className="receipt__head">
        <div>
          <strong>{company.name}</strong>
          <br />
          {company.address}
          {company.tax_id ? (
            <>
              <br />
              Tax id: <bdi dir="ltr">{company.tax_id}</bdi>
            </>
          ) : null}
        </div>
        <h1>Receipt</h1>
      </header>
      <dl className="details">
        <div>
          <dt>Order</dt>
          <dd>{order.id}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>
            {formatDateTime(order.paid_at!, timeZone)} ({timeZone})
          </dd>
        </div>
        <div>
          <dt>Agent</dt>
          <dd>
            {agent.name} ({agent.email})
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.mode === "demo" ? "Demo payment (nothing charged)" : "Card, through Stripe"}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table table--stack">
          <TableHead columns={["Item", "Client", { num: "Amount" }]} />
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id}>
                <td data-label="Item">
                  {itemLabel(i, timeZone)}
                  {i.refund_status ? (
                    <span className="muted"> · {i.refund_status === "refunded" ? "refunded" : "refund due"}</span>
                  ) : null}
                </td>
                <td data-label="Client">{i.client_name}</td>
                <td className="num" data-label="Amount">
                  {money(i.price_minor)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <TotalRow label="Total paid" testId="receipt-total">
              {money(order.amount_minor)}
            </TotalRow>
            {order.refunded_minor ? <TotalRow label="Refunded">−{money(order.refunded_minor)}</TotalRow> : null}
          </tfoot>
        </table>
      </div>
      <PrintBar />
    </section>
  );
}
