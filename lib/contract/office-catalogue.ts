/** The back office's catalogue: jobs, mentors, relocation packages and service plans as staff edit them. */
import { z } from "zod";
import type { MentorTexts, PlanTexts, Translations } from "../catalogue-texts.js";
import { employmentTypes } from "../office-fields.js";
import type { Job, Relocation } from "./catalogue.js";
import { answer, endpoint } from "./endpoint.js";
import {
  blankToNull,
  boundedDay,
  countryCode,
  emailField,
  idParam,
  minorUnits,
  oneLineText,
  optionalText,
  requiredText,
  searchPageQuery,
  timeZoneField,
  type Page,
  type WrittenLanguage,
  writtenLanguage,
} from "./fields.js";
import type { MentorProfile } from "./mentors.js";
import type { PendingEmail } from "./office-accounts.js";

// ---- the back office: catalogue and mentors ---------------------------------

export { employmentTypes };

export const jobInput = z
  .object({
    title: requiredText(150, "Title"),
    company: requiredText(150, "Company"),
    country_code: countryCode("Country").refine((v) => v !== null && v !== undefined, "Choose a country"),
    city: requiredText(100, "City"),
    employment_type: z.enum(employmentTypes, { errorMap: () => ({ message: "Choose a type from the list" }) }),
    description: requiredText(5000, "Description"),
    salary_min_minor: z.preprocess(blankToNull, minorUnits("Lowest salary").nullable().optional()),
    salary_max_minor: z.preprocess(blankToNull, minorUnits("Highest salary").nullable().optional()),
    placement_fee_minor: minorUnits("Placement fee").refine((v) => v > 0, "A placement fee is more than nothing"),
  })
  .refine((j) => j.salary_min_minor == null || j.salary_max_minor == null || j.salary_min_minor <= j.salary_max_minor, {
    message: "The highest salary cannot be below the lowest",
    path: ["salary_max_minor"],
  });
export type JobInput = z.input<typeof jobInput>;
export type OfficeJob = Job & { published: boolean; in_carts: number };

export const publishedBody = z.object({
  published: z.boolean({ required_error: "Say whether it is published", invalid_type_error: "Published must be true or false" }),
});

const hoursRange = z
  .object({
    weekday: z.number().int().min(0).max(6),
    start_minute: z.number().int().min(0).max(1440),
    end_minute: z.number().int().min(0).max(1440),
  })
  .refine((r) => r.start_minute < r.end_minute, "A range ends after it starts");

/** An optional https:// address of at most 500 characters (blank is none), with one message for whatever is wrong. */
function httpsAddress(message: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: message })
      .trim()
      .max(500, "An address has at most 500 characters")
      .refine((v) => {
        try {
          return new URL(v).protocol === "https:" && v.startsWith("https://");
        } catch {
          return false;
        }
      }, message)
      .nullable()
      .optional(),
  );
}

/**
 * The words of a plan or a mentor in Arabic, Spanish and French (issue 37): each language's object replaces what
 * was written in it (a field left out or blank: shown in English); a language left out keeps what it has.
 */
const translations = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ar: z.object(shape).optional(), es: z.object(shape).optional(), fr: z.object(shape).optional() }).optional();
const translatedList = (max: number, label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? null : v),
    z
      .array(requiredText(max, label), { invalid_type_error: `List ${label.toLowerCase()}s` })
      .max(20)
      .nullable()
      .optional(),
  );

export const mentorInput = z.object({
  name: oneLineText(100, "Name"),
  /** Where the mentor signs in and hears of their sessions; blank until staff have one */
  email: z.preprocess(blankToNull, emailField.nullable().optional()),
  title: requiredText(150, "Title"),
  bio: requiredText(2000, "Bio"),
  texts: translations({
    title: optionalText(150, "Title"),
    bio: optionalText(2000, "Bio"),
    expertise: translatedList(60, "An expertise"),
  }),
  expertise: z
    .array(requiredText(60, "An expertise"), { invalid_type_error: "List the expertise" })
    .min(1, "Name one expertise at least")
    .max(12),
  languages: z
    .array(requiredText(40, "A language"), { invalid_type_error: "List the languages" })
    .min(1, "Name one language at least")
    .max(12),
  country_code: countryCode("Country").refine((v) => v !== null && v !== undefined, "Choose a country"),
  time_zone: timeZoneField,
  rate_minor: minorUnits("Rate").refine((v) => v > 0, "A rate is more than nothing"),
  photo_url: httpsAddress("Enter the photo's address, https://…"),
  /** The mentor's standing meeting link, used for every session when set (else each session has a room of its own) */
  meeting_url: httpsAddress("Enter the meeting link's address, https://…"),
  /** The language the mentor's e-mails and invites are written in (left out: unchanged; English for a new mentor) */
  language: writtenLanguage,
  time_off: z
    .array(
      z
        .object({
          starts_on: boundedDay("Enter days as YYYY-MM-DD"),
          ends_on: boundedDay("Enter days as YYYY-MM-DD"),
        })
        .refine((r) => r.starts_on <= r.ends_on, "Time off ends on or after its first day"),
      { invalid_type_error: "List the time off" },
    )
    .max(50)
    .default([]),
  hours: z
    .array(hoursRange, { invalid_type_error: "List the weekly hours" })
    .max(70)
    .refine((ranges) => {
      const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday || a.start_minute - b.start_minute);
      return sorted.every(
        (r, i) => i === 0 || sorted[i - 1]!.weekday !== r.weekday || sorted[i - 1]!.end_minute <= r.start_minute,
      );
    }, "Ranges of one day may not overlap"),
});
/**
 * What to do with each confirmed session a change of hours or days off would leave outside them (issue 23, point 8),
 * by booking id: ask its agent for a new time, or cancel it (refunded in full); with a word for the agent. A change
 * that leaves such sessions without a decision is refused with the list (409, `errors["affected.<id>"]`).
 */
export const sessionDecisions = {
  affected: z
    .record(z.string().regex(/^\d+$/), z.enum(["ask_move", "cancel"], { errorMap: () => ({ message: "Choose what to do" }) }))
    .default({}),
  affected_reason: optionalText(500, "The word for the agents"),
};
export type SessionDecision = "ask_move" | "cancel";

/** The office's edit of a mentor: the mentor's fields, and what to do with sessions the new week leaves out. */
export const mentorEditInput = mentorInput.extend(sessionDecisions);

export type MentorInput = z.input<typeof mentorInput>;
export type MentorValues = z.output<typeof mentorInput>;
/** `signed_up`: the mentor has set a password (through the link staff sent) */
export type OfficeMentor = MentorProfile & {
  /** What the office has written of the mentor in the other languages */
  texts: Translations<MentorTexts>;
  active: boolean;
  upcoming_sessions: number;
  email: string | null;
  signed_up: boolean;
  meeting_url: string | null;
  language: WrittenLanguage;
  /** A change of address waiting for the new address to confirm it */
  pending_email: PendingEmail | null;
};

export const activeBody = z.object({
  active: z.boolean({ required_error: "Say whether it is active", invalid_type_error: "Active must be true or false" }),
});

export const relocationInput = z.object({
  title: requiredText(150, "Title"),
  country_code: countryCode("Country").refine((v) => v !== null && v !== undefined, "Choose a country"),
  city: requiredText(100, "City"),
  description: requiredText(5000, "Description"),
  includes: z
    .array(requiredText(200, "An included service"), { invalid_type_error: "List what is included" })
    .min(1, "Name one included service at least")
    .max(30),
  duration_days: z.coerce
    .number({ invalid_type_error: "Duration must be a number of days" })
    .int("Duration must be whole days")
    .min(1, "At least one day")
    .max(365, "At most 365 days"),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
});
export type RelocationInput = z.input<typeof relocationInput>;
export type RelocationValues = z.output<typeof relocationInput>;
export type OfficeRelocation = Relocation & { published: boolean; in_carts: number };

export const planInput = z.object({
  service_id: z.coerce
    .number({ invalid_type_error: "Choose a service" })
    .int("Choose a service")
    // The three services, 1 to 3.
    .min(1, "Choose a service")
    .max(3, "Choose a service"),
  name: oneLineText(100, "Name"),
  description: requiredText(2000, "Description"),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
  /** What the plan includes, one item a line on its public card (left out: unchanged; none for a new plan) */
  includes: z
    .array(requiredText(200, "An included item"), { invalid_type_error: "List what is included" })
    .max(20, "At most 20 items")
    .optional(),
  texts: translations({
    name: optionalText(100, "Name"),
    description: optionalText(2000, "Description"),
    includes: translatedList(200, "An included item"),
  }),
});
export type PlanInput = z.input<typeof planInput>;
export type PlanValues = z.output<typeof planInput>;
export type OfficePlan = {
  id: number;
  service_id: number;
  service_name: string;
  name: string;
  description: string;
  includes: string[];
  /** What the office has written in the other languages */
  texts: Translations<PlanTexts>;
  price_minor: number;
  currency: string;
  published: boolean;
  in_carts: number;
};

// ---- endpoints ------------------------------------------------------------------

const staff = ["staff"] as const;
const id = { id: idParam };

export const officeCatalogueEndpoints = {
  officeJobs: endpoint({
    method: "GET",
    path: "office/jobs",
    auth: staff,
    summary: "Every job, published or not",
    query: searchPageQuery,
    answer: answer<Page<OfficeJob>>(),
  }),
  officeJob: endpoint({
    method: "GET",
    path: "office/jobs/:id",
    auth: staff,
    summary: "One job",
    params: id,
    answer: answer<OfficeJob>(),
  }),
  createJob: endpoint({
    method: "POST",
    path: "office/jobs",
    auth: staff,
    summary: "Adds a job",
    body: jobInput,
    created: true,
    answer: answer<OfficeJob>(),
  }),
  editJob: endpoint({
    method: "POST",
    path: "office/jobs/:id",
    auth: staff,
    summary: "Edits a job",
    params: id,
    body: jobInput,
    answer: answer<OfficeJob>(),
  }),
  setJobPublished: endpoint({
    method: "POST",
    path: "office/jobs/:id/published",
    auth: staff,
    summary: "Shows a job to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficeJob>(),
  }),
  officeRelocations: endpoint({
    method: "GET",
    path: "office/relocations",
    auth: staff,
    summary: "Every relocation package",
    answer: answer<OfficeRelocation[]>(),
  }),
  officeRelocation: endpoint({
    method: "GET",
    path: "office/relocations/:id",
    auth: staff,
    summary: "One relocation package",
    params: id,
    answer: answer<OfficeRelocation>(),
  }),
  createRelocation: endpoint({
    method: "POST",
    path: "office/relocations",
    auth: staff,
    summary: "Adds a relocation package",
    body: relocationInput,
    created: true,
    answer: answer<OfficeRelocation>(),
  }),
  editRelocation: endpoint({
    method: "POST",
    path: "office/relocations/:id",
    auth: staff,
    summary: "Edits a relocation package",
    params: id,
    body: relocationInput,
    answer: answer<OfficeRelocation>(),
  }),
  setRelocationPublished: endpoint({
    method: "POST",
    path: "office/relocations/:id/published",
    auth: staff,
    summary: "Shows a package to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficeRelocation>(),
  }),
  officePlans: endpoint({
    method: "GET",
    path: "office/plans",
    auth: staff,
    summary: "Every service plan",
    answer: answer<OfficePlan[]>(),
  }),
  officePlan: endpoint({
    method: "GET",
    path: "office/plans/:id",
    auth: staff,
    summary: "One service plan",
    params: id,
    answer: answer<OfficePlan>(),
  }),
  createPlan: endpoint({
    method: "POST",
    path: "office/plans",
    auth: staff,
    summary: "Adds a service plan",
    body: planInput,
    created: true,
    answer: answer<OfficePlan>(),
  }),
  editPlan: endpoint({
    method: "POST",
    path: "office/plans/:id",
    auth: staff,
    summary: "Edits a service plan",
    params: id,
    body: planInput,
    answer: answer<OfficePlan>(),
  }),
  setPlanPublished: endpoint({
    method: "POST",
    path: "office/plans/:id/published",
    auth: staff,
    summary: "Shows a plan to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficePlan>(),
  }),
  officeMentors: endpoint({
    method: "GET",
    path: "office/mentors",
    auth: staff,
    summary: "Every mentor, active or not",
    answer: answer<OfficeMentor[]>(),
  }),
  officeMentor: endpoint({
    method: "GET",
    path: "office/mentors/:id",
    auth: staff,
    summary: "One mentor",
    params: id,
    answer: answer<OfficeMentor>(),
  }),
  createMentor: endpoint({
    method: "POST",
    path: "office/mentors",
    auth: staff,
    summary: "Adds a mentor",
    body: mentorInput,
    created: true,
    answer: answer<OfficeMentor>(),
  }),
  editMentor: endpoint({
    method: "POST",
    path: "office/mentors/:id",
    auth: staff,
    summary:
      "Edits a mentor's profile, hours and time off; confirmed sessions the new week leaves out need a decision each (ask for a move, or cancel and refund)",
    params: id,
    body: mentorEditInput,
    answer: answer<OfficeMentor>(),
  }),
  setMentorActive: endpoint({
    method: "POST",
    path: "office/mentors/:id/active",
    auth: staff,
    summary: "Makes a mentor bookable and able to sign in, or not (their sessions end)",
    params: id,
    body: activeBody,
    answer: answer<OfficeMentor>(),
  }),
  mentorPasswordLink: endpoint({
    method: "POST",
    path: "office/mentors/:id/password-link",
    auth: staff,
    summary: "Invites a mentor: a one-time set-password link, e-mailed and answered (earlier ones stop working)",
    params: id,
    answer: answer<{ password_link: string; link_expires_at: string }>(),
  }),
};
