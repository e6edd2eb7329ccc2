/**
 * The mentor form's action, for adding and editing alike: lists typed with commas, the rate in dollars and the
 * weekly hours as "09:00-12:00, 14:00-18:00" per weekday, checked and sent to the API; errors beside the fields.
 */
import type { AppLoadContext } from "@remix-run/node";
import { mentorTextFields, textsFromForm, translatedFieldOf, translatedFields } from "../../lib/catalogue-texts.js";
import type { MentorInput, OfficeMentor } from "../../lib/contract.js";
import { formField } from "../../lib/field-errors.js";
import { hoursField, mentorFields, weekdayNames } from "../../lib/office-fields.js";
import { dollarsOf, saveCatalogueForm } from "./office-catalogue.server.js";
import { mentorInput } from "./schemas.server.js";

const toMinutes = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h <= 24 && min < 60 && h * 60 + min <= 1440 ? h * 60 + min : null;
};

/** "09:00-12:00, 14:00-18:00" → ranges in minutes, or the reason it is not that. */
export function parseHours(text: string): Array<{ start_minute: number; end_minute: number }> | string {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges: Array<{ start_minute: number; end_minute: number }> = [];
  for (const part of parts) {
    const [from, to, extra] = part.split(/\s*[-–]\s*/);
    const start = from === undefined ? null : toMinutes(from);
    const end = to === undefined ? null : toMinutes(to);
    if (extra !== undefined || start === null || end === null) return "Write hours as 09:00-12:00, with commas between ranges";
    if (start >= end) return `${part}: a range ends after it starts`;
    ranges.push({ start_minute: start, end_minute: end });
  }
  ranges.sort((a, b) => a.start_minute - b.start_minute);
  if (ranges.some((r, i) => i > 0 && ranges[i - 1]!.end_minute > r.start_minute)) return "These ranges overlap";
  return ranges;
}

/** "2026-12-24 to 2026-12-31" (or one day) a line → ranges of days, or the reason a line is not one. */
export function parseTimeOff(text: string): Array<{ starts_on: string; ends_on: string }> | string {
  const ranges: Array<{ starts_on: string; ends_on: string }> = [];
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d{4}-\d{2}-\d{2})(?:\s*(?:to|-|–)\s*(\d{4}-\d{2}-\d{2}))?$/.exec(line);
    if (!m) return `${line}: write a day as 2026-12-24, or days as 2026-12-24 to 2026-12-31`;
    ranges.push({ starts_on: m[1]!, ends_on: m[2] ?? m[1]! });
  }
  return ranges;
}

/** The week's fields (hours per weekday, days off) as the API's ranges; what cannot be read, said beside its field. */
export function weekOf(values: Record<string, string>, fieldErrors: Record<string, string[]>) {
  const hours: MentorInput["hours"] = [];
  weekdayNames.forEach((_, weekday) => {
    const parsed = parseHours(values[hoursField(weekday)] ?? "");
    if (typeof parsed === "string") fieldErrors[hoursField(weekday)] = [parsed];
    else hours.push(...parsed.map((r) => ({ weekday, ...r })));
  });
  const timeOff = parseTimeOff(values.time_off ?? "");
  if (typeof timeOff === "string") fieldErrors.time_off = [timeOff];
  return { hours, time_off: typeof timeOff === "string" ? [] : timeOff };
}

/** Comma-separated text as a list ("Interviews, Salary negotiation"). */
export const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const mentorForm = {
  fields: [...mentorFields, ...translatedFields(mentorTextFields)],
  schema: mentorInput,
  toBody: (values: Record<string, string>, fieldErrors: Record<string, string[]>): MentorInput => {
    const week = weekOf(values, fieldErrors);
    return {
      name: values.name!,
      email: values.email,
      title: values.title!,
      bio: values.bio!,
      expertise: list(values.expertise!),
      languages: list(values.languages!),
      country_code: values.country_code,
      time_zone: values.time_zone,
      rate_minor: dollarsOf(values, "rate", fieldErrors, { missing: rate, wrong: rate }) ?? 0,
      photo_url: values.photo_url,
      meeting_url: values.meeting_url,
      language: values.language,
      texts: textsFromForm(mentorTextFields, values),
      ...week,
    };
  },
  // The weekly hours are checked in toBody, range by range, beside their own inputs.
  fieldOf: (path: readonly (string | number)[]) => (path[0] === "hours" ? null : (translatedFieldOf(path) ?? rateField(path))),
  back: "/office/mentors",
  name: (mentor: OfficeMentor) => mentor.name,
  decisions: true as const,
};
const rateField = formField({ rate_minor: "rate" });
const rate = "Enter the hourly rate in dollars, e.g. 95";

export function saveMentor(
  request: Request,
  context: AppLoadContext,
  save: (body: MentorInput) => Promise<OfficeMentor>,
  done: string,
) {
  return saveCatalogueForm(request, context, mentorForm, save, done);
}
