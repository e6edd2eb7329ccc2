import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AttentionList } from "../components/attention-list";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const [counts, attention] = await Promise.all([api.call(endpoints.dashboardCounts), api.call(endpoints.attention)]).catch((e) =>
    apiLoaderError(e, request, context),
  );
  return { agent, counts, attention };
}

export default function Dashboard() {
  const { agent, counts, attention } = useLoaderData<typeof loader>();
  const cards: Array<{ label: string; count: number; to?: string; text: string; testId: string }> = [
    {
      label: "Clients",
      count: counts.clients,
      to: "/clients",
      text: "Add, find and update your clients.",
      testId: "count-clients",
    },
    {
      label: "Cart items",
      count: counts.cart_items,
      to: "/cart",
      text: "Chosen for your clients, ready to pay.",
      testId: "count-cart",
    },
    {
      label: "Mentor sessions to come",
      count: counts.open_bookings,
      to: "/bookings",
      text: "Mentor sessions booked and not yet held.",
      testId: "count-bookings",
    },
    { label: "Paid orders", count: counts.paid_orders, to: "/orders", text: "Orders paid.", testId: "count-orders" },
    { label: "Jobs", count: counts.jobs, to: "/joblist", text: "Roles with visa sponsorship.", testId: "count-jobs" },
    {
      label: "Relocation packages",
      count: counts.relocations,
      to: "/relocation",
      text: "Settle-in help on the ground.",
      testId: "count-relocations",
    },
  ];
  return (
    <section className="container page">
      <p className="eyebrow">Dashboard</p>
      <h1>Welcome, {agent.name}</h1>
      <p className="lead">Signed in as {agent.email}.</p>
      <h2>Needs your attention</h2>
      <AttentionList items={attention} timeZone={agent.time_zone} empty="Nothing needs you right now." />
      <ul className="cards list-reset">
        {cards.map((c) => {
          const body = (
            <>
              <span className="count" data-testid={c.testId}>
                {c.count}
              </span>
              <h2>{c.label}</h2>
              <p>{c.text}</p>
            </>
          );
          return (
            <li key={c.label}>
              {c.to ? (
                <Link to={c.to} className="card card--link card--count">
                  {body}
                </Link>
              ) : (
                <div className="card card--count">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <ul className="quick-links" aria-label="More">
        <li>
          <Link to="/mentors">Find a mentor</Link>
        </li>
        <li>
          <Link to="/orders">Orders</Link>
        </li>
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
        <li>
          <Link to="/servicesPage/?id=1">What each service includes</Link>
        </li>
      </ul>
    </section>
  );
}
