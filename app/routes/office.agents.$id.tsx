import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clientStatusLabels } from "../../lib/client-fields";
import { PendingEmailNote } from "../components/email-change";
import { useOfficeZone } from "../components/office";
import { orderStatusLabel } from "../components/order-summary";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney, refundLabels } from "../lib/money";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.agent.name} · Back office · Waypoint Consultancy` : "Agent not found" },
];

/** One agent, read only: its clients by name and status (nothing more of theirs), its orders and sessions. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return await api
    .call(endpoints.officeAgentDetail, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
}

const bookingStatus = { held: "Held", confirmed: "Confirmed", released: "Released", canceled: "Cancelled" } as const;

export default function OfficeAgent() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { agent, clients, orders, bookings, pending_email } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/agents">Agents</Link>
      </p>
      <h1>{agent.name}</h1>
      <dl className="details">
        <div>
          <dt>Email</dt>
          <dd>
            {agent.email} · <Link to={`/office/agents/${agent.id}/email`}>Change</Link>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{agent.phone ?? "—"}</dd>
        </div>
        <div>
          <dt>Time zone</dt>
          <dd>{agent.time_zone}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="agent-status">{agent.active ? "Active" : "Deactivated"}</dd>
        </div>
        <div>
          <dt>Last sign-in ({zone})</dt>
          <dd>{agent.last_sign_in_at ? formatDateTime(agent.last_sign_in_at, zone) : "Never"}</dd>
        </div>
      </dl>
      <PendingEmailNote pending={pending_email} />
      <p className="muted">Read only: the agent&apos;s clients are the agent&apos;s; here only their names and status show.</p>

      <div className="page-head">
        <h2>Clients ({clients.length})</h2>
        {clients.length ? (
          <Link to={`/office/agents/${agent.id}/hand-over`} className="button button--ghost">
            Hand over clients
          </Link>
        ) : null}
      </div>
      {clients.length ? (
        <ul className="list-reset order-lines" data-testid="agent-clients">
          {clients.map((c) => (
            <li key={c.id}>
              {c.name} · {clientStatusLabels[c.status]}
              {c.archived ? " · archived" : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No client yet.</p>
      )}

      <h2>Orders ({orders.length})</h2>
      {orders.length ? (
        <ul className="list-reset order-lines">
          {orders.map((o) => (
            <li key={o.id}>
              <Link to={`/office/orders/${o.id}`}>Order {o.id}</Link> · {formatDateTime(o.created_at, zone)} ({zone}) ·{" "}
              {orderStatusLabel(t, o.status)} · {formatMoney(o.amount_minor, o.currency)}
              {o.refund_due_minor ? ` · ${formatMoney(o.refund_due_minor, o.currency)} refund due` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No order yet.</p>
      )}

      <h2>Mentor sessions ({bookings.length})</h2>
      {bookings.length ? (
        <ul className="list-reset order-lines">
          {bookings.map((b) => (
            <li key={b.id}>
              {formatDateTime(b.start_at, zone)} ({zone}) · {b.mentor_name} with {b.client_name} · {bookingStatus[b.status]}
              {b.refund_status ? ` · ${refundLabels[b.refund_status]}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No session yet.</p>
      )}
    </section>
  );
}
