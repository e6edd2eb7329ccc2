import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { CartItem } from "../../lib/contract";
import { api, apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatMoney } from "../lib/money";

export const meta: MetaFunction = () => [{ title: "Cart · Waypoint Consultancy" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, agent } = await requireAgent(request);
  const items = await api.cartList(token, agent.id).catch((e) => apiLoaderError(e, request));
  return json({ items });
}

function groupByClient(items: CartItem[]) {
  const groups = new Map<number, { name: string; items: CartItem[] }>();
  for (const item of items) {
    const g = groups.get(item.client_id) ?? { name: item.client_name, items: [] };
    g.items.push(item);
    groups.set(item.client_id, g);
  }
  return [...groups.values()];
}

function totals(items: CartItem[]) {
  const byCurrency = new Map<string, number>();
  for (const i of items) byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + i.price_minor);
  return [...byCurrency].map(([currency, minor]) => formatMoney(minor, currency));
}

export default function Cart() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Cart</p>
      <h1>Your cart</h1>
      {items.length === 0 ? (
        <p className="empty-state">Your cart is empty. Items you choose for your clients appear here.</p>
      ) : (
        <>
          {groupByClient(items).map((group) => (
            <section key={group.name} className="cart-group" aria-label={`Items for ${group.name}`}>
              <h2>{group.name}</h2>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.items.map((item) => (
                    <tr key={item.id}>
                      <td>{item.description}</td>
                      <td className="num">{formatMoney(item.price_minor, item.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <p className="cart-total">
            Total: <strong data-testid="cart-total">{totals(items).join(" + ")}</strong>
          </p>
        </>
      )}
    </section>
  );
}
