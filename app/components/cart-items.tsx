import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CartItem } from "../../lib/contract";
import { formatMoney } from "../lib/money";

/** Sums per currency: a cart may mix USD plans with EUR packages. */
export function cartTotals(items: CartItem[]): string[] {
  const byCurrency = new Map<string, number>();
  for (const i of items) byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + i.price_minor);
  return [...byCurrency].map(([currency, minor]) => formatMoney(minor, currency));
}

/** A table of cart items; with `removable`, each row has a Remove button posting to `/cart`. */
export function CartTable({ items, removable }: { items: CartItem[]; removable?: boolean }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Price
            </th>
            {removable ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.description}</td>
              <td className="num">{formatMoney(item.price_minor, item.currency)}</td>
              {removable ? (
                <td className="num">
                  <Form method="post" action="/cart">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className="button button--small button--ghost">
                      Remove<span className="visually-hidden"> {item.description}</span>
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
