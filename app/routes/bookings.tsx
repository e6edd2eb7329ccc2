import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { Booking } from "../../lib/contract";
import { JoinLink } from "../components/join-link";
import { TableHead } from "../components/table-head";
import { ZoneNote } from "../components/zone-note";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime, timeLabel } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { getSettings } from "../lib/settings.server";

export const meta: MetaFunction = () => [{ title: "Bookings · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const bookings = await api
    .call(endpoints.bookings, { params: { agentId: agent.id } })
    .catch((e) => apiLoaderError(e, request, context));
  return {
    bookings,
    timeZone: agent.time_zone,
    now: new Date().toISOString(),
    cutoffHours: getSettings().bookings.cancelCutoffHours,
  };
}

const statusLabel: Record<Booking["status"], string> = {
  held: "Held: awaiting payment",
  confirmed: "Confirmed",
  released: "Released (not paid in time)",
  canceled: "Cancelled",
};

function BookingRow({ b, timeZone, upcoming, now }: { b: Booking; timeZone: string; upcoming: boolean; now: string }) {
  // Offered only while it can be done: until the session starts (Terms §4; late, without a refund).
  const cancellable = upcoming && (b.status === "held" || b.status === "confirmed") && b.start_at > now;
  return (
    <tr data-testid={`booking-${b.id}`}>
      <td data-label="When">
        {formatDateTime(b.start_at, timeZone)}
        <br />
        <span className="muted">
          {timeLabel(b.start_at, b.mentor_time_zone)} for the mentor ({b.mentor_time_zone})
        </span>
      </td>
      <td data-label="Mentor and topic">
        <Link to={`/mentors/${b.mentor_id}`}>{b.mentor_name}</Link>
        <br />
        <span className="muted">{b.topic}</span>
      </td>
      <td data-label="Status" data-testid="booking-status">
        {statusLabel[b.status]}
        {b.refund_status === "due" ? " · refund due" : b.refund_status === "refunded" ? " · refunded" : ""}
      </td>
      <td className="num">
        {upcoming ? <JoinLink url={b.join_url} label="Join" /> : null}{" "}
        {cancellable ? (
          <Link to={`/bookings/${b.id}/cancel`} className="button button--small button--ghost">
            Cancel…<span className="visually-hidden"> the session with {b.mentor_name}</span>
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

export default function Bookings() {
  const { bookings, timeZone, now, cutoffHours } = useLoaderData<typeof loader>();
  const byClient = new Map<string, Booking[]>();
  for (const b of bookings) byClient.set(b.client_name, [...(byClient.get(b.client_name) ?? []), b]);
  return (
    <section className="container page">
      <p className="eyebrow">Mentorship</p>
      <h1>Bookings</h1>
      <ZoneNote
        own={timeZone}

        extra={`Paid sessions can be cancelled up to ${cutoffHours} hours before they start.`}
      />
      {bookings.length === 0 ? (
        <p className="empty-state">
          No bookings yet. <Link to="/mentors">Find a mentor</Link> for a client.
        </p>
      ) : (
        [...byClient].map(([client, list]) => {
          const upcoming = list.filter((b) => b.end_at > now);
          const past = list.filter((b) => b.end_at <= now);
          return (
            <section key={client} className="cart-group" aria-label={`Bookings for ${client}`}>
              <h2>{client}</h2>
              {[["Upcoming", upcoming, true] as const, ["Past", past, false] as const].map(([title, rows, isUpcoming]) =>
                rows.length ? (
                  <div key={title} className="table-wrap">
                    <table className="table table--stack">
                      <caption>{title}</caption>
                      <TableHead columns={["When", "Mentor and topic", "Status", null]} />
                      <tbody>
                        {rows.map((b) => (
                          <BookingRow key={b.id} b={b} timeZone={timeZone} upcoming={isUpcoming} now={now} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null,
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
