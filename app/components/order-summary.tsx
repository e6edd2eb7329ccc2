import type { ReactNode } from "react";
import { Fragment } from "react";
import type { Order, OrderItem, OrderStatus } from "../../lib/contract";
import { formatDateTime } from "../lib/dates";
import { formatMoney } from "../lib/money";
import { itemLabel } from "./cart-items";
import { TableHead } from "./table-head";

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  expired: "Checkout expired",
  canceled: "Checkout cancelled",
  flagged: "Under review",
};

/** The lines that follow an item: its session's cancellation, and its refund (or that one is due). */
function AfterLines({ item, timeZone, demo }: { item: OrderItem; timeZone: string; demo: boolean }) {
  const cancelled = item.session?.status === "canceled";
  return (
    <>
      {cancelled ? (
        <tr className="table__subline" data-testid="cancellation-line">
          <td colSpan={2}>
            Cancelled: the session{" "}
            {item.session!.canceled_at ? (
              <>was cancelled on {formatDateTime(item.session!.canceled_at, timeZone)}</>
            ) : (
              "was cancelled"
            )}
            .
          </td>
          <td className="num">—</td>
        </tr>
      ) : null}
      {item.refund_status ? (
        <tr className="table__subline" data-testid="refund-note">
          <td colSpan={2}>
            <strong>{item.refund_status === "refunded" ? "Refunded" : "Refund due"}</strong>
            {item.refund_reason ? `: ${item.refund_reason}` : null}
            {item.refund_status === "due"
              ? demo
                ? " (A demo payment: nothing to return.)"
                : " We return it to the card it was paid with."
              : null}
          </td>
          <td className="num">−{formatMoney(item.price_minor, item.currency)}</td>
        </tr>
      ) : null}
    </>
  );
}

/** What an order holds, client by client, and its total. */
export function OrderItems({ order, timeZone }: { order: Order; timeZone: string }) {
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <TableHead columns={["Item", "Client", { num: "Price" }]} />
        <tbody>
          {order.items.map((item) => (
            <Fragment key={item.id}>
              <tr>
                <td data-label="Item">{itemLabel(item, timeZone)}</td>
                <td data-label="Client">{item.client_name}</td>
                <td className="num" data-label="Price">
                  {formatMoney(item.price_minor, item.currency)}
                </td>
              </tr>
              <AfterLines item={item} timeZone={timeZone} demo={order.mode === "demo"} />
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label="Total" testId="order-total" strong>
            {formatMoney(order.amount_minor, order.currency)}
          </TotalRow>
          {order.refunded_minor ? (
            <TotalRow label="Refunded" testId="order-refunded">
              −{formatMoney(order.refunded_minor, order.currency)}
            </TotalRow>
          ) : null}
          {order.refund_due_minor ? (
            <TotalRow label="Refund due (we will return it to you)" testId="order-refund-due">
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
