/**
 * A mentor's week as a form shows it (hours per weekday, Monday first, and days off) and their meeting link, for
 * staff and the mentor alike.
 */
import type { MentorProfile } from "../../lib/contract";
import { hoursField, weekdayNames } from "../../lib/office-fields";
import { Field, TextAreaField, type fieldProps } from "./form";

/** The week as the form shows it, Monday first (weekday numbers as the API counts them, Sunday 0). */
export const weekShown = [1, 2, 3, 4, 5, 6, 0];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The week's fields as text: "09:00-12:00, 14:00-17:00" per weekday, a day off a line. */
export function weekText(mentor?: Pick<MentorProfile, "availability" | "time_off">): Record<string, string> {
  const stored: Record<string, string> = {
    time_off: (mentor?.time_off ?? [])
      .map((t) => (t.starts_on === t.ends_on ? t.starts_on : `${t.starts_on} to ${t.ends_on}`))
      .join("\n"),
  };
  for (let d = 0; d < 7; d++) {
    stored[hoursField(d)] = (mentor?.availability ?? [])
      .filter((a) => a.weekday === d)
      .map((a) => `${hhmm(a.start_minute)}-${hhmm(a.end_minute)}`)
      .join(", ");
  }
  return stored;
}

/** The weekly hours and the days off, in the zone `whose` names ("the mentor's", "your"). */
export function WeekFields({ f, whose }: { f: ReturnType<typeof fieldProps>; whose: string }) {
  return (
    <>
      <fieldset className="form__wide hours-fieldset">
        <legend>Weekly hours, in {whose} zone</legend>
        <p className="field__hint">
          Sessions last one hour. Write ranges as 09:00-12:00, with commas between them; leave a day empty for a day off every
          week. A change never cancels a booked session: it changes only the free slots.
        </p>
        <div className="form form--grid">
          {weekShown.map((d) => (
            <Field key={d} label={weekdayNames[d]!} placeholder="e.g. 09:00-12:00, 14:00-17:00" {...f(hoursField(d))} />
          ))}
        </div>
      </fieldset>
      <div className="form__wide">
        <TextAreaField
          label="Days off"
          rows={3}
          hint={`One a line, in ${whose} zone: 2026-12-24, or 2026-12-24 to 2026-12-31. They have no free slots; sessions booked on them stay.`}
          {...f("time_off")}
        />
      </div>
    </>
  );
}

/** The mentor's standing meeting link, optional: `whose` names them ("every session", "every session of yours"). */
export function MeetingLinkField({ f, sessions }: { f: ReturnType<typeof fieldProps>; sessions: string }) {
  return (
    <Field
      label="Standing meeting link (optional)"
      type="url"
      maxLength={500}
      hint={`Used for ${sessions}; without one, each session gets a video room of its own`}
      {...f("meeting_url")}
    />
  );
}
