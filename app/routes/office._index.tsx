import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useOfficeZone } from "../components/office";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, staff } = await requireStaff(request, context);
  const overview = await api.call(endpoints.officeOverview).catch((e) => apiLoaderError(e, request, context));
  return { staff, overview };
}

export default function OfficeOverview() {
  const zone = useOfficeZone();
  const { staff, overview } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Unread messages", n: overview.unread_messages, to: "/office/messages", testId: "unread-messages" },
    { label: "E-mails that failed", n: overview.mail_failed, to: "/office/outbox?status=failed", testId: "mail-failed" },
    { label: "Flagged orders", n: overview.flagged_orders, to: "/office/orders?status=flagged", testId: "flagged-orders" },
    { label: "Refunds due (lines)", n: overview.refunds_due, to: "/office/orders?refund=due", testId: "refunds-due" },
    {
      label: "Holds lapsing within the hour",
      n: overview.holds_lapsing,
      to: "/office/bookings?holds=lapsing",
      testId: "holds-lapsing",
    },
    {
      label: "Sessions nobody marked (48 hours after)",
      n: overview.sessions_unmarked,
      to: "/office/bookings?view=unmarked",
      testId: "sessions-unmarked",
    },
    { label: `Mentor sessions today (${zone})`, n: overview.sessions_today, to: "/office/bookings", testId: "sessions-today" },
    {
      label: `Mentor sessions tomorrow (${zone})`,
      n: overview.sessions_tomorrow,
      to: "/office/bookings",
      testId: "sessions-tomorrow",
    },
  ];
  return (
    <section className="container page">
      <p className="eyebrow">Back office</p>
      <h1>Good to see you, {staff.name}</h1>
      <p className="muted">What needs a person today.</p>
      <ul className="cards list-reset">
        {cards.map((c) => (
          <li key={c.label} className="card card--count">
            <p className="count" data-testid={c.testId}>
              {c.n}
            </p>
            <p>
              <Link to={c.to}>{c.label}</Link>
            </p>
          </li>
        ))}
      </ul>
      <ul className="quick-links" aria-label="Back office">
        <li>
          <Link to="/office/agents/new">Add an agent</Link>
        </li>
        <li>
          <Link to="/office/agents">Agents</Link>
        </li>
        <li>
          <Link to="/office/audit">Audit log</Link>
        </li>
      </ul>
    </section>
  );
}
