import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatMoney } from "../../../lib/money";
import { TotalRow } from "../../components/ui/order-summary";
import { columnWords, TableHead } from "../../components/ui/table-head";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { itemLabel } from "../../lib/item-words";
import { routeId } from "../../lib/params";
import { loadSite } from "../../lib/site.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Receipt not found" },
]);

/** The e-mailed receipt as a page to print (or save as PDF): a paid order's lines, clients, amounts and currency. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const order = await api
    .call(endpoints.order, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  // Only a paid order has a receipt: anything else is not one to print.
  if (!order.paid_at) throw new Response(workspaceT("work.receipt.notPaid"), { status: 404 });
  return {
    order,
    agent,
    timeZone: agent.time_zone,
    company: (await loadSite(context)).company,
    title: workspaceT("work.receipt.title", { id: order.id }),
  };
}

/**
 * A Print button once scripts run (it calls the browser's print); without them, the way to the browser's own Print
 * menu, said in words.
 */
function PrintBar() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const { t } = useTranslation();
  return (
    <p className="no-print receipt__print">
      {scripted ? (
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t("work.receipt.print")}
        </button>
      ) : null}{" "}
      <span className="muted">{t("work.receipt.keepCopy")}</span>
    </p>
  );
}

export default function Receipt() {
  const { order, agent, timeZone, company } = useLoaderData<typeof loader>();
  const money = (minor: number) => formatMoney(minor, order.currency);
  const { t } = useTranslation();
  const col = columnWords(t, "work.order", ["item", "client", "amount"]);
  return (
    <section className="container page narrow receipt" data-testid="receipt">
      <p className="eyebrow no-print">
        <Link to={`/orders/${order.id}`}>{t("work.receipt.orderN", { id: order.id })}</Link>
      </p>
      <header className="receipt__head">
        <div>
          <strong>{company.name}</strong>
          <br />
          {company.address}
          {company.tax_id ? (
            <>
              <br />
              {t("work.receipt.taxId")} <bdi dir="ltr">{company.tax_id}</bdi>
            </>
          ) : null}
        </div>
        <h1>{t("work.receipt.heading")}</h1>
      </header>
      <dl className="details">
        <div>
          <dt>{t("work.receipt.order")}</dt>
          <dd>{order.id}</dd>
        </div>
        <div>
          <dt>{t("work.receipt.paid")}</dt>
          <dd>
            {formatDateTime(order.paid_at!, timeZone)} ({timeZone})
          </dd>
        </div>
        <div>
          <dt>{t("work.receipt.agent")}</dt>
          <dd>
            {agent.name} ({agent.email})
          </dd>
        </div>
        <div>
          <dt>{t("work.receipt.payment")}</dt>
          <dd>{order.mode === "demo" ? t("work.order.demo") : t("work.order.card")}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table table--stack">
          <TableHead columns={[col.item, col.client, { num: col.amount }]} />
          <tbody>
            {order.items.map((i) => (
              <tr key={i.id}>
                <td data-label={col.item}>
                  {itemLabel(t, i, timeZone)}
                  {i.refund_status ? (
                    <span className="muted">
                      {" "}
                      · {i.refund_status === "refunded" ? t("work.receipt.refunded") : t("work.receipt.refundDue")}
                    </span>
                  ) : null}
                </td>
                <td data-label={col.client}>{i.client_name}</td>
                <td className="num" data-label={col.amount}>
                  {money(i.price_minor)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <TotalRow label={t("work.receipt.totalPaid")} testId="receipt-total">
              {money(order.amount_minor)}
            </TotalRow>
            {order.refunded_minor ? (
              <>
                <TotalRow label={t("work.order.totalRefunded")}>−{money(order.refunded_minor)}</TotalRow>
                {/* What was paid in the end, once refunds are taken off. */}
                <TotalRow label={t("work.receipt.net")} testId="receipt-net">
                  {money(order.amount_minor - order.refunded_minor)}
                </TotalRow>
              </>
            ) : null}
          </tfoot>
        </table>
      </div>
      <PrintBar />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
