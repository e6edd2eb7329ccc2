import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { MentorSession } from "../../lib/contract";
import { JoinLink } from "../components/join-link";
import { TableHead } from "../components/table-head";
import { ZoneNote } from "../components/zone-note";
import { apiLoaderError } from "../lib/api.server";
import { requireMentor } from "../lib/auth.server";
import { formatDateTime, timeLabel } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";

export const meta: MetaFunction = () => [{ title: "Your agenda · Waypoint Consultancy" }];

/** The mentor's agenda: the sessions they give, in their own zone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, mentor } = await requireMentor(request, context);
  const agenda = await api.call(endpoints.mentorAgenda).catch((e) => apiLoaderError(e, request, context));
  return { agenda, name: mentor.name, now: new Date().toISOString() };
}

const outcomeLabels = {
  held: "Held",
  client_no_show: "The client did not come",
  mentor_no_show: "Missed: refunded to the client",
} as const;

function SessionRow({ s, timeZone, upcoming, now }: { s: MentorSession; timeZone: string; upcoming: boolean; now: string }) {
  // Once it has started, a confirmed session is the mentor's to mark: held, or the client did not come.
  const markable = s.status === "confirmed" && !s.outcome && !s.move_requested && s.start_at <= now;
  // Before it starts, the mentor who cannot make it asks the agent for a new time.
  const askable = s.status === "confirmed" && !s.move_requested && s.start_at > now;
  return (
    <tr data-testid={`session-${s.id}`}>
      <td data-label="When">
        {formatDateTime(s.start_at, timeZone)}–{timeLabel(s.end_at, timeZone)}
      </td>
      <td data-label="Client and topic">
        {s.client}
        <br />
        <span className="muted">{s.topic}</span>
      </td>
      <td data-label="Booked by">
        {s.agent.name}
        <br />
        <a href={`mailto:${s.agent.email}`}>{s.agent.email}</a>
      </td>
      <td data-label="Status" data-testid="session-status">
        {s.status === "canceled" ? "Cancelled" : s.outcome ? outcomeLabels[s.outcome] : "Confirmed"}
        {s.outcome_summary ? (
          <>
            <br />
            <span className="muted">{s.outcome_summary}</span>
          </>
        ) : null}
        {s.move_requested ? (
          <>
            <br />
            <strong data-testid="move-requested">New time asked for: “{s.move_requested.reason}”</strong>
          </>
        ) : null}
        {askable ? (
          <>
            <br />
            <Link to={`/mentoring/sessions/${s.id}`} className="button button--small button--ghost">
              Cannot make it?<span className="visually-hidden"> (the session with {s.client})</span>
            </Link>
          </>
        ) : null}
        {markable ? (
          <>
            <br />
            <Link to={`/mentoring/sessions/${s.id}`} className="button button--small button--ghost">
              Mark it<span className="visually-hidden"> (the session with {s.client})</span>
            </Link>
          </>
        ) : null}
        {upcoming && s.join_url ? (
          <>
            <br />
            <JoinLink url={s.join_url} label="Join" />
          </>
        ) : null}
      </td>
    </tr>
  );
}

function SessionTable({
  title,
  sessions,
  timeZone,
  upcoming,
  now,
}: {
  title: string;
  sessions: MentorSession[];
  timeZone: string;
  upcoming: boolean;
  now: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption>{title}</caption>
        <TableHead columns={["When", "Client and topic", "Booked by", "Status"]} />
        <tbody>
          {sessions.map((s) => (
            <SessionRow key={s.id} s={s} timeZone={timeZone} upcoming={upcoming} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function MentorAgenda() {
  const { agenda, name, now } = useLoaderData<typeof loader>();
  const { upcoming, past, time_zone: timeZone } = agenda;
  return (
    <section className="container page">
      <p className="eyebrow">Mentoring</p>
      <h1>Your agenda</h1>
      <p className="muted">Signed in as {name}. Sessions last one hour; the agent who booked one is the person to write to.</p>
      <ZoneNote own={timeZone} />
      <h2>Upcoming</h2>
      {upcoming.length ? (
        <SessionTable title="Upcoming sessions, soonest first" sessions={upcoming} timeZone={timeZone} upcoming now={now} />
      ) : (
        <p className="empty-state">No sessions booked with you yet. You will find each one here once it is paid.</p>
      )}
      <h2>Past</h2>
      {past.length ? (
        <SessionTable title="Past sessions, newest first" sessions={past} timeZone={timeZone} upcoming={false} now={now} />
      ) : (
        <p className="empty-state">No past sessions.</p>
      )}
    </section>
  );
}
