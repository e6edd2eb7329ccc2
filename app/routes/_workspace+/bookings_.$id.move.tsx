import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isolate } from "../../../lib/bidi";
import type { Booking } from "../../../lib/contract";
import { moveBlocker } from "../../../lib/rules";
import { FormError, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ZoneNote } from "../../components/ui/zone-note";
import { SessionDetails } from "../../components/workspace/session-details";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { dayKey, dayLabel, formatDateTime, timeLabel } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Toast, Trans, useTranslation } from "../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { clientMoveAnswerBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { loadSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Move a session"));

/**
 * Moving a paid session (issue 23, point 5): the mentor's free times a week at a time, one chosen (`?start=`),
 * then confirmed with a plain form post. No charge and no refund: the session keeps its price and its join link.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const url = new URL(request.url);
  const week = url.searchParams.get("week");
  const chosen = url.searchParams.get("start");
  const bookings = await api
    .call(endpoints.bookings, { params: { agentId: agent.id } })
    .catch((e) => apiLoaderError(e, request, context));
  const booking = bookings.find((b) => b.id === id);
  if (!booking) throw new Response("Not found", { status: 404 });
  const now = new Date();
  const cutoffHours = (await loadSite(context)).cancel_cutoff_hours;
  const blocked = moveBlocker(booking, cutoffHours, now);
  const tz = agent.time_zone;
  const schedule = blocked
    ? null
    : await api
        .call(endpoints.schedule, {
          body: {
            mentor_id: booking.mentor_id,
            time_zone: tz,
            ...(week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? { week_start: week } : {}),
          },
        })
        .catch((e) => apiLoaderError(e, request, context));
  // A mentor's request allows times up to 14 days after the original start; an agent's own move, the usual horizon.
  const until = booking.move_request?.until;
  const slots = (schedule?.slots ?? []).filter((s) => !until || s.start <= until);
  return {
    booking,
    blocked,
    cutoffHours,
    timeZone: tz,
    chosen: chosen && !Number.isNaN(Date.parse(chosen)) ? chosen : null,
    slots,
    week: schedule ? { start: schedule.week_start, previous: schedule.previous_week, next: schedule.next_week } : null,
    nextFree: schedule?.next_free ?? null,
    title: workspaceT("work.move.title"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  // Keeping the time the client asked to move, with a word for them (issue 39).
  if (formData.get("intent") === "keep") {
    const values = textFields(formData, ["answer"]);
    const { data, failure } = validateForm(clientMoveAnswerBody, values);
    if (failure) return forForm(failure, "keep");
    try {
      await api.call(endpoints.keepSessionTime, { params: { id }, body: data });
      return await redirectWithToast(request, context, "/bookings", { type: "success", message: workspaceT("work.move.kept") });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), "keep");
    }
  }
  const start = String(formData.get("start") ?? "");
  try {
    const moved = await api.call(endpoints.moveBooking, { body: { id, start } });
    return await redirectWithToast(request, context, "/bookings", {
      type: "success",
      message: workspaceT("work.move.moved", { time: formatDateTime(moved.start_at, agent.time_zone) }),
    });
  } catch (error) {
    // Taken meanwhile, moved or cancelled by someone else, past the cut-off: said here, and the week stays.
    return apiActionError(error, request, context, { start });
  }
}

/** The client asked to move it: their reason, and the agent's other answer, keeping the time with a word. */
function KeepTime({ b, failure }: { b: Booking; failure: FormFailure | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { form: "keep", id: "keep" });
  return (
    <div className="card" data-testid="client-move-request">
      <p>
        <strong>{t("work.move.clientAsks", { client: b.client_name, reason: b.client_move_request!.reason })}</strong>
      </p>
      <p className="muted">{t("work.move.clientAsksHint")}</p>
      <details open={Boolean(form.formError) || undefined}>
        <summary>{t("work.move.keepHeading")}</summary>
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="keep" />
          <FormError message={form.formError} />
          <TextAreaField id="keep-answer" label={t("work.move.keepLabel")} rows={3} maxLength={500} {...form.field("answer")} />
          <button type="submit" className="button button--ghost" disabled={busy}>
            {t("work.move.keep")}
          </button>
        </Form>
      </details>
    </div>
  );
}

export default function MoveBooking() {
  const { booking: b, blocked, cutoffHours, timeZone, chosen, slots, week, nextFree } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure?.form === "keep" ? undefined : failure);
  const busy = useNavigation().state === "submitting";
  const days = new Map<string, typeof slots>();
  for (const slot of slots) {
    const key = dayKey(slot.start, timeZone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  const link = (p: Record<string, string>) => `?${new URLSearchParams(p)}`;
  const error = form.errors("start")?.[0] ?? form.formError;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/bookings">{t("work.cancel.back")}</Link>
      </p>
      <h1>{t("work.move.heading")}</h1>
      <SessionDetails b={b} timeZone={timeZone} whenLabel={t("work.move.now")} />
      {b.move_request ? (
        <p className="notice" data-testid="move-request">
          {t("work.move.asked", {
            mentor: b.mentor_name,
            reason: b.move_request.reason,
            until: formatDateTime(b.move_request.until, timeZone),
          })}
        </p>
      ) : null}
      {b.client_move_request ? <KeepTime b={b} failure={failure} /> : null}
      {blocked ? (
        <p className="empty-state">
          {t(`work.move.blocked.${blocked}`, { hours: cutoffHours })}{" "}
          <Link to="/bookings">{t("work.cancel.backToBookings")}</Link>
        </p>
      ) : (
        <>
          <FormError message={error} />
          {chosen ? (
            <Form method="post" {...form.props} className="form move-confirm" data-testid="move-confirm">
              <AuthenticityTokenInput />
              <input type="hidden" name="start" value={chosen} />
              <p>
                <Trans
                  i18nKey="work.move.confirm"
                  values={{
                    time: formatDateTime(chosen, timeZone),
                    theirs: timeLabel(chosen, b.mentor_time_zone),
                    zone: b.mentor_time_zone,
                  }}
                  components={{ strong: <strong /> }}
                />
                {b.client_time_zone && b.client_time_zone !== timeZone ? (
                  <>
                    {" "}
                    {t("work.bookings.forClient", {
                      time: timeLabel(chosen, b.client_time_zone),
                      client: isolate(b.client_name.split(" ")[0] ?? b.client_name),
                      zone: b.client_time_zone,
                    })}
                  </>
                ) : null}
              </p>
              <div className="form__actions">
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? t("work.move.moving") : t("work.move.move")}
                </button>
                <Link to={week ? link({ week: week.start }) : "."} className="button button--ghost">
                  {t("work.move.another")}
                </Link>
              </div>
            </Form>
          ) : null}
          <h2 id="week">{t("work.move.freeTimes", { mentor: b.mentor_name })}</h2>
          <ZoneNote
            own={timeZone}
            shown={timeZone}
            extra={[
              t("work.mentor.zones", { zone: b.mentor_time_zone }),
              b.client_time_zone && b.client_time_zone !== timeZone
                ? t("work.move.clientZone", { client: isolate(b.client_name), zone: b.client_time_zone })
                : null,
            ]
              .filter(Boolean)
              .join(" ")}
          />
          {week ? (
            <nav className="pagination" aria-label={t("work.mentor.days")}>
              {week.previous ? (
                <Link to={link({ week: week.previous })}>{t("work.mentor.previous")}</Link>
              ) : (
                <span className="muted">{t("work.mentor.fromToday")}</span>
              )}
              <Link to={link({ week: week.next })}>{t("work.mentor.next")}</Link>
            </nav>
          ) : null}
          {days.size === 0 ? (
            <p className="empty-state" data-testid="no-slots">
              {t("work.move.noneThisWeek")}
              {nextFree && (!b.move_request || nextFree <= b.move_request.until) ? (
                <>
                  {" "}
                  <Trans
                    i18nKey="work.mentor.nextOne"
                    values={{ day: dayLabel(nextFree, timeZone), time: timeLabel(nextFree, timeZone) }}
                    components={{ go: <Link to={link({ week: dayKey(nextFree, timeZone) })} /> }}
                  />
                </>
              ) : null}
            </p>
          ) : (
            <div className="week">
              {[...days].map(([key, daySlots]) => (
                <section key={key} className="week__day" aria-label={dayLabel(daySlots[0]!.start, timeZone)}>
                  <h3>{dayLabel(daySlots[0]!.start, timeZone)}</h3>
                  <ul className="list-reset slots">
                    {daySlots.map((s) => (
                      <li key={s.start}>
                        <Link
                          className="slot"
                          to={link({ ...(week ? { week: week.start } : {}), start: s.start })}
                          data-start={s.start}
                          aria-current={s.start === chosen ? "true" : undefined}
                        >
                          <span className="visually-hidden">{t("work.move.moveTo", { day: dayLabel(s.start, timeZone) })} </span>
                          {timeLabel(s.start, timeZone)}
                          <span className="slot__theirs">
                            {t("work.mentor.theirs", { time: timeLabel(s.start, b.mentor_time_zone) })}
                          </span>
                          {b.client_time_zone && b.client_time_zone !== timeZone ? (
                            <span className="slot__theirs" data-testid="slot-client-time">
                              {t("work.move.clientTime", { time: timeLabel(s.start, b.client_time_zone) })}
                            </span>
                          ) : null}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
