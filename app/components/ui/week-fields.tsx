/**
 * A mentor's week as a form shows it (hours per weekday, Monday first, and days off) and their meeting link, for
 * staff and the mentor alike.
 */
import type { MentorProfile } from "../../../lib/contract";
import { weekdayName } from "../../../lib/days";
import { hoursField } from "../../../lib/office-fields";
import { useIntlLocale } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";
import { Field, TextAreaField } from "./fields";
import { type FieldOf, type PortalForm } from "./form";

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
export function WeekFields({ f, whose }: { f: FieldOf; whose: "own" | "mentor" }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const own = whose === "own";
  return (
    <>
      <fieldset className="form__wide hours-fieldset">
        <legend>{own ? t("mentoring.week.hoursOwn") : t("mentoring.week.hoursMentor")}</legend>
        <p className="field__hint">{t("mentoring.week.hoursNote")}</p>
        <div className="form form--grid">
          {weekShown.map((d) => (
            <Field key={d} label={weekdayName(locale, d)} placeholder={t("mentoring.week.hoursHint")} {...f(hoursField(d))} />
          ))}
        </div>
      </fieldset>
      <div className="form__wide">
        <TextAreaField
          label={t("mentoring.week.daysOff")}
          rows={3}
          hint={own ? t("mentoring.week.daysOffOwn") : t("mentoring.week.daysOffMentor")}
          {...f("time_off")}
        />
      </div>
    </>
  );
}

/** The mentor's standing meeting link, optional: `whose` names them ("every session", "every session of yours"). */
export function MeetingLinkField({ f, whose }: { f: FieldOf; whose: "own" | "mentor" }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("mentoring.week.meetingLink")}
      type="url"
      maxLength={500}
      hint={whose === "own" ? t("mentoring.week.meetingOwn") : t("mentoring.week.meetingMentor")}
      {...f("meeting_url")}
    />
  );
}

/**
 * The booked sessions a new week would leave out (issue 23, point 8), as the API listed them when it refused the
 * save: a choice for each (ask the agent for a new time, or cancel it, refunded in full) and a word for the agents;
 * saving again carries the choices. Nothing shows until a save is refused so.
 */
export function AffectedSessions({ form }: { form: PortalForm }) {
  const { t } = useTranslation();
  const listed = form.fieldErrors.filter(([key]) => /^affected\.\d+$/.test(key));
  if (!listed.length) return null;
  return (
    <fieldset className="field affected" data-testid="affected-sessions">
      <legend>{t("mentoring.week.affected")}</legend>
      <p className="notice">{form.errors("affected")?.[0]}</p>
      {listed.map(([key, [label]]) => (
        <div key={key} className="choices" role="radiogroup" aria-label={label}>
          <p>
            <strong>{label}</strong>
          </p>
          <label className="choice">
            <input type="radio" name={key} value="ask_move" defaultChecked={form.typed(key) !== "cancel"} />{" "}
            {t("mentoring.week.askMove")}
          </label>
          <label className="choice">
            <input type="radio" name={key} value="cancel" defaultChecked={form.typed(key) === "cancel"} />{" "}
            {t("mentoring.week.cancel")}
          </label>
        </div>
      ))}
      <TextAreaField
        label={t("mentoring.week.word")}
        name="affected_reason"
        rows={2}
        maxLength={500}
        defaultValue={form.typed("affected_reason") ?? ""}
        hint={t("mentoring.week.wordHint")}
      />
    </fieldset>
  );
}
