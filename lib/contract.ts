/**
 * The API contract: request schemas (zod) and answer types, imported by the API to
 * validate and by the portal's client to type its calls. JSON field names are
 * snake_case, as in the spec's own payloads (`client_id`).
 */
import { z } from "zod";
import { clientFieldNames, clientStatuses, clientStatusLabels, fieldLimits } from "./client-fields.js";
import {
  documentKindNames,
  documentKinds,
  documentsByService,
  documentStatuses,
  documentStatusLabels,
  documentTypes,
  EXPIRY_NOTICE_DAYS,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type DocumentStatus,
  type DocumentType,
} from "./documents.js";
import { isTimeZone } from "./intl.js";

// ---- envelope ---------------------------------------------------------------

export type FieldErrors = Record<string, string[]>;
export type ApiSuccess<T> = { status: true; data: T };
export type ApiFailure = { status: false; message: string; errors?: FieldErrors };
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

// ---- agent ------------------------------------------------------------------

export const emailField = z
  .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .max(fieldLimits.email, "Email is too long")
  .email("Enter a valid email address")
  .transform((v) => v.toLowerCase());

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password must be text" })
    .min(1, "Password is required")
    .max(fieldLimits.password, "Password is too long"),
  /** The browser's zone (sent by the sign-in form with JavaScript): it becomes the agent's own until one is chosen */
  time_zone: z
    .string()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((tz) => (tz && isTimeZone(tz) ? tz : undefined)),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokencheckBody = z.object({ token: z.string().max(200).optional() }).passthrough();

export type AgentPublic = { id: number; name: string; email: string; time_zone: string };

export type LoginData = { token: string; expires_at: string; agent: AgentPublic };
export type TokencheckData = { agent: AgentPublic; expires_at: string };

// ---- cart -------------------------------------------------------------------

export const itemTypes = ["service_plan", "job", "relocation", "mentor_booking"] as const;
export type ItemType = (typeof itemTypes)[number];

export type CartItem = {
  id: number;
  client_id: number;
  client_name: string;
  item_type: ItemType;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
  created_at: string;
  /** For a mentor session: when it is, and its hold (`released` once the hold lapsed: book again) */
  session: CartSession | null;
  /** False once staff unpublished the job, package or plan (or made the mentor inactive): remove it to pay */
  offered: boolean;
};

export type CartSession = {
  mentor_id: number;
  mentor_name: string;
  start_at: string;
  topic: string;
  status: "held" | "confirmed" | "released" | "canceled";
  /** Until when the slot is held for this cart (null once paid or released) */
  held_until: string | null;
};

// ---- ids in paths -----------------------------------------------------------

export const idParam = z.coerce
  .number({ invalid_type_error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(2_147_483_647, "is too large");

// ---- helpers for form-shaped input -------------------------------------------

/** A YYYY-MM-DD that names a day of the calendar (not 2025-02-30). */
function isRealDate(v: string) {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}

/** A YYYY-MM-DD of a real day, 2000 to 2100: what every date filter and range may name (issue 21: year 0 or
 * 9999 reached PostgreSQL's date arithmetic and failed there as a 500). */
const boundedDay = (format: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine(isRealDate, "Enter a real date")
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", "Choose a date between 2000 and 2100");

/** "" and whitespace become null, so an empty form field and a missing JSON field mean the same. */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );
const requiredText = (max: number, label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A required text of at most `max` characters, with messages naming `label` (also for the command-line tools). */
export const requiredTextField = requiredText;

export const countryCode = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : v),
    z
      .string({ invalid_type_error: `${label} must be a country code` })
      .regex(/^[A-Z]{2}$/, `${label} must be a country from the list`)
      .nullable()
      .optional(),
  );

// ---- clients ----------------------------------------------------------------

export { clientFieldNames, clientStatuses, clientStatusLabels };

const today = () => new Date().toISOString().slice(0, 10);

export const clientInput = z.object({
  first_name: requiredText(fieldLimits.first_name, "First name"),
  last_name: requiredText(fieldLimits.last_name, "Last name"),
  email: emailField,
  phone: z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: "Phone must be text" })
      .trim()
      .max(fieldLimits.phone, `Phone must be at most ${fieldLimits.phone} characters`)
      .regex(/^\+?[0-9][0-9 ().-]*$/, "Enter a phone number: digits, spaces, and an optional leading +")
      .refine((v) => {
        const digits = v.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15;
      }, "A phone number has 7 to 15 digits")
      .nullable()
      .optional(),
  ),
  nationality: countryCode("Nationality"),
  current_country: countryCode("Current country"),
  destination_country: countryCode("Destination country"),
  date_of_birth: z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: "Date of birth must be a date" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD")
      .refine(isRealDate, "Enter a real date")
      .refine((v) => v < today(), "Date of birth must be in the past")
      .refine((v) => v >= "1900-01-01", "Date of birth must be after 1900")
      .nullable()
      .optional(),
  ),
  passport_number: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.replace(/\s+/g, "").toUpperCase()) : v),
    z
      .string({ invalid_type_error: "Passport number must be text" })
      .regex(
        new RegExp(`^[A-Z0-9]{5,${fieldLimits.passport_number}}$`),
        `A passport number has 5 to ${fieldLimits.passport_number} letters and digits`,
      )
      .nullable()
      .optional(),
  ),
  status: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? "active" : v),
    z.enum(clientStatuses, { errorMap: () => ({ message: "Choose a status from the list" }) }),
  ),
  notes: optionalText(fieldLimits.notes, "Notes"),
});
export type ClientInput = z.input<typeof clientInput>;
export type ClientValues = z.output<typeof clientInput>;

export const clientEditInput = clientInput.extend({ id: idParam });

export type Client = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  nationality: string | null;
  current_country: string | null;
  destination_country: string | null;
  date_of_birth: string | null;
  passport_number: string | null;
  status: (typeof clientStatuses)[number];
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the client was "deleted" but had orders or bookings: kept, out of the lists */
  archived_at: string | null;
  /** In lists: when something last happened for the client (its newest timeline line, else its last edit) */
  last_activity_at?: string;
};

/** What deleting a client did: deleted outright, or archived because it has orders or bookings. */
export type ClientDeleted = { deleted: boolean; archived: boolean; removed_cart_items: number };

export const clientSorts = ["name", "destination", "status", "activity"] as const;
export const clientListQuery = z.object({
  q: z.preprocess(blankToNull, z.string().trim().max(100, "Search must be at most 100 characters").nullable().optional()),
  page: z.preprocess(blankToNull, z.coerce.number().int().min(1, "Page must be 1 or more").max(100000).nullable().optional()),
  per_page: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(100, "At most 100 per page").nullable().optional()),
  /** name, destination, status or last activity; newest added first when absent */
  sort: z.preprocess(
    blankToNull,
    z
      .enum(clientSorts, { errorMap: () => ({ message: "Sort by name, destination, status or last activity" }) })
      .nullable()
      .optional(),
  ),
  dir: z.preprocess(blankToNull, z.enum(["asc", "desc"]).nullable().optional()),
  status: z.preprocess(
    blankToNull,
    z
      .enum(clientStatuses, { errorMap: () => ({ message: "Choose a status from the list" }) })
      .nullable()
      .optional(),
  ),
  destination: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, "Choose a country from the list")
      .transform((c) => c.toUpperCase())
      .nullable()
      .optional(),
  ),
  /** "1": only clients with something needing attention (a hold lapsing, a session within 24 h, a cart item waiting over 7 days, a refund due) */
  attention: z.preprocess(blankToNull, z.enum(["1"]).nullable().optional()),
});
export type ClientListQuery = z.output<typeof clientListQuery>;

export type Page<T> = { items: T[]; page: number; per_page: number; total: number; pages: number };
/** One line of a client's case file: something that happened (`kind` client.created, cart.added, order.paid, …) or a note. */
export type TimelineEntry = {
  id: string;
  at: string;
  kind: string;
  summary: string;
  /** What it links to: order:12, booking:7 */
  ref: string | null;
  /** A note's author */
  author: string | null;
};
/** Something that needs the agent, most urgent first: where it is resolved (`to`) and what to do there (`action`). */
export type AttentionItem = {
  kind: "hold_lapsing" | "session_soon" | "refund_due" | "document_expiring" | "document_missing" | "cart_waiting";
  client_id: number;
  client_name: string;
  summary: string;
  /** When the hold lapses, the session starts, the document expires, the item was added; null for a refund due or a missing document */
  at: string | null;
  to: string;
  action: string;
};
export type ClientView = {
  client: Client;
  cart: CartItem[];
  timeline: TimelineEntry[];
  attention: AttentionItem[];
  documents: ClientDocument[];
};
export const noteBody = z.object({
  body: z
    .string({ required_error: "Write the note", invalid_type_error: "Note must be text" })
    .trim()
    .min(1, "Write the note")
    .max(2000, "A note has at most 2,000 characters"),
});

// ---- documents (the case file's checklist) -------------------------------------

export {
  documentKinds,
  documentKindNames,
  documentsByService,
  documentStatuses,
  documentStatusLabels,
  documentTypes,
  MAX_DOCUMENT_BYTES,
  EXPIRY_NOTICE_DAYS,
  type DocumentKind,
  type DocumentStatus,
  type DocumentType,
};

export type DocumentFile = { id: number; file_name: string; content_type: string; size_bytes: number; uploaded_at: string };
export type ClientDocument = {
  id: number;
  client_id: number;
  kind: DocumentKind;
  /** The kind's name, or the agent's title for an "other" document */
  title: string;
  /** The service that asked for it ("Job Placement"), or null when the agent added it */
  service: string | null;
  status: DocumentStatus;
  /** YYYY-MM-DD */
  expires_on: string | null;
  accepted_at: string | null;
  /** The current file (the newest upload) */
  file: DocumentFile | null;
  created_at: string;
};
/** One document with every file uploaded for it, newest first. */
export type DocumentDetail = ClientDocument & { client_name: string; files: DocumentFile[] };

const expiryDate = z.preprocess(
  blankToNull,
  z
    .string({ invalid_type_error: "Expiry date must be a date" })
    .superRefine((v, ctx) => {
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(v)
        ? "Enter the date as YYYY-MM-DD"
        : !isRealDate(v)
          ? "Enter a real date"
          : v < "1990-01-01" || v > "2199-12-31"
            ? "Enter an expiry date between 1990 and 2199"
            : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .nullable()
    .optional(),
);
export const documentAddBody = z.object({ title: requiredText(80, "Document name") });
export const documentExpiryBody = z.object({ expires_on: expiryDate });
/** The query of an upload (the bytes are the body): the file's name as the agent's computer had it, and an expiry. */
export const documentUploadQuery = z.object({
  // Any length a file system allows; the API keeps the last path segment, at most 120 characters (cleanFileName).
  name: requiredText(1000, "File name"),
  expires_on: expiryDate,
});

// ---- catalogue --------------------------------------------------------------

export type Country = { code: string; name: string };

export type Job = {
  id: number;
  title: string;
  company: string;
  country_code: string;
  country_name: string;
  city: string;
  employment_type: string;
  description: string;
  salary_min_minor: number | null;
  salary_max_minor: number | null;
  salary_currency: string | null;
  placement_fee_minor: number;
  currency: string;
  posted_at: string;
};

export type Relocation = {
  id: number;
  title: string;
  country_code: string;
  country_name: string;
  city: string;
  description: string;
  includes: string[];
  duration_days: number;
  price_minor: number;
  currency: string;
};

export const catalogueQuery = z.object({
  country: countryCode("Country"),
  q: z.preprocess(blankToNull, z.string().trim().max(100, "Search must be at most 100 characters").nullable().optional()),
});

export type ServicePlan = {
  id: number;
  service_id: number;
  service_name: string;
  name: string;
  description: string;
  price_minor: number;
  currency: string;
  in_cart: boolean;
};

export const servicePlanBody = z.object({ client_id: idParam });

// ---- cart -------------------------------------------------------------------

export const addCartBody = z.object({
  client_id: idParam,
  item_type: z.enum(["service_plan", "job", "relocation"], {
    errorMap: () => ({ message: "Item type must be service_plan, job or relocation" }),
  }),
  item_id: idParam,
});
export const jobServicesBody = z.object({ client_id: idParam, job_id: idParam });
export const deleteCartBody = z.object({ id: idParam });

// ---- dashboard and contact ---------------------------------------------------

export type DashboardCounts = {
  clients: number;
  cart_items: number;
  open_bookings: number;
  paid_orders: number;
  jobs: number;
  relocations: number;
};

export const contactBody = z.object({
  name: requiredText(fieldLimits.name, "Name"),
  email: emailField,
  phone: clientInput.shape.phone,
  subject: requiredText(fieldLimits.subject, "Subject"),
  message: requiredText(fieldLimits.message, "Message").refine(
    (v) => v.length >= 10,
    "Tell us a little more (at least 10 characters)",
  ),
  /** Honeypot: people never see it, bots fill it in. */
  website: z.string().max(500).optional(),
});

// ---- orders and payments ------------------------------------------------------

export const orderStatuses = ["pending", "paid", "failed", "expired", "canceled", "flagged"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What was bought, as it was when the checkout started, and whether it is due (or was given) a refund. */
export type OrderItem = {
  id: number;
  cart_item_id: number;
  client_id: number;
  client_name: string;
  item_type: ItemType;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
  refund_status: "due" | "refunded" | null;
  refund_reason: string | null;
  /** For a mentor session: when it is (or was) and what became of it; `canceled_at` when it was cancelled */
  session: (Omit<CartSession, "held_until"> & { canceled_at: string | null }) | null;
};

export type Order = {
  id: number;
  status: OrderStatus;
  mode: "stripe" | "demo";
  amount_minor: number;
  currency: string;
  items: OrderItem[];
  /** Sums of the items due a refund, and refunded */
  refund_due_minor: number;
  refunded_minor: number;
  created_at: string;
  paid_at: string | null;
  /** When its checkout closes (or closed) */
  expires_at: string | null;
};

/** `resumed`: the agent's checkout was already open, and this is it (one cart, one checkout). */
export type CheckoutStart = { order_id: number; session_id: string; url: string; resumed: boolean };

/** The agent's open checkout: while there is one, the cart is locked. */
export type OpenCheckout = {
  order_id: number;
  /** null while it is being opened */
  session_id: string | null;
  url: string | null;
  amount_minor: number;
  currency: string;
  expires_at: string | null;
};

/** paid, processing (an asynchronous payment method has not settled yet) or unpaid */
export type CheckoutSessionState = { payment: "paid" | "processing" | "unpaid"; order: Order };

export const sessionIdParam = z
  .string({ required_error: "Missing session ID" })
  .trim()
  .min(1, "Missing session ID")
  .max(255, "That is not a checkout session ID")
  .regex(/^[A-Za-z0-9_]+$/, "That is not a checkout session ID");

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

/** An IANA zone this runtime knows; one message for whatever else comes (blank is "choose one"). */
const timeZoneField = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string({ required_error: "Choose a time zone", invalid_type_error: "Time zone must be text" })
    .refine((tz) => isTimeZone(tz), "Choose a time zone from the list"),
);

/** The agent's own settings: the zone every time in the portal is shown in. */
export const agentSettingsBody = z.object({ time_zone: timeZoneField });
export type AgentSettingsBody = z.input<typeof agentSettingsBody>;

export const mentorListQuery = z.object({
  expertise: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  language: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
});

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
  client_id: z.coerce.number({ invalid_type_error: "Choose a client" }).int("Choose a client").positive("Choose a client"),
  start: z
    .string({ required_error: "Choose a time" })
    .max(64, "Choose a time from the mentor's week")
    .refine((v) => inBookableYears(Date.parse(v)), "Choose a time from the mentor's week"),
  topic: requiredText(fieldLimits.topic, "Topic"),
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
};

export const cancelBookingBody = z.object({ id: idParam });

// ---- the back office (staff) ------------------------------------------------

/** `time_zone`: the staff member's own, in which the back office shows times and days */
export type StaffPublic = { id: number; name: string; email: string; time_zone: string };
export type StaffLoginData = { token: string; expires_at: string; staff: StaffPublic };

/** A password someone chooses: the rules the set-password page states (`passwordRules`, lib/client-fields.ts). */
export const newPasswordField = z
  .string({ required_error: "Choose a password", invalid_type_error: "Password must be text" })
  .min(10, "A password needs at least 10 characters")
  .max(fieldLimits.password, "Password is too long")
  .refine((p) => new Set(p).size >= 4, "Use more different characters");

export const setPasswordBody = z.object({
  token: z
    .string({ required_error: "This link is not valid" })
    .min(20, "This link is not valid")
    .max(200, "This link is not valid"),
  password: newPasswordField,
});
export const passwordLinkBody = z.object({
  token: z
    .string({ required_error: "This link is not valid" })
    .min(20, "This link is not valid")
    .max(200, "This link is not valid"),
});
// ---- one's own account (agents and staff alike) -------------------------------

/** What /account shows and edits: the time zone is used for every time the portal shows and sends. */
export type AccountData = {
  kind: "agent" | "staff";
  id: number;
  name: string;
  email: string;
  phone: string | null;
  time_zone: string;
};
export const accountBody = z.object({
  name: requiredText(fieldLimits.name, "Name"),
  phone: clientInput.shape.phone,
  time_zone: timeZoneField,
});
export const passwordChangeBody = z.object({
  current_password: z
    .string({ required_error: "Enter your current password", invalid_type_error: "Password must be text" })
    .min(1, "Enter your current password")
    .max(fieldLimits.password, "Password is too long"),
  new_password: newPasswordField,
});
/** /forgot-password: the answer is the same whether an account has this email or not. */
export const forgotPasswordBody = z.object({ email: emailField });

/** Whose link it is: the set-password page greets them. */
export type PasswordLinkInfo = {
  kind: "agent" | "staff";
  name: string;
  email: string;
  expires_at: string;
  /** set: from the back office; reset: asked for on /forgot-password */
  purpose: "set" | "reset";
};
export type PasswordSet = { kind: "agent"; login: LoginData } | { kind: "staff"; login: StaffLoginData };

export const newAgentBody = z.object({
  name: requiredText(fieldLimits.name, "Name"),
  email: emailField,
  phone: clientInput.shape.phone,
  time_zone: timeZoneField,
});
export type NewAgentBody = z.input<typeof newAgentBody>;

export const agentActiveBody = z.object({
  active: z.boolean({ required_error: "Say whether the account is active", invalid_type_error: "Active must be true or false" }),
});

export const officeListQuery = z.object({
  q: z.preprocess(blankToNull, z.string().trim().max(100, "Search must be at most 100 characters").nullable().optional()),
  page: z.preprocess(blankToNull, z.coerce.number().int().min(1, "Page must be 1 or more").max(100000).nullable().optional()),
  status: z.preprocess(blankToNull, z.enum(["unread", "handled", "all"]).nullable().optional()),
  kind: z.preprocess(blankToNull, z.string().trim().max(50).nullable().optional()),
  /** The audit log: a staff member's name or email */
  staff: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
});

export type OfficeOverview = {
  flagged_orders: number;
  refunds_due: number;
  unread_messages: number;
  holds_lapsing: number;
  sessions_today: number;
  sessions_tomorrow: number;
  /** E-mails given up on after their last attempt (the outbox), until retried */
  mail_failed: number;
};

export const outboxStatuses = ["pending", "sent", "failed", "skipped"] as const;
export const officeOutboxQuery = z.object({
  status: z.preprocess(
    blankToNull,
    z
      .enum([...outboxStatuses, "all"], { errorMap: () => ({ message: "Choose a status from the list" }) })
      .nullable()
      .optional(),
  ),
  page: z.preprocess(blankToNull, z.coerce.number().int().min(1, "Page must be 1 or more").max(100000).nullable().optional()),
});
/** One e-mail of the outbox, as staff see it (never its content: a password link stays out of sight). */
export type OutboxEntry = {
  id: number;
  kind: string;
  /** null: the staff inbox */
  to_address: string | null;
  status: (typeof outboxStatuses)[number];
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
};

export type OfficeAgent = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  time_zone: string;
  active: boolean;
  clients: number;
  last_sign_in_at: string | null;
  created_at: string;
};
export type NewAgentData = { agent: OfficeAgent; password_link: string; link_expires_at: string };

export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  handled_by_name: string | null;
};

export type AuditEntry = {
  id: number;
  staff_name: string | null;
  kind: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

// ---- the back office: catalogue and mentors ---------------------------------

export const employmentTypes = ["Full-time", "Part-time", "Contract", "Internship"] as const;

/** Money as the API takes it: whole minor units (cents), 0 up to 10 million dollars. */
const minorUnits = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be an amount` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);

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

export const mentorInput = z.object({
  name: requiredText(100, "Name"),
  title: requiredText(150, "Title"),
  bio: requiredText(2000, "Bio"),
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
  photo_url: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(500)
      .url("Enter the photo's address, https://…")
      .startsWith("https://", "Enter the photo's address, https://…")
      .nullable()
      .optional(),
  ),
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
export type MentorInput = z.input<typeof mentorInput>;
export type MentorValues = z.output<typeof mentorInput>;
export type OfficeMentor = MentorProfile & { active: boolean; upcoming_sessions: number };

export const activeBody = z.object({
  active: z.boolean({ required_error: "Say whether it is active", invalid_type_error: "Active must be true or false" }),
});

export const officeOrdersQuery = z.object({
  status: z.preprocess(
    blankToNull,
    z
      .enum(orderStatuses, { errorMap: () => ({ message: "Choose a status from the list" }) })
      .nullable()
      .optional(),
  ),
  agent: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  /** `due`: only orders with a line whose refund is due (waiting for Stripe or for a retry) */
  refund: z.preprocess(
    blankToNull,
    z
      .enum(["due"], { errorMap: () => ({ message: "Choose a refund state from the list" }) })
      .nullable()
      .optional(),
  ),
  from: z.preprocess(blankToNull, boundedDay("Enter the date as YYYY-MM-DD").nullable().optional()),
  to: z.preprocess(blankToNull, boundedDay("Enter the date as YYYY-MM-DD").nullable().optional()),
  page: z.preprocess(blankToNull, z.coerce.number().int().min(1, "Page must be 1 or more").max(100000).nullable().optional()),
});

export type OfficeOrder = Order & {
  agent_id: number;
  agent_name: string;
  agent_email: string;
  checkout_session_id: string | null;
  flag_reason: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  review_note: string | null;
  /** Staff changes to this order, oldest first */
  history: AuditEntry[];
  /**
   * What happened to the order itself (checkout opened, paid, flagged, expired, lines refunded), oldest first;
   * a refund still due comes last with no time (`at` null)
   */
  events: Array<{ at: string | null; what: string }>;
};

export const orderReviewBody = z.object({ note: requiredText(1000, "Note") });
export const orderRefundBody = z.object({
  /** The order lines to refund; every line not refunded yet when absent */
  item_ids: z.array(idParam).max(100).optional(),
  note: requiredText(1000, "Note"),
});

export const officeBookingsQuery = z.object({
  mentor: z.preprocess(blankToNull, idParam.nullable().optional()),
  from: z.preprocess(blankToNull, boundedDay("Enter the date as YYYY-MM-DD").nullable().optional()),
  days: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(31, "At most 31 days").nullable().optional()),
  /** `lapsing`: instead of the agenda, the unpaid holds whose hold ends within the hour, soonest first */
  holds: z.preprocess(
    blankToNull,
    z
      .enum(["lapsing"], { errorMap: () => ({ message: "Choose a view from the list" }) })
      .nullable()
      .optional(),
  ),
});

export type OfficeBooking = Booking & { agent_id: number; agent_name: string };

/** What staff see of one agent: its account, its clients by name and status only, its orders and sessions. */
export type OfficeAgentDetail = {
  agent: OfficeAgent;
  clients: Array<{ id: number; name: string; status: (typeof clientStatuses)[number]; archived: boolean }>;
  orders: Array<{
    id: number;
    status: OrderStatus;
    amount_minor: number;
    currency: string;
    created_at: string;
    refund_due_minor: number;
  }>;
  bookings: Array<{
    id: number;
    mentor_name: string;
    client_name: string;
    start_at: string;
    status: BookingStatus;
    refund_status: "due" | "refunded" | null;
  }>;
};

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
    .int()
    .refine((v) => [1, 2, 3].includes(v), "Choose a service"),
  name: requiredText(100, "Name"),
  description: requiredText(2000, "Description"),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
});
export type PlanInput = z.input<typeof planInput>;
export type PlanValues = z.output<typeof planInput>;
export type OfficePlan = {
  id: number;
  service_id: number;
  service_name: string;
  name: string;
  description: string;
  price_minor: number;
  currency: string;
  published: boolean;
  in_carts: number;
};
