/**
 * The mentor's own forms (their week, their profile): read as the office's mentor form reads the same fields
 * (office-mentors.server.ts), checked with the API's schemas, saved through the mentor's own calls.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { MentorHoursBody, MentorOwnProfile, MentorProfileBody } from "../../lib/contract.js";
import { mentorProfileFields, mentorWeekFields } from "../../lib/office-fields.js";
import { saveCatalogueForm } from "./office-catalogue.server.js";
import { list, weekOf } from "./office-mentors.server.js";
import { mentorHoursBody, mentorProfileBody } from "./schemas.server.js";

const hoursForm = {
  fields: mentorWeekFields,
  schema: mentorHoursBody,
  toBody: (values: Record<string, string>, fieldErrors: Record<string, string[]>): MentorHoursBody => weekOf(values, fieldErrors),
  // Each weekday's ranges are checked as they are read, beside their own input; days off beside theirs.
  fieldOf: (path: readonly (string | number)[]) => (path[0] === "time_off" ? "time_off" : null),
  back: "/mentoring/hours",
  name: () => "Your week",
  decisions: true as const,
};

const profileForm = {
  fields: mentorProfileFields,
  schema: mentorProfileBody,
  toBody: (values: Record<string, string>): Omit<MentorProfileBody, "affected"> => ({
    bio: values.bio!,
    expertise: list(values.expertise!),
    languages: list(values.languages!),
    time_zone: values.time_zone!,
    meeting_url: values.meeting_url,
    language: values.language,
  }),
  fieldOf: (path: readonly (string | number)[]) => String(path[0] ?? "") || null,
  back: "/mentoring/profile",
  name: () => "Your profile",
  decisions: true as const,
};

export function saveWeek(request: Request, context: AppLoadContext, save: (body: MentorHoursBody) => Promise<MentorOwnProfile>) {
  return saveCatalogueForm(request, context, hoursForm, save, "saved");
}

export function saveProfile(
  request: Request,
  context: AppLoadContext,
  save: (body: MentorProfileBody) => Promise<MentorOwnProfile>,
) {
  return saveCatalogueForm(request, context, profileForm, save, "saved");
}
