/** The back office's mentors: a mentor's profile, weekly hours and days off as staff edit them. */
import { z } from "zod";
import type { MentorTexts, Translations } from "../catalogue-texts.js";
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
  timeZoneField,
  translatedList,
  translations,
  type WrittenLanguage,
  writtenLanguage,
} from "./fields.js";
import type { MentorProfile } from "./mentors.js";
import type { PendingEmail } from "./office-accounts.js";
import { activeBody } from "./office-catalogue.js";

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

// ---- endpoints ------------------------------------------------------------------

const staff = ["staff"] as const;
const id = { id: idParam };

export const officeMentorEndpoints = {
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
