import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems } from "../components/order-summary";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Payment · Waypoint Consultancy" }];

/** Stripe sends the agent back here with ?session_id=…; the API says how the payment stands. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim();
  if (!sessionId) return data({ missing: true as const, state: null }, { status: 400 });
  const state = await api
    .call(endpoints.checkoutSession, { params: { id: sessionId } })
    .catch((e) => apiLoaderError(e, request, context));
  return { missing: false as const, state, timeZone: agent.time_zone };
}

const headline = {
  paid: { title: "Payment received", text: "Thank you. The order is paid and its items have left your cart." },
  processing: {
    title: "Payment processing",
    text: "The payment method takes a little longer to settle. The order will show as paid once it does.",
  },
  unpaid: { title: "Not paid", text: "This order has not been paid. Your cart still holds its items." },
} as const;

export default function PaymentSuccess() {
  const data = useLoaderData<typeof loader>();
  if (data.missing) {
    return (
      <section className="container page narrow">
        <h1>Missing session ID</h1>
        <p>
          This page needs the checkout session it is about. Your orders are listed under <Link to="/orders">Orders</Link>.
        </p>
      </section>
    );
  }
  const { payment, order } = data.state;
  const h = headline[payment];
  return (
    <section className="container page narrow">
      <p className="eyebrow">Order {order.id}</p>
      <h1 data-testid="payment-status" data-status={payment}>
        {h.title}
      </h1>
      <p className="lead">{h.text}</p>
      <OrderItems order={order} timeZone={data.timeZone} />
      <p className="actions">
        <Link to={`/orders/${order.id}`} className="button button--primary">
          View the order
        </Link>
        <Link to="/dashboard" className="button button--ghost">
          Dashboard
        </Link>
      </p>
    </section>
  );
}
