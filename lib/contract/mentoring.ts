/** The mentor's own area: the sessions they give (issue 23). */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { idParam, requiredText, type WrittenLanguage } from "./fields.js";
import type { MentorProfile } from "./mentors.js";
import { mentorInput, sessionDecisions } from "./office-mentors.js";

/**
 * One session as its mentor sees it: who it is for by first name and last initial, what it is about, and the agent
 * who booked it (to reach them). Never the client's passport, date of birth, phone or documents, nor the price.
 */
export type MentorSession = {
  id: number;
  start_at: string;
  end_at: string;
  /** confirmed (paid) | canceled */
  status: "confirmed" | "canceled";
  topic: string;
  /** "Ana P." */
  client: string;
  agent: { name: string; email: string };
  /** Where it meets (a confirmed session's only) */
  join_url: string | null;
  /** What became of it, once marked: held (with the mentor's summary), the client did not come, or (staff's word,
   * refunded) the mentor did not */
  outcome: SessionOutcome | "mentor_no_show" | null;
  outcome_summary: string | null;
  /** The mentor asked the agent for a new time (and why); null when not, or once the session moved */
  move_requested: { reason: string; at: string } | null;
};

/** The mentor cannot give a session at its time: why, for the agent, who chooses a new one. */
export const moveRequestBody = z.object({ reason: requiredText(500, "Reason") });

export const sessionOutcomes = ["held", "client_no_show"] as const;
export type SessionOutcome = (typeof sessionOutcomes)[number];

/** The mentor marks a session that has started: held, with a few lines for the agent; or the client did not come. */
export const outcomeBody = z
  .object({
    outcome: z.enum(sessionOutcomes, { errorMap: () => ({ message: "Say whether the session was held" }) }),
    summary: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ invalid_type_error: "The summary must be text" }).max(1000, "A summary has at most 1,000 characters").optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === "held" && !v.summary) {
      ctx.addIssue({
        code: "custom",
        path: ["summary"],
        message: "Write a few lines for the agent: what you covered, what is next",
      });
    }
  });
export type OutcomeBody = z.input<typeof outcomeBody>;

/** The mentor's agenda: upcoming sessions soonest first, then past ones newest first (the last 50). */
export type MentorAgenda = { time_zone: string; upcoming: MentorSession[]; past: MentorSession[] };

/** What a mentor keeps of their own profile: how agents read them, their zone and where they meet. */
export const mentorProfileBody = mentorInput
  .pick({
    bio: true,
    expertise: true,
    languages: true,
    time_zone: true,
    meeting_url: true,
    language: true,
  })
  // A new zone moves the week's hours: confirmed sessions it leaves out need a decision, as a change of hours does.
  .extend(sessionDecisions);
export type MentorProfileBody = z.input<typeof mentorProfileBody>;

/** Their weekly hours and days off, with the office's rules (ranges of a day never overlap, days as YYYY-MM-DD). */
export const mentorHoursBody = mentorInput.pick({ hours: true, time_off: true }).extend(sessionDecisions);
export type MentorHoursBody = z.input<typeof mentorHoursBody>;

/** The mentor's own profile as they edit it: what agents see of them, their week and where they meet. */
export type MentorOwnProfile = MentorProfile & { meeting_url: string | null; language: WrittenLanguage };

/** A calendar month, YYYY-MM (this month when absent). */
export const statementQuery = z.object({
  month: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ invalid_type_error: "Choose a month" })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM")
      .refine((v) => v >= "2000-01" && v <= "2100-12", "Choose a month as YYYY-MM")
      .optional(),
  ),
});

/**
 * What the consultancy owes a mentor for a month (in the mentor's zone): the sessions that took place (held, or the
 * client did not come: the mentor was there), each at the mentor's rate when it was booked. A session refunded
 * because the mentor did not come counts nothing, and one nobody has marked yet is listed apart, not counted.
 */
export type MentorStatement = {
  mentor: { id: number; name: string; time_zone: string };
  month: string;
  lines: Array<{
    booking_id: number;
    start_at: string;
    client: string;
    minutes: number;
    outcome: SessionOutcome;
    rate_minor: number;
    currency: string;
  }>;
  total_minor: number;
  currency: string;
  /** Sessions of the month still to be marked: not counted until they are */
  unmarked: number;
};

export const mentoringEndpoints = {
  mentorStatement: endpoint({
    method: "GET",
    path: "mentor/statement",
    auth: ["mentor"],
    summary: "What the signed-in mentor is owed for a month: the sessions that took place, at their rate",
    query: statementQuery,
    answer: answer<MentorStatement>(),
  }),
  officeMentorStatement: endpoint({
    method: "GET",
    path: "office/mentors/:id/statement",
    auth: ["staff"],
    summary: "What a mentor is owed for a month, as the mentor sees it",
    params: { id: idParam },
    query: statementQuery,
    answer: answer<MentorStatement>(),
  }),
  mentorProfile: endpoint({
    method: "GET",
    path: "mentor/profile",
    auth: ["mentor"],
    summary: "The signed-in mentor's profile, weekly hours and days off",
    answer: answer<MentorOwnProfile>(),
  }),
  saveMentorProfile: endpoint({
    method: "POST",
    path: "mentor/profile",
    auth: ["mentor"],
    summary: "The mentor's bio, expertise, languages, zone and standing meeting link (audited as the mentor's)",
    body: mentorProfileBody,
    answer: answer<MentorOwnProfile>(),
  }),
  markOutcome: endpoint({
    method: "POST",
    path: "mentor/sessions/:id/outcome",
    auth: ["mentor"],
    summary: "Marks one of the mentor's sessions, once started: held (with a summary for the agent) or the client did not come",
    params: { id: idParam },
    body: outcomeBody,
    answer: answer<MentorSession>(),
  }),
  requestMove: endpoint({
    method: "POST",
    path: "mentor/sessions/:id/move-request",
    auth: ["mentor"],
    summary:
      "The mentor asks the agent to move one of their paid sessions still to come (with a reason): the agent is told and chooses a new time, or it is cancelled and refunded at its start",
    params: { id: idParam },
    body: moveRequestBody,
    answer: answer<MentorSession>(),
  }),
  saveMentorHours: endpoint({
    method: "POST",
    path: "mentor/hours",
    auth: ["mentor"],
    summary:
      "The mentor's weekly hours and days off (audited as the mentor's); confirmed sessions the new week leaves out need a decision each",
    body: mentorHoursBody,
    answer: answer<MentorOwnProfile>(),
  }),
  mentorAgenda: endpoint({
    method: "GET",
    path: "mentor/sessions",
    auth: ["mentor"],
    summary: "The signed-in mentor's sessions: upcoming, then past",
    answer: answer<MentorAgenda>(),
  }),
};
