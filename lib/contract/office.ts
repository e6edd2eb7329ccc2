/** The back office: agents, messages, the outbox and the audit log (orders and sessions: office-orders.ts). */
import { z } from "zod";
import { type clientStatuses, fieldLimits } from "../client-fields.js";
import type { Country } from "./catalogue.js";
import { phoneField } from "./clients.js";
import { answer, endpoint } from "./endpoint.js";
import type { Page } from "./fields.js";
import {
  blankToNull,
  emailField,
  idParam,
  oneLineText,
  optionalChoice,
  pageField,
  searchField,
  timeZoneField,
} from "./fields.js";
import type { BookingStatus } from "./mentors.js";
import type { PendingEmail } from "./office-accounts.js";
import type { OrderStatus } from "./orders.js";

export const newAgentBody = z.object({
  name: oneLineText(fieldLimits.name, "Name"),
  email: emailField,
  phone: phoneField,
  time_zone: timeZoneField,
});
export type NewAgentBody = z.input<typeof newAgentBody>;

export const agentActiveBody = z.object({
  active: z.boolean({ required_error: "Say whether the account is active", invalid_type_error: "Active must be true or false" }),
});

export const officeListQuery = z.object({
  q: searchField,
  page: pageField,
  status: z.preprocess(blankToNull, z.enum(["unread", "handled", "all"]).nullable().optional()),
  kind: z.preprocess(blankToNull, z.string().trim().max(50).nullable().optional()),
  /** The audit log: a staff member's name or email */
  staff: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  /** The audit log: staff sign-ins are left out unless this says `show` */
  sign_ins: optionalChoice(["show"], "Choose whether to show sign-ins"),
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
  /** Paid sessions that ended more than 48 hours ago and nobody marked (held, or who did not come) */
  sessions_unmarked: number;
};

export const outboxStatuses = ["pending", "sent", "failed", "skipped"] as const;
export const officeOutboxQuery = z.object({
  status: optionalChoice([...outboxStatuses, "all"], "Choose a status from the list"),
  page: pageField,
});
/** One message of the outbox, as staff see it (never its content: a password link stays out of sight). */
export type OutboxEntry = {
  id: number;
  kind: string;
  /** email, sms or whatsapp (issue 42): a message by phone is a row of its own */
  channel: "email" | "sms" | "whatsapp" | "calendar";
  /** An address, or a number (E.164) for a message by phone; null: the staff inbox */
  to_address: string | null;
  /** What the provider's signed callbacks said last (queued, sent, delivered, read, undelivered, failed), when */
  delivery: { status: string; error: string | null; at: string | null } | null;
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
  /** The agent who sent it from their workspace; null for a visitor */
  agent: { id: number; name: string } | null;
  /** Staff replies, oldest first (each sent by e-mail through the outbox) */
  replies: Array<{ id: number; body: string; staff_name: string; created_at: string }>;
};

export const contactReplyBody = z.object({
  body: z
    .string({ required_error: "Write the reply", invalid_type_error: "The reply must be text" })
    .trim()
    .min(1, "Write the reply")
    .max(5000, "A reply has at most 5,000 characters"),
});

export type AuditEntry = {
  id: number;
  staff_name: string | null;
  /** A mentor's change to their own hours or profile */
  mentor_name: string | null;
  kind: string;
  subject: string | null;
  /** What happened, in words (lib/audit-words.ts) */
  summary: string;
  before: unknown;
  after: unknown;
  created_at: string;
};

/** What staff see of one agent: its account, its clients by name and status only, its orders and sessions. */
export type OfficeAgentDetail = {
  agent: OfficeAgent;
  /** A change of address waiting for the new address to confirm it */
  pending_email: PendingEmail | null;
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

// ---- endpoints ------------------------------------------------------------------

const staff = ["staff"] as const;
const id = { id: idParam };

/** An e-mail as it is sent (issue 42): what the office's previews show. */
export type MailPreview = {
  n: number;
  kind: string;
  reader: string;
  lang: string;
  subject: string;
  text: string;
  /** Drawn for the one asked for only */
  html: string | null;
};

export const officeEndpoints = {
  officeOverview: endpoint({
    method: "GET",
    path: "office/overview",
    auth: staff,
    summary: "What needs staff today",
    answer: answer<OfficeOverview>(),
  }),
  officeMessages: endpoint({
    method: "GET",
    path: "office/messages",
    auth: staff,
    summary: "Contact messages, unread first",
    query: officeListQuery,
    answer: answer<Page<ContactMessage>>(),
  }),
  markMessageHandled: endpoint({
    method: "POST",
    path: "office/messages/:id/handled",
    auth: staff,
    summary: "Marks a message handled",
    params: id,
    answer: answer<{ handled: true }>(),
  }),
  replyToMessage: endpoint({
    method: "POST",
    path: "office/messages/:id/reply",
    auth: staff,
    summary: "Answers a contact message by e-mail (through the outbox); the reply is kept with it, the message handled",
    params: id,
    body: contactReplyBody,
    created: true,
    answer: answer<ContactMessage>(),
  }),
  officeOutbox: endpoint({
    method: "GET",
    path: "office/outbox",
    auth: staff,
    summary: "E-mails in the outbox, by status",
    query: officeOutboxQuery,
    answer: answer<Page<OutboxEntry>>(),
  }),
  officeMailPreviews: endpoint({
    method: "GET",
    path: "office/outbox/previews",
    auth: staff,
    summary:
      "Every kind of e-mail, to each reader who gets it, as it is sent in a language (made-up facts): subject, text and HTML",
    query: z.object({
      lang: z.enum(["en", "ar", "es", "fr"]).default("en"),
      /** The one whose HTML is drawn (the others', and all when left out: their words only) */
      n: z.coerce.number().int().min(0).max(1000).optional(),
    }),
    answer: answer<MailPreview[]>(),
  }),
  retryOutbox: endpoint({
    method: "POST",
    path: "office/outbox/:id/retry",
    auth: staff,
    summary: "Sends a failed e-mail again",
    params: id,
    answer: answer<{ retried: true }>(),
  }),
  officeAgents: endpoint({
    method: "GET",
    path: "office/agents",
    auth: staff,
    summary: "Agents' accounts",
    query: officeListQuery,
    answer: answer<Page<OfficeAgent>>(),
  }),
  createAgent: endpoint({
    method: "POST",
    path: "office/agents",
    auth: staff,
    summary: "A new agent, with a set-password link",
    body: newAgentBody,
    created: true,
    answer: answer<NewAgentData>(),
  }),
  officeAgent: endpoint({
    method: "GET",
    path: "office/agents/:id",
    auth: staff,
    summary: "One agent's account",
    params: id,
    answer: answer<OfficeAgent>(),
  }),
  officeAgentDetail: endpoint({
    method: "GET",
    path: "office/agents/:id/detail",
    auth: staff,
    summary: "One agent's clients (names only), orders and sessions",
    params: id,
    answer: answer<OfficeAgentDetail>(),
  }),
  setAgentActive: endpoint({
    method: "POST",
    path: "office/agents/:id/active",
    auth: staff,
    summary: "Deactivates (every session ends) or reactivates an agent",
    params: id,
    body: agentActiveBody,
    answer: answer<OfficeAgent>(),
  }),
  agentPasswordLink: endpoint({
    method: "POST",
    path: "office/agents/:id/password-link",
    auth: staff,
    summary: "A new set-password link for an agent",
    params: id,
    answer: answer<{ password_link: string; link_expires_at: string }>(),
  }),
  officeCountries: endpoint({
    method: "GET",
    path: "office/countries",
    auth: staff,
    summary: "Countries, for the catalogue's forms",
    answer: answer<Country[]>(),
  }),
  officeAudit: endpoint({
    method: "GET",
    path: "office/audit",
    auth: staff,
    summary: "What staff changed, newest first",
    query: officeListQuery,
    answer: answer<Page<AuditEntry>>(),
  }),
};
