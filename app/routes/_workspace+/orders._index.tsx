import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { appLink } from "../../components/ui/app-link";
import { FilterCheck } from "../../components/ui/filter-select";
import { MoneyCell } from "../../components/ui/money-cell";
import { orderStatusLabel } from "../../components/ui/order-summary";
import { columnWords, StackTable } from "../../components/ui/table-head";
import { ZoneNote } from "../../components/ui/zone-note";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { itemLabel } from "../../lib/item-words";

export const meta = orErrorTitle(titleMeta<typeof loader>("Orders"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
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
    title: workspaceT("work.orders.title"),
  };
}

export default function Orders() {
  const { orders, timeZone, hide, hidden, unpaidCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const col = columnWords(t, "work.orders", ["order", "date", "client", "items", "status", "total"]);
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.orders.eyebrow")}</p>
      <h1>{t("work.orders.heading")}</h1>
      {orders.length ? <ZoneNote own={timeZone} /> : null}
      {unpaidCount ? (
        <Form method="get" className="search-form">
          <div className="search-form__row">
            <FilterCheck name="hide" value="unpaid" checked={hide} label={t("work.orders.hideUnpaid")} />
            <button type="submit" className="button button--ghost button--small">
              {t("work.orders.show")}
            </button>
          </div>
          {hide ? <p className="muted">{t("work.orders.hidden", { count: hidden })}</p> : null}
        </Form>
      ) : null}
      {orders.length === 0 ? (
        <p className="empty-state">
          <Trans i18nKey="work.orders.none" components={{ go: <Link to="/cart" /> }} />
        </p>
      ) : (
        <StackTable columns={[col.order, col.date, col.client, col.items, col.status, { num: col.total }]}>
          {orders.map((o) => (
            <tr key={o.id} data-testid={`order-${o.id}`}>
              <td data-label={col.order}>
                <a {...appLink(`/orders/${o.id}`)}>{t("work.orders.orderN", { id: o.id })}</a>
              </td>
              <td data-label={col.date}>{formatDateTime(o.created_at, timeZone)}</td>
              <td data-label={col.client}>
                <ul className="order-lines">
                  {[...new Set(o.items.map((i) => i.client_name))].map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
              </td>
              <td data-label={col.items}>
                <ul className="order-lines">
                  {o.items.map((i) => (
                    <li key={i.id}>
                      {itemLabel(t, i, timeZone)}
                      {i.session?.status === "canceled" ? ` ${t("work.orders.sessionCancelled")}` : null}
                      {i.refund_status
                        ? ` ${i.refund_status === "refunded" ? t("work.orders.refunded") : t("work.orders.refundDue")}`
                        : null}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label={col.status}>{orderStatusLabel(t, o.status)}</td>
              <MoneyCell label={col.total} minor={o.amount_minor} currency={o.currency} />
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
