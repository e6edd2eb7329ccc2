import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { fieldMessages } from "../../../lib/field-errors";
import { formatMoney } from "../../../lib/money";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { appLink } from "../../components/ui/app-link";
import { FilterSelects } from "../../components/ui/filter-select";
import { MoneyCell } from "../../components/ui/money-cell";
import { orderStatusLabel } from "../../components/ui/order-summary";
import { pageOf, Pages } from "../../components/ui/pages";
import { columnWords, StackTable } from "../../components/ui/table-head";
import { apiLoaderError, ApiCallError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { queryOf, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { officeOrdersFilter } from "../../lib/office-orders";

export const meta = titleMeta<typeof loader>("Orders · Back office");

const statuses = ["pending", "paid", "flagged", "failed", "expired", "canceled"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const given = officeOrdersFilter(url);
  const filter = { status: "", agent: "", client: "", refund: "", from: "", to: "", ...given };
  const title = workspaceT("office.orders.title");
  try {
    const result = await api.call(endpoints.officeOrders, { query: { ...given, page: pageOf(url) } });
    return { filter, result, errors: null, title };
  } catch (error) {
    // A filter that is not one (a date like 2026-02-30) is said beside it, with an empty list.
    if (error instanceof ApiCallError && error.status === 400) {
      return data({ filter, result: null, errors: fieldMessages(error.errors), title }, { status: 400 });
    }
    return apiLoaderError(error, request, context);
  }
}

export default function OfficeOrders() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { filter, result, errors } = useLoaderData<typeof loader>();
  const url = (page: number) => queryOf({ ...filter, page: String(page) });
  const col = {
    ...columnWords(t, "office.orders", ["order", "status", "total"]),
    agent: t("office.orders.agentCol"),
    placed: t("office.orders.placed", { zone }),
  };
  return (
    <section className="container page">
      <OfficeHead title={t("office.orders.heading")} />
      <Form method="get" className="filter-form" role="search">
        <FilterSelects
          values={filter}
          filters={[
            {
              name: "status",
              label: t("office.orders.status"),
              any: t("office.orders.anyStatus"),
              options: statuses.map((s) => ({ value: s, label: orderStatusLabel(t, s) })),
            },
            {
              name: "refund",
              label: t("office.orders.refunds"),
              any: t("office.orders.any"),
              options: [{ value: "due", label: t("office.orders.refundDue") }],
            },
          ]}
        />
        <div className="field">
          <label htmlFor="orders-agent">{t("office.orders.agent")}</label>
          <input id="orders-agent" name="agent" type="search" defaultValue={filter.agent} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="orders-client">{t("office.orders.client")}</label>
          <input id="orders-client" name="client" type="search" defaultValue={filter.client} maxLength={100} />
        </div>
        {(["from", "to"] as const).map((k) => (
          <div key={k} className={errors?.[k] ? "field field--invalid" : "field"}>
            <label htmlFor={`orders-${k}`}>
              {k === "from" ? t("office.orders.from", { zone }) : t("office.orders.to", { zone })}
            </label>
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
          {t("office.orders.filter")}
        </button>
      </Form>
      {!result || result.total === 0 ? (
        <p className="empty-state">{t("office.orders.none")}</p>
      ) : (
        <>
          <StackTable columns={[col.order, col.agent, col.placed, col.status, { num: col.total }]}>
            {result.items.map((o) => (
              <tr key={o.id} data-testid={`office-order-${o.id}`}>
                <td data-label={col.order}>
                  <a {...appLink(`/office/orders/${o.id}`)}>{t("office.orders.orderN", { id: o.id })}</a>
                </td>
                <td data-label={col.agent}>
                  {o.agent_name}
                  <br />
                  <span className="muted">{o.agent_email}</span>
                </td>
                <td data-label={col.placed}>{formatDateTime(o.created_at, zone)}</td>
                <td data-label={col.status}>
                  {orderStatusLabel(t, o.status)}
                  {o.refund_due_minor ? (
                    <span className="muted">
                      {" "}
                      · {t("office.orders.due", { amount: formatMoney(o.refund_due_minor, o.currency) })}
                    </span>
                  ) : null}
                </td>
                <MoneyCell label={col.total} minor={o.amount_minor} currency={o.currency} />
              </tr>
            ))}
          </StackTable>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="order" url={url} />
          <p>
            <a href={`/office/orders.csv${queryOf(filter)}`} className="button button--ghost" download>
              {t("office.orders.csv")}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
