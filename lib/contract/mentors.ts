/** Mentors, their weeks and the sessions agents book with them. */
import { z } from "zod";
import { fieldLimits } from "../client-fields.js";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, isRealDate, MAX_ID, pageField, requiredText, timeZoneField, type Page } from "./fields.js";

// ---- mentors and bookings ---------------------------------------------------------

export type Mentor = {
  id: number;
  name: string;
  title: string;
  bio: string;
  expertise: string[];
  languages: string[];
  country_code: string;
  country_name: string;
  time_zone: string;
  rate_minor: number;
  currency: string;
  photo_url: string | null;
};

export type MentorProfile = Mentor & {
  availability: Array<{ weekday: number; start_minute: number; end_minute: number }>;
  /** Days away, both included, in the mentor's zone: no free slots on them */
  time_off: Array<{ starts_on: string; ends_on: string }>;
};

export const mentorListQuery = z.object({
  expertise: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  language: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
});

/** The directory's query: the filters, a page, and how many a page (12 unless said, at most 100). */
export const mentorDirectoryQuery = mentorListQuery.extend({
  page: pageField,
  per_page: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(100).nullable().optional()),
});

/** A page of the directory (each mentor with its next free slot), and every expertise and language to filter by. */
export type MentorDirectory = Page<MentorListItem> & { expertise: string[]; languages: string[] };

/** Times the calendar deals in: a real instant between 2000 and 2100 (both databases store those). */
function inBookableYears(ms: number) {
  return !Number.isNaN(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2100, 0, 1);
}

export const mentorUserBody = z.object({ mentor_id: idParam });

export const scheduleBody = z.object({
  mentor_id: idParam,
  time_zone: timeZoneField.optional(),
  week_start: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the first day as YYYY-MM-DD")
      .refine(isRealDate, "Enter a real date")
      .refine((v) => inBookableYears(Date.parse(`${v}T00:00:00Z`)), "Choose a week between 2000 and 2100")
      .nullable()
      .optional(),
  ),
});

export type Schedule = {
  mentor_id: number;
  /** The mentor, with its weekly hours and days off: a mentor's page needs no second call */
  mentor: MentorProfile;
  mentor_time_zone: string;
  time_zone: string;
  /** The first day of the seven shown (today when none was asked for): never a day already past */
  week_start: string;
  /** Seven days earlier, but never before today; null when the window starts today */
  previous_week: string | null;
  next_week: string;
  slots: Array<{ start: string; end: string }>;
  /** The first free slot from now on, within the booking horizon, wherever it falls; null when there is none */
  next_free: string | null;
};

export type MentorListItem = Mentor & { next_free: string | null };

export const bookBody = z.object({
  mentor_id: idParam,
  client_id: z.coerce
    .number({ invalid_type_error: "Choose a client" })
    .int("Choose a client")
    .positive("Choose a client")
    .max(MAX_ID, "Choose a client"),
  start: z
    .string({ required_error: "Choose a time" })
    .max(64, "Choose a time from the mentor's week")
    .refine((v) => inBookableYears(Date.parse(v)), "Choose a time from the mentor's week"),
  topic: requiredText(fieldLimits.topic, "Topic"),
  /** A session pack credit of the client's to pay with (issue 41): confirmed at once, no checkout */
  credit_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idParam.optional()),
});

export const bookingStatuses = ["held", "confirmed", "released", "canceled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export type Booking = {
  id: number;
  mentor_id: number;
  mentor_name: string;
  mentor_time_zone: string;
  client_id: number;
  client_name: string;
  start_at: string;
  end_at: string;
  topic: string;
  status: BookingStatus;
  held_until: string | null;
  price_minor: number;
  currency: string;
  order_id: number | null;
  refund_status: "due" | "refunded" | null;
  /** Where a confirmed session meets (null until it is paid, and once it is cancelled) */
  join_url: string | null;
  /** The mentor asked for a new time: why, when, and the latest a new time may start (null when not asked) */
  move_request: { reason: string; requested_at: string; until: string } | null;
  /** The client asked to move it and the agent has not answered yet (issue 39): why and when (null when not) */
  client_move_request: { reason: string; requested_at: string } | null;
  /** What the mentor (or the office) marked once it took place: given, the client did not come, the mentor did not */
  outcome: "held" | "client_no_show" | "mentor_no_show" | null;
  /** The client's own zone, when their record has one (else they live by their agent's) */
  client_time_zone: string | null;
  /** The session pack credit that paid for it (null: paid through an order) */
  credit_id: number | null;
};

export const cancelBookingBody = z.object({ id: idParam });

/** A paid session to another free time of the same mentor's. */
export const moveBookingBody = z.object({
  id: idParam,
  start: z
    .string({ required_error: "Choose a new time" })
    .min(1, "Choose a new time")
    .max(64, "Choose a time from the mentor's week")
    .refine((v) => v === "" || inBookableYears(Date.parse(v)), "Choose a time from the mentor's week"),
});

// ---- endpoints ------------------------------------------------------------------

export const mentorEndpoints = {
  mentors: endpoint({
    method: "GET",
    path: "api/mentorlist",
    auth: ["agent"],
    summary: "Active mentors, by expertise and language, with each one's next free slot",
    query: mentorListQuery,
    answer: answer<MentorListItem[]>(),
  }),
  mentorDirectory: endpoint({
    method: "GET",
    path: "api/mentors",
    auth: ["agent"],
    summary: "The mentor directory a page at a time (next free slots for that page only), with the filters' choices",
    query: mentorDirectoryQuery,
    answer: answer<MentorDirectory>(),
  }),
  mentor: endpoint({
    method: "POST",
    path: "api/Mentoruser/list",
    auth: ["agent"],
    summary: "One mentor's profile, hours and time off",
    body: mentorUserBody,
    answer: answer<MentorProfile>(),
  }),
  schedule: endpoint({
    method: "POST",
    path: "api/Mentorbooking",
    auth: ["agent"],
    summary: "A mentor's free slots for a week, in a zone",
    body: scheduleBody,
    answer: answer<Schedule>(),
  }),
  book: endpoint({
    method: "POST",
    path: "api/Mentorbooking/book",
    auth: ["agent"],
    summary: "Holds a slot for a client and puts the session in the cart",
    body: bookBody,
    created: true,
    answer: answer<Booking>(),
  }),
  cancelBooking: endpoint({
    method: "POST",
    path: "api/Mentorbooking/cancel",
    auth: ["agent"],
    summary: "Cancels a session (a paid one is refunded before the cut-off)",
    body: cancelBookingBody,
    answer: answer<Booking>(),
  }),
  moveBooking: endpoint({
    method: "POST",
    path: "api/Mentorbooking/move",
    auth: ["agent"],
    summary:
      "Moves a paid session to another free time of its mentor's (until the cut-off, or, when the mentor asked, until its start): no charge, no refund",
    body: moveBookingBody,
    answer: answer<Booking>(),
  }),
  bookings: endpoint({
    method: "GET",
    path: "api/Mentordetails/list/:agentId",
    auth: ["agent"],
    summary: "The agent's sessions (its own id only)",
    params: { agentId: idParam },
    answer: answer<Booking[]>(),
  }),
};
