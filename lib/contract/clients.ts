/** The agent's clients and their case files. */
import { z } from "zod";
import { clientFieldNames, type clientLanguages, clientStatuses, clientStatusLabels, fieldLimits } from "../client-fields.js";
import { isTimeZone } from "../intl.js";
import type { CartItem } from "./cart.js";
import type { Country } from "./catalogue.js";
import type { ClientDocument } from "./documents.js";
import { answer, endpoint } from "./endpoint.js";
import type { Page } from "./fields.js";
import {
  blankToNull,
  zoneAsTyped,
  countryCode,
  emailField,
  idParam,
  isRealDate,
  oneLineText,
  optionalChoice,
  optionalText,
  pageField,
  searchField,
  writtenLanguage,
} from "./fields.js";
import type { Booking } from "./mentors.js";

export { clientFieldNames, clientStatuses, clientStatusLabels };

const today = () => new Date().toISOString().slice(0, 10);

/** A phone number: blank is none. */
export const phoneField = z.preprocess(
  blankToNull,
  z
    .string({ invalid_type_error: "Phone must be text" })
    .trim()
    .max(fieldLimits.phone, `Phone must be at most ${fieldLimits.phone} characters`)
    .refine((v) => /^\+?[0-9][0-9 ().-]*$/.test(v), {
      message: "Enter a phone number: digits, spaces, and an optional leading +",
      params: { code: "phone.format" },
    })
    .refine(
      (v) => {
        const digits = v.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15;
      },
      { message: "A phone number has 7 to 15 digits", params: { code: "phone.digits" } },
    )
    .nullable()
    .optional(),
);

export const clientInput = z.object({
  first_name: oneLineText(fieldLimits.first_name, "First name"),
  last_name: oneLineText(fieldLimits.last_name, "Last name"),
  email: emailField,
  phone: phoneField,
  /** Their own zone for their e-mails and invites; blank: their agent's */
  time_zone: z.preprocess(
    (v) => zoneAsTyped(blankToNull(v)),
    z
      .string({ invalid_type_error: "Time zone must be text" })
      .refine((tz) => isTimeZone(tz), "Choose a time zone from the list")
      .nullable()
      .optional(),
  ),
  // A client's form always has the field: left blank, the client is written to in English.
  language: writtenLanguage.transform((v) => v ?? "en"),
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

/** A page of the agent's clients, and the destinations its clients have (the list's filter offers those alone). */
export type ClientList = Page<Client> & { destinations: readonly Country[] };

export type Client = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  /** The client's own zone (null: their agent's is used for their e-mails) */
  time_zone: string | null;
  language: (typeof clientLanguages)[number];
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
  q: searchField,
  page: pageField,
  per_page: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(100, "At most 100 per page").nullable().optional()),
  /** name, destination, status or last activity; newest added first when absent */
  sort: optionalChoice(clientSorts, "Sort by name, destination, status or last activity"),
  dir: optionalChoice(["asc", "desc"], "Sort ascending or descending"),
  status: optionalChoice(clientStatuses, "Choose a status from the list"),
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
  attention: optionalChoice(["1"], "Attention is 1 or nothing"),
});
export type ClientListQuery = z.output<typeof clientListQuery>;

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
/** What an attention line names: its mentor, its cart or order line, its document and the service that asks for it */
export type AttentionWords = {
  mentor?: string;
  line?: string;
  order_id?: number;
  document?: string;
  service?: string | null;
  /** A document's expiry date (YYYY-MM-DD), and whether it is past */
  expires_on?: string;
  expired?: boolean;
  /** How many messages from the client wait unread */
  count?: number;
  /** The questionnaire whose answers wait for review (issue 40) */
  questionnaire?: string;
};
export type AttentionItem = {
  kind:
    | "hold_lapsing"
    | "session_soon"
    | "message_unread"
    | "questionnaire_submitted"
    | "refund_due"
    | "document_expiring"
    | "document_missing"
    | "cart_waiting";
  client_id: number;
  client_name: string;
  /** In English; `words` holds what it names, for a page that says it in its own language */
  summary: string;
  words: AttentionWords;
  /** When the hold lapses, the session starts, the document expires, the item was added; null for a refund due or a missing document */
  at: string | null;
  to: string;
  /** In English, as `summary` */
  action: string;
};
export type ClientView = {
  client: Client;
  cart: CartItem[];
  timeline: TimelineEntry[];
  attention: AttentionItem[];
  documents: ClientDocument[];
  /** The client's sessions still to come, soonest first, each with where it meets once paid */
  sessions: Booking[];
};
export const noteBody = z.object({
  body: z
    .string({ required_error: "Write the note", invalid_type_error: "Note must be text" })
    .trim()
    .min(1, "Write the note")
    .max(2000, "A note has at most 2,000 characters"),
});

// ---- endpoints ------------------------------------------------------------------

const clientId = { clientId: idParam };

export const clientEndpoints = {
  clients: endpoint({
    method: "GET",
    path: "api/clients/agent/:agentId",
    auth: ["agent"],
    summary: "The agent's clients: search, sort, filters, pages (its own id only)",
    params: { agentId: idParam },
    query: clientListQuery,
    answer: answer<ClientList>(),
  }),
  addClient: endpoint({
    method: "POST",
    path: "agent/addclient",
    auth: ["agent"],
    summary: "Adds a client",
    body: clientInput,
    created: true,
    answer: answer<Client>(),
  }),
  editClient: endpoint({
    method: "POST",
    path: "agent/editClient",
    auth: ["agent"],
    summary: "Edits a client",
    body: clientEditInput,
    answer: answer<Client>(),
  }),
  deleteClient: endpoint({
    method: "POST",
    path: "agent/deleteClient/:clientId",
    auth: ["agent"],
    summary: "Deletes a client, or archives one with orders or sessions",
    params: clientId,
    answer: answer<ClientDeleted>(),
  }),
  viewClient: endpoint({
    method: "POST",
    path: "agent/viewClient/:clientId",
    auth: ["agent"],
    summary: "A client's case file: details, cart, timeline, what needs attention, documents",
    params: clientId,
    answer: answer<ClientView>(),
  }),
  addNote: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/notes",
    auth: ["agent"],
    summary: "A note on the client's timeline",
    params: clientId,
    body: noteBody,
    created: true,
    answer: answer<{ id: number; body: string; created_at: string }>(),
  }),
};
