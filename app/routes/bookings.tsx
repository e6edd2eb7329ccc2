import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { Booking } from "../../lib/contract";
import { moveBlocker } from "../../lib/rules";
import { FilterSelect } from "../components/form";
import { JoinLink } from "../components/join-link";
import { TableHead } from "../components/table-head";
import { ZoneNote } from "../components/zone-note";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime, timeLabel } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { loadSite } from "../lib/site.server";

export const meta: MetaFunction = () => [{ title: "Mentor sessions · Waypoint Consultancy" }];

/** The states the agenda filters by: what the agent has to act on, not the database's words. */
const states = {
  confirmed: "Confirmed",
  held: "Held: awaiting payment",
  move_requested: "The mentor asks for a new time",
  cancelled: "Cancelled or released",
} as const;
type State = keyof typeof states;

const statusLabel: Record<Booking["status"], string> = {
  held: "Held: awaiting payment",
  confirmed: "Confirmed",
  released: "Released (not paid in time)",
  canceled: "Cancelled",
};

function stateOf(b: Booking): State {
  if (b.status === "confirmed") return b.move_request ? "move_requested" : "confirmed";
  return b.status === "held" ? "held" : "cancelled";
}

/**
 * The agent's agenda (issue 23, point 10): every session across clients in one list, upcoming soonest first,
 * then past and cancelled ones newest first, filtered by client, mentor and state through a GET form (the filter
 * is in the address; it works without JavaScript). A cancelled session is never "upcoming".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const all = await api
    .call(endpoints.bookings, { params: { agentId: agent.id } })
    .catch((e) => apiLoaderError(e, request, context));
  const url = new URL(request.url);
  const clients = [...new Map(all.map((b) => [String(b.client_id), b.client_name])).entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const mentors = [...new Map(all.map((b) => [String(b.mentor_id), b.mentor_name])).entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  // A value that is not one of the choices is dropped, not refused: the list is shown unfiltered by it.
  const pick = (name: string, allowed: string[]) => {
    const v = url.searchParams.get(name) ?? "";
    return allowed.includes(v) ? v : "";
  };
  const filter = {
    client: pick(
      "client",
      clients.map((c) => c.value),
    ),
    mentor: pick(
      "mentor",
      mentors.map((m) => m.value),
    ),
    state: pick("state", Object.keys(states)) as State | "",
  };
  const now = new Date();
  const at = now.toISOString();
  const shown = all.filter(
    (b) =>
      (!filter.client || String(b.client_id) === filter.client) &&
      (!filter.mentor || String(b.mentor_id) === filter.mentor) &&
      (!filter.state || stateOf(b) === filter.state),
  );
  const live = (b: Booking) => (b.status === "held" || b.status === "confirmed") && b.end_at > at;
  const cutoffHours = (await loadSite(context)).cancel_cutoff_hours;
  const withActions = (b: Booking) => ({
    ...b,
    state: stateOf(b),
    movable: moveBlocker(b, cutoffHours, now) === null,
    cancellable: (b.status === "held" || b.status === "confirmed") && b.start_at > at,
  });
  return {
    upcoming: shown.filter(live).map(withActions),
    past: shown
      .filter((b) => !live(b))
      .reverse()
      .map(withActions),
    total: all.length,
    clients,
    mentors,
    filter,
    timeZone: agent.time_zone,
    cutoffHours,
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["upcoming"][number];

function BookingRow({ b, timeZone, upcoming }: { b: Row; timeZone: string; upcoming: boolean }) {
  return (
    <tr data-testid={`booking-${b.id}`}>
      <td data-label="When">
        {formatDateTime(b.start_at, timeZone)}
        <br />
        <span className="muted">
          {timeLabel(b.start_at, b.mentor_time_zone)} for the mentor ({b.mentor_time_zone})
        </span>
      </td>
      <td data-label="Client">
        <Link to={`/clients/${b.client_id}`}>{b.client_name}</Link>
      </td>
      <td data-label="Mentor and topic">
        <Link to={`/mentors/${b.mentor_id}`}>{b.mentor_name}</Link>
        <br />
        <span className="muted">{b.topic}</span>
      </td>
      <td data-label="Status" data-testid="booking-status">
        {statusLabel[b.status]}
        {b.refund_status === "due" ? " · refund due" : b.refund_status === "refunded" ? " · refunded" : ""}
        {b.move_request ? (
          <>
            <br />
            <strong data-testid="move-request">
              {b.mentor_name} asks for a new time: “{b.move_request.reason}”
            </strong>
          </>
        ) : null}
      </td>
      <td className="num">
        {upcoming ? <JoinLink url={b.join_url} label="Join" /> : null}{" "}
        {b.movable ? (
          <Link
            to={`/bookings/${b.id}/move`}
            className={`button button--small ${b.move_request ? "button--primary" : "button--ghost"}`}
          >
            {b.move_request ? "Choose a new time" : "Move…"}
            <span className="visually-hidden"> the session with {b.mentor_name}</span>
          </Link>
        ) : null}{" "}
        {b.cancellable ? (
          <Link to={`/bookings/${b.id}/cancel`} className="button button--small button--ghost">
            Cancel…<span className="visually-hidden"> the session with {b.mentor_name}</span>
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

export default function Bookings() {
  const { upcoming, past, total, clients, mentors, filter, timeZone, cutoffHours } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.client || filter.mentor || filter.state);
  return (
    <section className="container page">
      <p className="eyebrow">Mentorship</p>
      <h1>Mentor sessions</h1>
      <ZoneNote
        own={timeZone}
        extra={`Paid sessions can be moved, or cancelled with a refund, up to ${cutoffHours} hours before they start.`}
      />
      {total === 0 ? (
        <p className="empty-state">
          No bookings yet. <Link to="/mentors">Find a mentor</Link> for a client.
        </p>
      ) : (
        <>
          <Form method="get" className="filter-form" role="search" aria-label="Filter the bookings">
            <FilterSelect
              id="filter-client"
              label="Client"
              name="client"
              value={filter.client}
              any="All clients"
              options={clients}
            />
            <FilterSelect
              id="filter-mentor"
              label="Mentor"
              name="mentor"
              value={filter.mentor}
              any="All mentors"
              options={mentors}
            />
            <FilterSelect
              id="filter-state"
              label="State"
              name="state"
              value={filter.state}
              any="Any state"
              options={Object.entries(states).map(([value, label]) => ({ value, label }))}
            />
            <div className="filter-form__actions">
              <button type="submit" className="button button--ghost">
                Filter
              </button>
              {filtered ? <Link to="/bookings">Clear</Link> : null}
            </div>
          </Form>
          {[["Upcoming", upcoming, true] as const, ["Past and cancelled", past, false] as const].map(
            ([title, rows, isUpcoming]) => (
              <div key={title} className="table-wrap">
                {rows.length ? (
                  <table className="table table--stack" data-testid={isUpcoming ? "upcoming" : "past"}>
                    <caption>
                      {title} ({rows.length})
                    </caption>
                    <TableHead columns={["When", "Client", "Mentor and topic", "Status", null]} />
                    <tbody>
                      {rows.map((b) => (
                        <BookingRow key={b.id} b={b} timeZone={timeZone} upcoming={isUpcoming} />
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="empty-state">
                    {title}: none{filtered ? " with these filters" : ""}.
                  </p>
                )}
              </div>
            ),
          )}
        </>
      )}
    </section>
  );
}
