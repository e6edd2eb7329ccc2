import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isolate } from "../../../lib/bidi";
import type { Booking } from "../../../lib/contract";
import { moveBlocker } from "../../../lib/rules";
import { appLink } from "../../components/ui/app-link";
import { FilterSelects } from "../../components/ui/filter-select";
import { JoinLink } from "../../components/ui/join-link";
import { TableHead } from "../../components/ui/table-head";
import { ZoneNote } from "../../components/ui/zone-note";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime, timeLabel } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { loadSite } from "../../lib/site.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Mentor sessions"));

/** The states the agenda filters by: what the agent has to act on, not the database's words. */
const states = ["confirmed", "held", "move_requested", "cancelled"] as const;
type State = (typeof states)[number];

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
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
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
    state: pick("state", [...states]) as State | "",
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
    title: workspaceT("work.bookings.title"),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["upcoming"][number];

function BookingRow({ b, timeZone, upcoming }: { b: Row; timeZone: string; upcoming: boolean }) {
  const { t } = useTranslation();
  const withMentor = t("work.bookings.withMentor", { mentor: b.mentor_name });
  return (
    <tr data-testid={`booking-${b.id}`}>
      <td data-label={t("work.bookings.when")}>
        {formatDateTime(b.start_at, timeZone)}
        <br />
        <span className="muted">
          {t("work.bookings.forMentor", { time: timeLabel(b.start_at, b.mentor_time_zone), zone: b.mentor_time_zone })}
        </span>
        {/* The client's own time, when they live in another zone than the agent's: no arithmetic for the agent. */}
        {b.client_time_zone && b.client_time_zone !== timeZone ? (
          <>
            <br />
            <span className="muted" data-testid="client-time">
              {t("work.bookings.forClient", {
                time: timeLabel(b.start_at, b.client_time_zone),
                client: isolate(b.client_name.split(" ")[0] ?? b.client_name),
                zone: b.client_time_zone,
              })}
            </span>
          </>
        ) : null}
      </td>
      <td data-label={t("work.bookings.client")}>
        <a {...appLink(`/clients/${b.client_id}`)}>{b.client_name}</a>
      </td>
      <td data-label={t("work.bookings.mentorAndTopic")}>
        <a {...appLink(`/mentors/${b.mentor_id}`)}>{b.mentor_name}</a>
        <br />
        <span className="muted">{b.topic}</span>
      </td>
      <td data-label={t("work.bookings.status")} data-testid="booking-status">
        {/* A session that took place says how it went (a no-show is no "Confirmed"). */}
        {b.status === "confirmed" && b.outcome
          ? t(`work.bookings.outcomes.${b.outcome}`)
          : t(`work.bookings.statuses.${b.status}`)}
        {b.refund_status === "due"
          ? ` · ${t("work.bookings.refundDue")}`
          : b.refund_status === "refunded"
            ? ` · ${t("work.bookings.refunded")}`
            : ""}
        {b.client_move_request ? (
          <>
            <br />
            <strong data-testid="client-move-request">
              {t("work.bookings.clientAsks", { client: b.client_name, reason: b.client_move_request.reason })}
            </strong>
          </>
        ) : null}
        {b.move_request ? (
          <>
            <br />
            <strong data-testid="move-request">
              {t("work.bookings.asks", { mentor: b.mentor_name, reason: b.move_request.reason })}
            </strong>
          </>
        ) : null}
      </td>
      <td className="num">
        {upcoming ? <JoinLink url={b.join_url} label={t("work.bookings.join")} /> : null}{" "}
        {b.movable ? (
          <a
            {...appLink(`/bookings/${b.id}/move`)}
            className={`button button--small ${b.move_request || b.client_move_request ? "button--primary" : "button--ghost"}`}
          >
            {b.move_request || b.client_move_request ? t("work.bookings.chooseTime") : t("work.bookings.move")}
            <span className="visually-hidden"> {withMentor}</span>
          </a>
        ) : null}{" "}
        {b.cancellable ? (
          <a {...appLink(`/bookings/${b.id}/cancel`)} className="button button--small button--ghost">
            {t("work.bookings.cancel")}
            <span className="visually-hidden"> {withMentor}</span>
          </a>
        ) : null}
      </td>
    </tr>
  );
}

export default function Bookings() {
  const { upcoming, past, total, clients, mentors, filter, timeZone, cutoffHours } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.client || filter.mentor || filter.state);
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.bookings.eyebrow")}</p>
      <h1>{t("work.bookings.heading")}</h1>
      <ZoneNote own={timeZone} extra={t("work.bookings.rule", { hours: cutoffHours })} />
      {total === 0 ? (
        <p className="empty-state">
          <Trans i18nKey="work.bookings.none" components={{ go: <Link to="/mentors" /> }} />
        </p>
      ) : (
        <>
          <Form method="get" className="filter-form" role="search" aria-label={t("work.bookings.filterLabel")}>
            <FilterSelects
              values={filter}
              filters={[
                { name: "client", label: t("work.bookings.client"), any: t("work.bookings.allClients"), options: clients },
                { name: "mentor", label: t("work.bookings.mentor"), any: t("work.bookings.allMentors"), options: mentors },
                {
                  name: "state",
                  label: t("work.bookings.state"),
                  any: t("work.bookings.anyState"),
                  options: states.map((value) => ({ value, label: t(`work.bookings.states.${value}`) })),
                },
              ]}
            />
            <div className="filter-form__actions">
              <button type="submit" className="button button--ghost">
                {t("work.bookings.filter")}
              </button>
              {filtered ? <Link to="/bookings">{t("work.bookings.clear")}</Link> : null}
            </div>
          </Form>
          {[[t("work.bookings.upcoming"), upcoming, true] as const, [t("work.bookings.past"), past, false] as const].map(
            ([title, rows, isUpcoming]) => (
              <div key={title} className="table-wrap">
                {rows.length ? (
                  <table className="table table--stack" data-testid={isUpcoming ? "upcoming" : "past"}>
                    <caption>{t("work.bookings.caption", { title, count: rows.length })}</caption>
                    <TableHead
                      columns={[
                        t("work.bookings.when"),
                        t("work.bookings.client"),
                        t("work.bookings.mentorAndTopic"),
                        t("work.bookings.status"),
                        null,
                      ]}
                    />
                    <tbody>
                      {rows.map((b) => (
                        <BookingRow key={b.id} b={b} timeZone={timeZone} upcoming={isUpcoming} />
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <p className="empty-state">{t(filtered ? "work.bookings.emptyFiltered" : "work.bookings.empty", { title })}</p>
                )}
              </div>
            ),
          )}
        </>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
