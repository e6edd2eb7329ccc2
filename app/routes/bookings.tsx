import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Booking } from "../../lib/contract";
import { apiLoaderError, apiRedirectError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime, timeLabel } from "../lib/dates";
import { rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { getSettings } from "../lib/settings.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Bookings · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const bookings = await api.bookings(agent.id).catch((e) => apiLoaderError(e, request));
  return json({
    bookings,
    timeZone: agent.time_zone,
    now: new Date().toISOString(),
    cutoffHours: getSettings().bookings.cancelCutoffHours,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = rowIntent("cancel").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const booking = await api.cancelBooking(parsed.data.id);
    const message =
      booking.refund_status === "refunded"
        ? "The session was cancelled and refunded."
        : booking.refund_status === "due"
          ? "The session was cancelled; its refund is on its way."
          : "The session was cancelled.";
    return await redirectWithToast(request, "/bookings", { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, "/bookings");
  }
}

const statusLabel: Record<Booking["status"], string> = {
  held: "Held: awaiting payment",
  confirmed: "Confirmed",
  released: "Released (not paid in time)",
  canceled: "Cancelled",
};

function BookingRow({ b, timeZone, upcoming }: { b: Booking; timeZone: string; upcoming: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(b.id);
  const cancellable = upcoming && (b.status === "held" || b.status === "confirmed");
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
        {cancellable ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={b.id} />
            <button type="submit" className="button button--small button--ghost" disabled={busy}>
              {busy ? "Cancelling…" : "Cancel"}
              <span className="visually-hidden"> the session with {b.mentor_name}</span>
            </button>
          </Form>
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
      <p className="muted">
        Times in your zone ({timeZone}). Paid sessions can be cancelled up to {cutoffHours} hours before they start.
      </p>
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
                      <thead>
                        <tr>
                          <th scope="col">When</th>
                          <th scope="col">Mentor and topic</th>
                          <th scope="col">Status</th>
                          <th scope="col">
                            <span className="visually-hidden">Actions</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((b) => (
                          <BookingRow key={b.id} b={b} timeZone={timeZone} upcoming={isUpcoming} />
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
