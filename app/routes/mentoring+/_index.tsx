import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { MentorSession } from "../../../lib/contract";
import { JoinLink } from "../../components/ui/join-link";
import { TableHead } from "../../components/ui/table-head";
import { ZoneNote } from "../../components/ui/zone-note";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime, timeLabel } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Your agenda"));

/** The mentor's agenda: the sessions they give, in their own zone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: mentor } = await requireAccount(request, context, ["mentor"]);
  const [agenda, calendars] = await Promise.all([api.call(endpoints.mentorAgenda), api.call(endpoints.mentorCalendars)]).catch(
    (e) => apiLoaderError(e, request, context),
  );
  // A calendar that stopped answering is said here too (issue 69), with the way back.
  const broken = calendars.connections.filter((c) => c.status === "broken").map((c) => c.label);
  return { agenda, broken, name: mentor.name, now: new Date().toISOString(), title: workspaceT("mentoring.agenda.title") };
}

function SessionRow({ s, timeZone, upcoming, now }: { s: MentorSession; timeZone: string; upcoming: boolean; now: string }) {
  // Once it has started, a confirmed session is the mentor's to mark: held, or the client did not come.
  const markable = s.status === "confirmed" && !s.outcome && !s.move_requested && s.start_at <= now;
  // Before it starts, the mentor who cannot make it asks the agent for a new time.
  const askable = s.status === "confirmed" && !s.move_requested && s.start_at > now;
  const { t } = useTranslation();
  const withClient = t("mentoring.agenda.withClient", { client: s.client });
  return (
    <tr data-testid={`session-${s.id}`}>
      <td data-label={t("mentoring.agenda.when")}>
        {formatDateTime(s.start_at, timeZone)}–{timeLabel(s.end_at, timeZone)}
      </td>
      <td data-label={t("mentoring.agenda.clientAndTopic")}>
        {s.client}
        <br />
        <span className="muted">{s.topic}</span>
      </td>
      <td data-label={t("mentoring.agenda.bookedBy")}>
        {s.agent.name}
        <br />
        <a href={`mailto:${s.agent.email}`}>{s.agent.email}</a>
      </td>
      <td data-label={t("mentoring.agenda.status")} data-testid="session-status">
        {s.status === "canceled"
          ? t("mentoring.agenda.cancelled")
          : s.outcome
            ? t(`mentoring.agenda.outcomes.${s.outcome}`)
            : t("mentoring.agenda.confirmed")}
        {s.outcome_summary ? (
          <>
            <br />
            <span className="muted">{s.outcome_summary}</span>
          </>
        ) : null}
        {s.move_requested ? (
          <>
            <br />
            <strong data-testid="move-requested">
              {t("mentoring.agenda.newTimeAsked", { reason: s.move_requested.reason })}
            </strong>
          </>
        ) : null}
        {askable ? (
          <>
            <br />
            <Link to={`/mentoring/sessions/${s.id}`} className="button button--small button--ghost">
              {t("mentoring.agenda.cannotMakeIt")}
              <span className="visually-hidden"> {withClient}</span>
            </Link>
          </>
        ) : null}
        {markable ? (
          <>
            <br />
            <Link to={`/mentoring/sessions/${s.id}`} className="button button--small button--ghost">
              {t("mentoring.agenda.markIt")}
              <span className="visually-hidden"> {withClient}</span>
            </Link>
          </>
        ) : null}
        {upcoming && s.join_url ? (
          <>
            <br />
            <JoinLink url={s.join_url} label={t("mentoring.agenda.join")} />
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
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <caption>{title}</caption>
        <TableHead
          columns={[
            t("mentoring.agenda.when"),
            t("mentoring.agenda.clientAndTopic"),
            t("mentoring.agenda.bookedBy"),
            t("mentoring.agenda.status"),
          ]}
        />
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
  const { agenda, broken, name, now } = useLoaderData<typeof loader>();
  const { upcoming, past, time_zone: timeZone } = agenda;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("mentoring.agenda.eyebrow")}</p>
      <h1>{t("mentoring.agenda.heading")}</h1>
      <p className="muted">{t("mentoring.agenda.signedInAs", { name })}</p>
      <ZoneNote own={timeZone} />
      {broken.map((label) => (
        <p key={label} className="notice" role="status" data-testid="calendar-broken">
          {t("mentoring.calendars.agendaBroken", { calendar: label })}{" "}
          <Link to="/mentoring/calendars">{t("mentoring.calendars.agendaFix")}</Link>.
        </p>
      ))}
      <h2>{t("mentoring.agenda.upcoming")}</h2>
      {upcoming.length ? (
        <SessionTable title={t("mentoring.agenda.upcomingCaption")} sessions={upcoming} timeZone={timeZone} upcoming now={now} />
      ) : (
        <p className="empty-state">{t("mentoring.agenda.noUpcoming")}</p>
      )}
      <h2>{t("mentoring.agenda.past")}</h2>
      {past.length ? (
        <SessionTable title={t("mentoring.agenda.pastCaption")} sessions={past} timeZone={timeZone} upcoming={false} now={now} />
      ) : (
        <p className="empty-state">{t("mentoring.agenda.noPast")}</p>
      )}
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
