import type { Order, OrderStatus } from "../../lib/contract";
import { formatMoney } from "../lib/money";

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  expired: "Expired",
  canceled: "Cancelled",
  flagged: "Under review",
};

/** What an order holds, client by client, and its total. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Client</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.description}
                {item.refund_status ? (
                  <p className="refund-note" data-testid="refund-note">
                    <strong>{item.refund_status === "refunded" ? "Refunded" : "Refund due"}</strong>
                    {item.refund_reason ? `: ${item.refund_reason}` : null}
                  </p>
                ) : null}
              </td>
              <td>{item.client_name}</td>
              <td className="num">{formatMoney(item.price_minor, item.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="num" data-testid="order-total">
              <strong>{formatMoney(order.amount_minor, order.currency)}</strong>
            </td>
          </tr>
          {order.refunded_minor ? (
            <tr>
              <th scope="row" colSpan={2}>
                Refunded
              </th>
              <td className="num" data-testid="order-refunded">
                −{formatMoney(order.refunded_minor, order.currency)}
              </td>
            </tr>
          ) : null}
          {order.refund_due_minor ? (
            <tr>
              <th scope="row" colSpan={2}>
                Refund due (we will return it to you)
              </th>
              <td className="num" data-testid="order-refund-due">
                {formatMoney(order.refund_due_minor, order.currency)}
              </td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}
