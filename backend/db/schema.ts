/**
 * Table types for Kysely. Times are ISO 8601 UTC strings on both databases
 * (text in SQLite, timestamptz in PostgreSQL, read back as ISO strings).
 * Money is integer minor units plus an ISO 4217 currency code.
 */
import type { ColumnType, Generated } from "kysely";
import type {
  AgentsTable,
  ApiTokensTable,
  AuditLogTable,
  MentorTokensTable,
  PasswordLinksTable,
  PortalSessionsTable,
  StaffTable,
  StaffTokensTable,
  EmailChangesTable,
} from "./account-tables.js";
import type { CalendarTables } from "./calendar-tables.js";
import type {
  ClientDocumentsTable,
  ClientEventsTable,
  ClientLinksTable,
  CaseStagesTable,
  ClientCasesTable,
  ClientMessageFilesTable,
  ClientMessagesTable,
  ClientNotesTable,
  ClientThreadMarksTable,
  ClientsTable,
  ClientTokensTable,
  DocumentFilesTable,
  DocumentRequestItemsTable,
  DocumentRequestsTable,
  QuestionnairesTable,
  QuestionnaireVersionsTable,
  QuestionnaireServicesTable,
  ClientQuestionnairesTable,
  QuestionnaireAnswersTable,
  AgreementsTable,
  AgreementVersionsTable,
  ClientAgreementsTable,
} from "./client-tables.js";
import type { FactorTables } from "./factor-tables.js";
import type { BrandLogosTable, MessageConsentsTable, WhatsappTemplatesTable } from "./message-tables.js";
import type {
  ClientCreditsTable,
  CommissionMovesTable,
  CommissionPayoutsTable,
  CommissionRulesTable,
  CreditMovesTable,
  SessionPackMentorsTable,
  SessionPacksTable,
} from "./money-tables.js";

export type * from "./account-tables.js";
export type * from "./message-tables.js";
export type * from "./money-tables.js";
export type * from "./client-tables.js";
export type * from "./calendar-tables.js";

export interface CountriesTable {
  code: string;
  name: string;
}

export interface ServicesTable {
  id: number;
  slug: string;
  name: string;
  summary: string;
}

export interface ServicePlansTable {
  id: Generated<number>;
  service_id: number;
  name: string;
  description: string;
  price_minor: number;
  currency: string;
  sort_order: number;
  published: Generated<number>;
  /** What the plan includes, one item a string (JSON array; [] for the plans from before issue 37) */
  includes: ColumnType<string, string | undefined, string>;
}

/** A plan's or a mentor's words in a language other than English (issue 37): one row a field; none, English shown. */
export interface CatalogueTextsTable {
  kind: "plan" | "mentor";
  ref_id: number;
  lang: "ar" | "es" | "fr";
  field: string;
  text: string;
  updated_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  title: string;
  company: string;
  country_code: string;
  city: string;
  employment_type: string;
  description: string;
  salary_min_minor: number | null;
  salary_max_minor: number | null;
  salary_currency: string | null;
  placement_fee_minor: number;
  currency: string;
  posted_at: string;
  /** 1: agents see it and can add it; 0: unpublished by staff (kept: carts, orders may name it) */
  published: Generated<number>;
}

export interface RelocationsTable {
  id: Generated<number>;
  title: string;
  country_code: string;
  city: string;
  description: string;
  includes: string; // JSON array of strings
  duration_days: number;
  price_minor: number;
  currency: string;
  published: Generated<number>;
}

export interface MentorsTable {
  id: Generated<number>;
  name: string;
  title: string;
  bio: string;
  expertise: string; // JSON array of strings
  languages: string; // JSON array of strings
  country_code: string;
  time_zone: string;
  rate_minor: number; // per hour
  currency: string;
  photo_url: string | null;
  /** 1: listed and bookable; 0: made inactive by staff (booked sessions stay; the mentor cannot sign in) */
  active: Generated<number>;
  /** Lower-cased; null for a mentor staff have not given one (who cannot sign in) */
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  last_sign_in_at: string | null;
  /** The mentor's standing meeting link, used for every session when set */
  meeting_url: string | null;
  /** The private calendar feed's token (null until the mentor makes one) */
  feed_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the mentor is written to in (lib/client-fields.ts `clientLanguages`) */
  language: ColumnType<string, string | undefined, string>;
}

export interface MentorAvailabilityTable {
  id: Generated<number>;
  mentor_id: number;
  /** 0 = Sunday … 6 = Saturday, in the mentor's time zone */
  weekday: number;
  start_minute: number;
  end_minute: number;
}

/** Days a mentor is away (YYYY-MM-DD, both included, in the mentor's zone): no free slots on them. */
export interface MentorTimeOffTable {
  id: Generated<number>;
  mentor_id: number;
  starts_on: string;
  ends_on: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  item_type: string; // service_plan | job | relocation | mentor_booking
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
  /** When staff marked it handled, and who */
  handled_at: string | null;
  handled_by: number | null;
  /** The agent who sent it from their workspace (null: a visitor, or a message from before it was kept) */
  agent_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A reply staff sent to a contact message (through the outbox), kept with it. */
export interface ContactRepliesTable {
  id: Generated<number>;
  message_id: number;
  staff_id: number;
  body: string;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  agent_id: number;
  /**
   * pending → paid | failed | expired | canceled; flagged when the paid amount does not match.
   * At most one pending order per agent (a partial unique index): one open checkout.
   */
  status: string;
  /** stripe | demo */
  mode: string;
  amount_minor: number;
  currency: string;
  checkout_session_id: string | null;
  checkout_url: string | null;
  flag_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** When the checkout closes (Stripe's expires_at; the demo page's own) */
  expires_at: string | null;
  /** A flagged order looked at by staff: when, by whom, and what they found */
  reviewed_at: string | null;
  reviewed_by: number | null;
  review_note: string | null;
}

/** What an order bought, as it was when the checkout started, each with its refund state. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  cart_item_id: number;
  client_id: number;
  client_name: string;
  item_type: string;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
  /** null | due | refunded */
  refund_status: string | null;
  refund_reason: string | null;
  /** The payment provider's refund id */
  refund_id: string | null;
  refunded_at: string | null;
  /** What a refund gives back when less than the price (a pack's unused credits, pro rata); null: the price */
  refund_minor: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MentorBookingsTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  mentor_id: number;
  start_at: string;
  end_at: string;
  topic: string;
  /** held (awaiting payment) → confirmed | released; held or confirmed → canceled */
  status: string;
  held_until: string | null;
  price_minor: number;
  currency: string;
  order_id: number | null;
  /** due | refunded, for a paid booking that was cancelled */
  refund_status: string | null;
  /** The latest a checkout may keep it held: set by its first checkout (issue 21) */
  hold_limit: ColumnType<string | null, string | null | undefined, string | null>;
  /** The session's own meeting room (used when its mentor has no standing link); kept when the session moves */
  meeting_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Once it took place: held | client_no_show (marked by the mentor) */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** The mentor's few lines for the agent on a held session */
  outcome_summary: ColumnType<string | null, string | null | undefined, string | null>;
  outcome_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who marked it: "mentor:3", "staff:1" */
  outcome_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many times it moved: its invite's SEQUENCE (a cancellation's is one more) */
  sequence: ColumnType<number, number | undefined, number>;
  /** The mentor asked for a new time (and why); cleared when the agent picks one */
  move_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  move_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client asked their agent to move it (issue 39): why and when; the agent's answer when they kept the time */
  client_move_reason: ColumnType<string | null, string | null | undefined, string | null>;
  client_move_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  client_move_answer: ColumnType<string | null, string | null | undefined, string | null>;
  client_move_answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's pack credit it took (issue 41): confirmed at once, no order */
  credit_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** A version for a read kept in memory (backend/db/kept-reads.ts), moved by triggers (migrations 037, 038). */
export interface DataVersionsTable {
  /** "mentors", or "destinations:<agent id>" */
  name: string;
  version: number;
}

/** A business setting an owner saved in the office (issue 25): its value as JSON; unsaved ones are the environment's. */
export interface BusinessSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

/** A message (e-mail, SMS, WhatsApp) waiting to be sent, sent, or given up on (docs/decisions/006-mail-outbox.md). */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string;
  /** null: the staff inbox of the settings */
  to_address: string | null;
  reply_to: string | null;
  /** JSON facts the message is written from */
  payload: string;
  /** pending | sent | failed | skipped */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** email | sms | whatsapp (issue 42): one row per message and channel; to_address is a number for a phone's */
  channel: Generated<string>;
  /** The provider's id of a message it took (Twilio's SM…/MM… SID) */
  provider_id: string | null;
  /** The last delivery status its signed callbacks said (queued, sent, delivered, read, undelivered, failed) */
  delivery_status: string | null;
  delivery_error: string | null;
  delivery_at: string | null;
  /** Handed to the provider without an answer: sent again only if its callback has not come by the next try */
  unconfirmed_at: string | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface Database extends FactorTables, CalendarTables {
  catalogue_texts: CatalogueTextsTable;
  agents: AgentsTable;
  api_tokens: ApiTokensTable;
  portal_sessions: PortalSessionsTable;
  countries: CountriesTable;
  services: ServicesTable;
  service_plans: ServicePlansTable;
  jobs: JobsTable;
  relocations: RelocationsTable;
  mentors: MentorsTable;
  mentor_tokens: MentorTokensTable;
  mentor_availability: MentorAvailabilityTable;
  clients: ClientsTable;
  cart_items: CartItemsTable;
  contact_messages: ContactMessagesTable;
  mentor_time_off: MentorTimeOffTable;
  staff: StaffTable;
  staff_tokens: StaffTokensTable;
  email_changes: EmailChangesTable;
  business_settings: BusinessSettingsTable;
  data_versions: DataVersionsTable;
  contact_replies: ContactRepliesTable;
  password_links: PasswordLinksTable;
  audit_log: AuditLogTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  stripe_events: StripeEventsTable;
  outbox: OutboxTable;
  client_events: ClientEventsTable;
  client_notes: ClientNotesTable;
  client_messages: ClientMessagesTable;
  client_message_files: ClientMessageFilesTable;
  client_thread_marks: ClientThreadMarksTable;
  case_stages: CaseStagesTable;
  client_cases: ClientCasesTable;
  client_documents: ClientDocumentsTable;
  document_files: DocumentFilesTable;
  client_tokens: ClientTokensTable;
  client_links: ClientLinksTable;
  document_requests: DocumentRequestsTable;
  document_request_items: DocumentRequestItemsTable;
  mentor_bookings: MentorBookingsTable;
  questionnaires: QuestionnairesTable;
  questionnaire_versions: QuestionnaireVersionsTable;
  questionnaire_services: QuestionnaireServicesTable;
  client_questionnaires: ClientQuestionnairesTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  agreements: AgreementsTable;
  agreement_versions: AgreementVersionsTable;
  client_agreements: ClientAgreementsTable;
  session_packs: SessionPacksTable;
  session_pack_mentors: SessionPackMentorsTable;
  client_credits: ClientCreditsTable;
  credit_moves: CreditMovesTable;
  commission_rules: CommissionRulesTable;
  commission_payouts: CommissionPayoutsTable;
  commission_moves: CommissionMovesTable;
  brand_logos: BrandLogosTable;
  message_consents: MessageConsentsTable;
  whatsapp_templates: WhatsappTemplatesTable;
}
