import type { ReactNode } from "react";
import { Fragment } from "react";
import type { Order, OrderItem, OrderStatus } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../lib/dates";
import { itemLabel } from "../../lib/item-words";
import type { T } from "../../lib/page-words";
import { useTranslation } from "../../lib/page-words";
import { TableHead } from "./table-head";

/** An order's state in words ("Awaiting payment", "Checkout cancelled"). */
export const orderStatusLabel = (t: T, status: OrderStatus): string => t(`work.orderStatus.${status}`);

/** The lines that follow an item: its session's cancellation, and its refund (or that one is due). */
function AfterLines({ item, timeZone, demo }: { item: OrderItem; timeZone: string; demo: boolean }) {
  const cancelled = item.session?.status === "canceled";
  const { t } = useTranslation();
  return (
    <>
      {cancelled ? (
        <tr className="table__subline" data-testid="cancellation-line">
          <td colSpan={2}>
            {item.session!.canceled_at
              ? t("work.order.sessionCancelledOn", { time: formatDateTime(item.session!.canceled_at, timeZone) })
              : t("work.order.sessionCancelled")}
          </td>
          <td className="num">—</td>
        </tr>
      ) : null}
      {item.refund_status ? (
        <tr className="table__subline" data-testid="refund-note">
          <td colSpan={2}>
            <strong>{item.refund_status === "refunded" ? t("work.order.refunded") : t("work.order.refundDue")}</strong>
            {item.refund_minor !== item.price_minor ? ` ${formatMoney(item.refund_minor, item.currency)}` : null}
            {item.refund_reason ? `: ${item.refund_reason}` : null}
            {item.refund_status === "due" ? ` ${demo ? t("work.order.demoNothingBack") : t("work.order.toCard")}` : null}
          </td>
          <td className="num">−{formatMoney(item.price_minor, item.currency)}</td>
        </tr>
      ) : null}
    </>
  );
}

/** What an order holds, client by client, and its total. */
export function OrderItems({ order, timeZone }: { order: Order; timeZone: string }) {
  const { t } = useTranslation();
  const [itemCol, clientCol, priceCol] = [t("work.order.item"), t("work.order.client"), t("work.order.price")];
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <TableHead columns={[itemCol, clientCol, { num: priceCol }]} />
        <tbody>
          {order.items.map((item) => (
            <Fragment key={item.id}>
              <tr>
                <td data-label={itemCol}>{itemLabel(t, item, timeZone)}</td>
                <td data-label={clientCol}>{item.client_name}</td>
                <td className="num" data-label={priceCol}>
                  {formatMoney(item.price_minor, item.currency)}
                </td>
              </tr>
              <AfterLines item={item} timeZone={timeZone} demo={order.mode === "demo"} />
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label={t("work.order.total")} testId="order-total" strong>
            {formatMoney(order.amount_minor, order.currency)}
          </TotalRow>
          {order.refunded_minor ? (
            <TotalRow label={t("work.order.totalRefunded")} testId="order-refunded">
              −{formatMoney(order.refunded_minor, order.currency)}
            </TotalRow>
          ) : null}
          {order.refund_due_minor ? (
            <TotalRow label={t("work.order.totalRefundDue")} testId="order-refund-due">
              {formatMoney(order.refund_due_minor, order.currency)}
            </TotalRow>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}

/** A row of an order's foot: what it is, across the item and client columns, and the amount. */
export function TotalRow({
  label,
  testId,
  strong,
  children,
}: {
  label: string;
  testId?: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <tr>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num" data-testid={testId}>
        {strong ? <strong>{children}</strong> : children}
      </td>
    </tr>
  );
}
