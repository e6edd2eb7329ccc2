import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { OfficeBooking } from "../../lib/contract";
import { Field, FilterSelect } from "../components/form";
import { useOfficeZone } from "../components/office";
import { apiLoaderError, apiRedirectError, type FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { dayKey, dayLabel, formatDateTime, timeLabel } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { formatMoney, refundLabels } from "../lib/money";
import { mentorAbsentBody, rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { loadSite } from "../lib/site.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Sessions · Back office · Waypoint Consultancy" }];

const isDay = (v: string | null): v is string =>
  Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const mentor = Number(url.searchParams.get("mentor"));
  const [agenda, mentors] = await Promise.all([
    api.call(endpoints.officeBookings, {
      query: {
        from: isDay(from) ? from : undefined,
        days: 7,
        holds: url.searchParams.get("holds") === "lapsing" ? "lapsing" : undefined,
        view: url.searchParams.get("view") === "unmarked" ? "unmarked" : undefined,
        mentor: Number.isInteger(mentor) && mentor > 0 ? mentor : undefined,
      },
    }),
    api.call(endpoints.officeMentors),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    agenda,
    mentor: Number.isInteger(mentor) && mentor > 0 ? String(mentor) : "",
    mentors: mentors.map((m) => ({ id: m.id, name: m.name })),
    now: new Date().toISOString(),
    cutoffHours: (await loadSite(context)).cancel_cutoff_hours,
  };
}

type AbsentFailure = FormFailure & { id: number };

/**
 * Cancels a session for its agent (the agent's own rules: a refund up to the cut-off, none after); or, once a
 * session has started, records that its mentor did not come, which refunds it in full.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = `/office/bookings${new URL(request.url).search}`;
  const absent = rowIntent("mentor-no-show").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (absent.success) {
    const id = absent.data.id;
    const values = textFields(formData, ["note"]);
    const { data: input, failure } = validateForm(mentorAbsentBody, values);
    if (failure) return data<AbsentFailure>({ ...failure.data, id }, failure.init ?? undefined);
    try {
      await api.call(endpoints.markMentorAbsent, { params: { id }, body: input });
      return await redirectWithToast(request, context, back, {
        type: "success",
        message: "Recorded: the mentor did not come. The session is refunded in full.",
      });
    } catch (error) {
      return apiRedirectError(error, request, context, back);
    }
  }
  const parsed = rowIntent("cancel").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const b = await api.call(endpoints.cancelForAgent, { params: { id: parsed.data.id } });
    const refund = b.refund_status === "refunded" ? "refunded" : b.refund_status === "due" ? "its refund is due" : "no refund";
    return await redirectWithToast(request, context, back, {
      type: "success",
      message: `Cancelled for ${b.client_name}'s agent: ${refund}.`,
    });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

const statusLabel: Record<OfficeBooking["status"], string> = {
  held: "Held (unpaid)",
  confirmed: "Confirmed",
  released: "Released",
  canceled: "Cancelled",
};

export default function OfficeBookings() {
  const { agenda, mentor, mentors, now, cutoffHours } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office">Back office</Link>
      </p>
      <h1>{agenda.holds ? "Holds lapsing within the hour" : agenda.view ? "Sessions nobody marked" : "Mentor sessions"}</h1>
      {agenda.view || agenda.holds ? (
        <SessionList
          items={agenda.items}
          now={now}
          testId={agenda.view ? "unmarked-list" : "holds-lapsing-list"}
          empty={agenda.view ? "Every session that ended is marked." : "No hold lapses within the hour."}
          intro={
            agenda.view
              ? "Paid sessions that ended more than 48 hours ago, oldest first, that their mentor has not marked held or not attended. Ask the mentor; if they did not come, record it here and the session is refunded in full."
              : "Sessions held in an agent's cart and not paid yet, whose hold ends within the hour (soonest first). Unpaid, the slot goes back on the mentor's schedule."
          }
        />
      ) : (
        <Agenda agenda={agenda} mentor={mentor} mentors={mentors} now={now} cutoffHours={cutoffHours} />
      )}
    </section>
  );
}

function Agenda({
  agenda,
  mentor,
  mentors,
  now,
  cutoffHours,
}: Omit<SerializeFrom<typeof loader>, "agenda"> & { agenda: { from: string; items: OfficeBooking[] } }) {
  const zone = useOfficeZone();
  const days = new Map<string, OfficeBooking[]>();
  for (const b of agenda.items) days.set(dayKey(b.start_at, zone), [...(days.get(dayKey(b.start_at, zone)) ?? []), b]);
  const shift = (d: number) => new Date(Date.parse(`${agenda.from}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const link = (from: string) => `?${new URLSearchParams({ from, ...(mentor ? { mentor } : {}) })}`;
  return (
    <>
      <p className="muted">
        Seven days from {dayLabel(`${agenda.from}T12:00:00Z`, "UTC")}, in {zone}. Cancelling for an agent follows the agent&apos;s
        own rule: refunded up to {cutoffHours} hours before the start, not after.
      </p>
      <Form method="get" className="filter-form">
        <FilterSelect
          id="agenda-mentor"
          label="Mentor"
          name="mentor"
          value={mentor}
          any="Every mentor"
          options={mentors.map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <div className="field">
          <label htmlFor="agenda-from">From (day, {zone})</label>
          <input id="agenda-from" name="from" type="date" defaultValue={agenda.from} />
        </div>
        <button type="submit" className="button button--ghost">
          Show
        </button>
      </Form>
      <nav className="pagination" aria-label="Weeks">
        <Link to={link(shift(-7))}>← 7 days earlier</Link>
        <Link to={link(shift(7))}>7 days later →</Link>
      </nav>
      {days.size === 0 ? (
        <p className="empty-state">No session in these seven days.</p>
      ) : (
        [...days].map(([day, list]) => (
          <section key={day} aria-label={dayLabel(list[0]!.start_at, zone)} className="agenda-day">
            <h2>{dayLabel(list[0]!.start_at, zone)}</h2>
            <ul className="list-reset order-lines">
              {list.map((b) => (
                <AgendaItem key={b.id} b={b} now={now} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

/** One of the agenda's special views (holds lapsing, sessions unmarked): what it is, then its sessions, dated. */
function SessionList({
  items,
  now,
  testId,
  empty,
  intro,
}: {
  items: OfficeBooking[];
  now: string;
  testId: string;
  empty: string;
  intro: string;
}) {
  return (
    <>
      <p className="muted">
        {intro} <Link to="/office/bookings">Back to the agenda</Link>
      </p>
      {items.length ? (
        <ul className="list-reset order-lines" data-testid={testId}>
          {items.map((b) => (
            <AgendaItem key={b.id} b={b} now={now} lapsing />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{empty}</p>
      )}
    </>
  );
}

function AgendaItem({ b, now, lapsing = false }: { b: OfficeBooking; now: string; lapsing?: boolean }) {
  const zone = useOfficeZone();
  const navigation = useNavigation();
  return (
    <li className="card agenda-item" data-testid={`office-booking-${b.id}`}>
      <p>
        <strong>{lapsing ? formatDateTime(b.start_at, zone) : timeLabel(b.start_at, zone)}</strong> {b.mentor_name} with{" "}
        {b.client_name} ({b.agent_name}): {b.topic}
      </p>
      <p className="muted">
        {statusLabel[b.status]}
        {b.status === "held" && b.held_until ? ` until ${timeLabel(b.held_until, zone)} (${zone})` : ""}
        {b.refund_status ? ` · ${refundLabels[b.refund_status]}` : ""} · {formatMoney(b.price_minor, b.currency)}
      </p>
      {b.status === "confirmed" && b.start_at <= now && b.refund_status === null ? <MentorAbsentForm b={b} /> : null}
      {(b.status === "held" || b.status === "confirmed") && b.start_at > now ? (
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={b.id} />
          <button
            type="submit"
            className="button button--small button--ghost"
            disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(b.id)}
          >
            Cancel for the agent
            <span className="visually-hidden">
              : {b.mentor_name} with {b.client_name}
            </span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** Once a paid session has started: record that its mentor did not come (refunded in full), with what happened. */
function MentorAbsentForm({ b }: { b: OfficeBooking }) {
  const failure = useActionData<AbsentFailure>();
  const mine = failure?.id === b.id ? failure : undefined;
  const busy = useNavigation().formData?.get("id") === String(b.id);
  return (
    <Form method="post" className="form form--inline">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="mentor-no-show" />
      <input type="hidden" name="id" value={b.id} />
      <Field
        id={`absent-note-${b.id}`}
        label="The mentor did not come: what happened?"
        name="note"
        maxLength={500}
        defaultValue={mine?.values?.note ?? ""}
        errors={mine?.fieldErrors?.note}
        autoFocusOnError
      />
      <button type="submit" className="button button--small button--ghost" disabled={busy}>
        Record and refund in full
        <span className="visually-hidden">
          : {b.mentor_name} with {b.client_name}
        </span>
      </button>
    </Form>
  );
}
