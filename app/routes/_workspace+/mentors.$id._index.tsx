import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { appLink } from "../../components/ui/app-link";
import { ZoneNote } from "../../components/ui/zone-note";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { useChosenClient } from "../../lib/chosen-client";
import { dayKey, dayLabel, timeLabel, viewerZone } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, Trans, useIntlLocale, useTranslation, weekdayName } from "../../lib/every-page";
import { routeId } from "../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.mentor.name} · ${companyOf(matches)}` : "Mentor not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const url = new URL(request.url);
  const week = url.searchParams.get("week");
  // The agent's own zone; another only when a shared link asks for it (and the page then says so).
  const tz = viewerZone(request, agent.time_zone);
  // One call: the week answers with the mentor too.
  const { mentor, ...schedule } = await api
    .call(endpoints.schedule, {
      body: { mentor_id: id, time_zone: tz, ...(week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? { week_start: week } : {}) },
    })
    .catch((e) => apiLoaderError(e, request, context));
  return { mentor, schedule, own: agent.time_zone, fromLink: tz !== agent.time_zone };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

export default function MentorPage() {
  const { mentor, schedule, own, fromLink } = useLoaderData<typeof loader>();
  const tz = schedule.time_zone;
  const { t } = useTranslation();
  const locale = useIntlLocale();

  const days = new Map<string, typeof schedule.slots>();
  for (const slot of schedule.slots) {
    const key = dayKey(slot.start, tz);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  // A zone asked for by a link stays in the links that page on; the agent's own needs no parameter.
  const client = useChosenClient();
  const withZone = (params: Record<string, string>) =>
    `?${new URLSearchParams({ ...params, ...(fromLink ? { tz } : {}), ...(client ? { client } : {}) })}`;
  const firstDay = `${schedule.week_start}T12:00:00Z`;
  const lastDay = new Date(Date.parse(firstDay) + 6 * 86_400_000).toISOString();
  const title = schedule.previous_week
    ? t("work.mentor.freeBetween", { from: dayLabel(firstDay, "UTC"), to: dayLabel(lastDay, "UTC") })
    : t("work.mentor.freeNext");

  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentors">{t("work.mentor.back")}</Link>
      </p>
      <h1>{mentor.name}</h1>
      <p className="lead">{mentor.title}</p>
      {/* The free times come after the bio: on a phone that is a long way down, so the way there comes first. */}
      <p>
        <a href="#week" className="button button--primary jump-to-slots" data-testid="jump-to-slots">
          {t("work.mentor.seeFree", { name: mentor.name.split(" ")[0] })}
        </a>
      </p>
      <div className="section--split">
        <div>
          <p>{mentor.bio}</p>
          <dl className="details">
            <div>
              <dt>{t("work.mentor.expertise")}</dt>
              <dd>{mentor.expertise.join(", ")}</dd>
            </div>
            <div>
              <dt>{t("work.mentor.languages")}</dt>
              <dd>{mentor.languages.join(", ")}</dd>
            </div>
            <div>
              <dt>{t("work.mentor.basedIn")}</dt>
              <dd>
                {mentor.country_name} ({mentor.time_zone})
              </dd>
            </div>
            <div>
              <dt>{t("work.mentor.rate")}</dt>
              <dd>{t("work.mentors.rate", { amount: formatMoney(mentor.rate_minor, mentor.currency) })}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h2>{t("work.mentor.weeklyHours", { zone: mentor.time_zone })}</h2>
          <ul className="list-reset hours">
            {mentor.availability.map((a) => (
              <li key={`${a.weekday}-${a.start_minute}`}>
                {weekdayName(locale, a.weekday)} {hhmm(a.start_minute)}–{hhmm(a.end_minute)}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <h2 id="week">{title}</h2>
      <ZoneNote own={own} shown={tz} extra={t("work.mentor.zones", { zone: mentor.time_zone })} />
      <nav className="pagination" aria-label={t("work.mentor.days")}>
        {schedule.previous_week ? (
          <Link to={withZone({ week: schedule.previous_week })}>{t("work.mentor.previous")}</Link>
        ) : (
          <span className="muted">{t("work.mentor.fromToday")}</span>
        )}
        <Link to={withZone({ week: schedule.next_week })}>{t("work.mentor.next")}</Link>
      </nav>
      {days.size === 0 ? (
        <p className="empty-state" data-testid="no-slots">
          {t("work.mentor.noneThisWeek")}{" "}
          {schedule.next_free ? (
            <Trans
              i18nKey="work.mentor.nextOne"
              values={{ day: dayLabel(schedule.next_free, tz), time: timeLabel(schedule.next_free, tz) }}
              components={{ go: <Link to={withZone({ week: dayKey(schedule.next_free, tz) })} /> }}
            />
          ) : (
            t("work.mentor.noneSoon")
          )}
        </p>
      ) : (
        <div className="week">
          {[...days].map(([key, slots]) => (
            <section key={key} className="week__day" aria-label={dayLabel(slots[0]!.start, tz)}>
              <h3>{dayLabel(slots[0]!.start, tz)}</h3>
              <ul className="list-reset slots">
                {slots.map((s) => (
                  <li key={s.start}>
                    <a
                      className="slot"
                      {...appLink(`/mentors/${mentor.id}/book${withZone({ start: s.start })}`)}
                      data-start={s.start}
                    >
                      <span className="visually-hidden">{t("work.mentor.book", { day: dayLabel(s.start, tz) })} </span>
                      {timeLabel(s.start, tz)}
                      <span className="slot__theirs">
                        {t("work.mentor.theirs", { time: timeLabel(s.start, mentor.time_zone) })}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
