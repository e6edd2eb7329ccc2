import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../components/form";
import { useOfficeZone } from "../components/office";
import { orderStatusLabel } from "../components/order-summary";
import { pageOf, Pages } from "../components/pages";
import { TableHead } from "../components/table-head";
import { apiLoaderError, ApiCallError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { officeOrdersFilter } from "../lib/office-orders";
import { queryOf } from "../lib/paths";

export const meta: MetaFunction = () => [{ title: "Orders · Back office · Waypoint Consultancy" }];

const statuses = ["pending", "paid", "flagged", "failed", "expired", "canceled"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const given = officeOrdersFilter(url);
  const filter = { status: "", agent: "", client: "", refund: "", from: "", to: "", ...given };
  try {
    const result = await api.call(endpoints.officeOrders, { query: { ...given, page: pageOf(url) } });
    return { filter, result, errors: null };
  } catch (error) {
    // A filter that is not one (a date like 2026-02-30) is said beside it, with an empty list.
    if (error instanceof ApiCallError && error.status === 400) {
      return data({ filter, result: null, errors: error.errors ?? {} }, { status: 400 });
    }
    return apiLoaderError(error, request, context);
  }
}

export default function OfficeOrders() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { filter, result, errors } = useLoaderData<typeof loader>();
  const url = (page: number) => queryOf({ ...filter, page: String(page) });
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office">Back office</Link>
      </p>
      <h1>Orders</h1>
      <Form method="get" className="filter-form" role="search">
        <FilterSelect
          id="orders-status"
          label="Status"
          name="status"
          value={filter.status}
          any="Any status"
          options={statuses.map((s) => ({ value: s, label: orderStatusLabel(t, s) }))}
        />
        <FilterSelect
          id="orders-refund"
          label="Refunds"
          name="refund"
          value={filter.refund}
          any="Any"
          options={[{ value: "due", label: "A refund is due" }]}
        />
        <div className="field">
          <label htmlFor="orders-agent">Agent (name or email)</label>
          <input id="orders-agent" name="agent" type="search" defaultValue={filter.agent} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="orders-client">Client (name)</label>
          <input id="orders-client" name="client" type="search" defaultValue={filter.client} maxLength={100} />
        </div>
        {(["from", "to"] as const).map((k) => (
          <div key={k} className={errors?.[k] ? "field field--invalid" : "field"}>
            <label htmlFor={`orders-${k}`}>{k === "from" ? `From (day, ${zone})` : `To (day, ${zone})`}</label>
            <input
              id={`orders-${k}`}
              name={k}
              type="date"
              defaultValue={filter[k]}
              aria-invalid={errors?.[k] ? true : undefined}
              aria-describedby={errors?.[k] ? `orders-${k}-error` : undefined}
            />
            {errors?.[k] ? (
              <p className="field__error" id={`orders-${k}-error`}>
                {errors[k]![0]}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className="button button--ghost">
          Filter
        </button>
      </Form>
      {!result || result.total === 0 ? (
        <p className="empty-state">No order matches.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <TableHead columns={["Order", "Agent", `Placed (${zone})`, "Status", { num: "Total" }]} />
              <tbody>
                {result.items.map((o) => (
                  <tr key={o.id} data-testid={`office-order-${o.id}`}>
                    <td data-label="Order">
                      <Link to={`/office/orders/${o.id}`}>Order {o.id}</Link>
                    </td>
                    <td data-label="Agent">
                      {o.agent_name}
                      <br />
                      <span className="muted">{o.agent_email}</span>
                    </td>
                    <td data-label={`Placed (${zone})`}>{formatDateTime(o.created_at, zone)}</td>
                    <td data-label="Status">
                      {orderStatusLabel(t, o.status)}
                      {o.refund_due_minor ? (
                        <span className="muted"> · {formatMoney(o.refund_due_minor, o.currency)} refund due</span>
                      ) : null}
                    </td>
                    <td data-label="Total" className="num">
                      {formatMoney(o.amount_minor, o.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="order" url={url} />
          <p>
            <a href={`/office/orders.csv${queryOf(filter)}`} className="button button--ghost" download>
              Download these orders (CSV)
            </a>
          </p>
        </>
      )}
    </section>
  );
}
