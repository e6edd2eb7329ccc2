import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { dayKey, dayLabel, timeLabel, viewerZone } from "../lib/dates";
import { formatMoney } from "../lib/money";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.mentor.name} · Waypoint Consultancy` : "Mentor not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const url = new URL(request.url);
  const week = url.searchParams.get("week");
  const tz = viewerZone(request, agent.time_zone);
  const [mentor, schedule] = await Promise.all([
    api.mentor(id),
    api.schedule({ mentor_id: id, time_zone: tz, ...(week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? { week_start: week } : {}) }),
  ]).catch((e) => apiLoaderError(e, request));
  return json({ mentor, schedule, tzFromUrl: url.searchParams.has("tz") });
}

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

export default function MentorPage() {
  const { mentor, schedule, tzFromUrl } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const location = useLocation();
  const tz = schedule.time_zone;

  // With JavaScript, show the week in the browser's own zone.
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!tzFromUrl && browserZone && browserZone !== tz) {
      const params = new URLSearchParams(location.search);
      params.set("tz", browserZone);
      navigate(`?${params}`, { replace: true, preventScrollReset: true });
    }
  }, [tzFromUrl, tz, location.search, navigate]);

  const days = new Map<string, typeof schedule.slots>();
  for (const slot of schedule.slots) {
    const key = dayKey(slot.start, tz);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  const weekParams = (week: string) => `?${new URLSearchParams({ week, tz })}`;

  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentors">Mentors</Link>
      </p>
      <h1>{mentor.name}</h1>
      <p className="lead">{mentor.title}</p>
      <div className="section--split">
        <div>
          <p>{mentor.bio}</p>
          <dl className="details">
            <div>
              <dt>Expertise</dt>
              <dd>{mentor.expertise.join(", ")}</dd>
            </div>
            <div>
              <dt>Languages</dt>
              <dd>{mentor.languages.join(", ")}</dd>
            </div>
            <div>
              <dt>Based in</dt>
              <dd>
                {mentor.country_name} ({mentor.time_zone})
              </dd>
            </div>
            <div>
              <dt>Rate</dt>
              <dd>{formatMoney(mentor.rate_minor, mentor.currency)} an hour</dd>
            </div>
          </dl>
        </div>
        <div>
          <h2>Weekly hours ({mentor.time_zone})</h2>
          <ul className="list-reset hours">
            {mentor.availability.map((a) => (
              <li key={`${a.weekday}-${a.start_minute}`}>
                {weekdays[a.weekday]} {hhmm(a.start_minute)}–{hhmm(a.end_minute)}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <h2 id="week">Free sessions, week of {dayLabel(`${schedule.week_start}T12:00:00Z`, "UTC")}</h2>
      <p className="muted" data-testid="zones">
        Times in your zone, {tz}; the mentor's zone is {mentor.time_zone}. Sessions last one hour.
      </p>
      <nav className="pagination" aria-label="Weeks">
        <Link to={weekParams(schedule.previous_week)}>← Previous week</Link>
        <Link to={weekParams(schedule.next_week)}>Next week →</Link>
      </nav>
      {days.size === 0 ? (
        <p className="empty-state">No free session this week. Try the next one.</p>
      ) : (
        <div className="week">
          {[...days].map(([key, slots]) => (
            <section key={key} className="week__day" aria-label={dayLabel(slots[0]!.start, tz)}>
              <h3>{dayLabel(slots[0]!.start, tz)}</h3>
              <ul className="list-reset slots">
                {slots.map((s) => (
                  <li key={s.start}>
                    <Link
                      className="slot"
                      to={`/mentors/${mentor.id}/book?${new URLSearchParams({ start: s.start, tz })}`}
                      data-start={s.start}
                    >
                      <span className="visually-hidden">Book {dayLabel(s.start, tz)} </span>
                      {timeLabel(s.start, tz)}
                      <span className="slot__theirs">{timeLabel(s.start, mentor.time_zone)} theirs</span>
                    </Link>
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
