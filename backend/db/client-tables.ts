/** Table types of a client's case: the client, their timeline and notes, their documents and files, the agent's
 * requests to them, and their own ways in (links and tokens). Gathered in schema.ts's Database. */
import type { ColumnType, Generated } from "kysely";

export interface ClientsTable {
  id: Generated<number>;
  agent_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  nationality: string | null;
  current_country: string | null;
  destination_country: string | null;
  date_of_birth: string | null;
  passport_number: string | null;
  status: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** Set instead of deleting a client with orders or bookings: the history stays. */
  archived_at: string | null;
  /** Names and e-mail folded for search (lib/search.ts); null only for a row written before it existed */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's own zone for their e-mails and invites; null: their agent's */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the client is written to in (lib/client-fields.ts `clientLanguages`) */
  language: ColumnType<string, string | undefined, string>;
  /** When the agent first let the client in (a document request); null: the client has no access */
  access_opened_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the agent ended the client's access (every link and session ended); cleared by a new request */
  access_ended_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_sign_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's own uploads, counted for the quota (lib/documents.ts `CLIENT_QUOTA`) */
  upload_files: ColumnType<number, number | undefined, number>;
  upload_bytes: ColumnType<number, number | undefined, number>;
}

/** What happened for a client, written in the transaction of each change (the case file's timeline). */
export interface ClientEventsTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  kind: string;
  summary: string;
  /** order:12, booking:7 */
  ref: string | null;
  created_at: string;
}

/** An agent's notes on a client: append-only. */
export interface ClientNotesTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  body: string;
  created_at: string;
}

/** A message of a client's conversation (issue 39): from their agent, from them, or from the office. */
export interface ClientMessagesTable {
  id: Generated<number>;
  client_id: number;
  author: "agent" | "client" | "office";
  /** The agent who wrote it (author "agent") */
  agent_id: number | null;
  /** The staff member who wrote it (author "office") */
  staff_id: number | null;
  body: string;
  created_at: string;
}

/** Which message of the conversation each attached document came with (issue 39). */
export interface ClientMessageFilesTable {
  message_id: number;
  document_id: number;
}

/** How far one side of a client's conversation has read, and been told by e-mail of what waits for it. */
export interface ClientThreadMarksTable {
  client_id: number;
  side: "firm" | "client";
  read_through: Generated<number>;
  read_at: string | null;
  notified_through: Generated<number>;
}

/** A stage of a service's cases, in the office's order (issue 39); retired, never deleted. */
export interface CaseStagesTable {
  id: Generated<number>;
  service_id: number;
  position: number;
  /** In English; the other languages' when written (else English is shown) */
  name: string;
  name_ar: string | null;
  name_es: string | null;
  name_fr: string | null;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a client's case for one service stands: its stage, the agent's word for the client, and when it moved. */
export interface ClientCasesTable {
  client_id: number;
  service_id: number;
  stage_id: number;
  note: string | null;
  moved_at: string;
  moved_by_agent_id: number | null;
}

/** A checklist item of a client's documents: a standard kind a paid service needs, or one the agent added. */
export interface ClientDocumentsTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  /** cv | passport | degree | visa | address | other */
  kind: string;
  title: string | null;
  service_id: number | null;
  /** missing | uploaded | accepted */
  status: string;
  file_id: number | null;
  /** YYYY-MM-DD */
  expires_on: string | null;
  expiry_noted_on: string | null;
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
  /** A rejected document is missing again (status "missing"), with the agent's reason and the file it was about */
  rejected_at: ColumnType<string | null, string | null | undefined, string | null>;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  rejected_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 for a file sent with a message of the conversation (issue 39), not asked for on the checklist */
  from_message: Generated<number>;
  /** 1 for a file answered in a questionnaire, or a signed agreement (issue 40), not asked for on the checklist */
  from_questionnaire: Generated<number>;
  /** 1 for a signed agreement's PDF (issue 40), filed by the signing, not asked for on the checklist */
  from_agreement: Generated<number>;
}

/** Every file uploaded for a document (the newest is the document's current one); the bytes are in the file store. */
export interface DocumentFilesTable {
  id: Generated<number>;
  document_id: number;
  agent_id: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_at: string;
  /** 1: the client sent it from their own area */
  from_client: ColumnType<number, number | undefined, number>;
  /** A further page of an upload: the first file's id (null: a file of its own, or the first page) */
  part_of: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A client's session in their own area, opened by a link (issue 24): stored hashed, as every kind's tokens. */
export interface ClientTokensTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** 1 when the client chose to stay signed in on this device (30 days), else 0 (issue 39) */
  remember: Generated<number>;
  /** The browser as it names itself (its User-Agent, cut short); null for a session from before */
  device: string | null;
}

/** A one-time link that signs a client in: e-mailed with a request (7 days) or asked for at /my/sign-in (1 hour). */
export interface ClientLinksTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  /** request | sign_in */
  purpose: string;
  request_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An agent's request to a client for documents of the checklist. */
export interface DocumentRequestsTable {
  id: Generated<number>;
  agent_id: number;
  client_id: number;
  message: string | null;
  created_at: string;
  last_sent_at: string;
  times_sent: Generated<number>;
  /** The first time the client opened their area through one of its links */
  opened_at: string | null;
  reminded_at: string | null;
  withdrawn_at: string | null;
}

export interface DocumentRequestItemsTable {
  id: Generated<number>;
  request_id: number;
  document_id: number;
  /** The client's first upload into it after the request */
  answered_at: string | null;
}

/** A questionnaire the office wrote (issue 40): its name in the office, and its version now. */
export interface QuestionnairesTable {
  id: Generated<number>;
  name: string;
  current_version: number;
  /** The number the next section or question key is made of (keys are kept through every version) */
  next_key: Generated<number>;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A questionnaire as written at one version (lib/intake.ts QuestionnaireContent, JSON); never changed once sent. */
export interface QuestionnaireVersionsTable {
  id: Generated<number>;
  questionnaire_id: number;
  number: number;
  content: string;
  created_at: string;
}

/** The services whose payment sends a questionnaire to the client. */
export interface QuestionnaireServicesTable {
  questionnaire_id: number;
  service_id: number;
}

/** A client's copy of a questionnaire: the version it was sent with, and where it stands. */
export interface ClientQuestionnairesTable {
  id: Generated<number>;
  client_id: number;
  agent_id: number;
  questionnaire_id: number;
  version_id: number;
  /** The service whose payment sent it; null when the agent sent it */
  service_id: number | null;
  status: "sent" | "started" | "submitted" | "returned" | "accepted";
  /** The agent's word when returning it */
  review_note: string | null;
  sent_at: string;
  started_at: string | null;
  submitted_at: string | null;
  returned_at: string | null;
  accepted_at: string | null;
  /** When the client was told it was sent (null: the sweep tells them) */
  notified_at: string | null;
  reminded_at: string | null;
  updated_at: string;
}

/** One answer of a client's questionnaire: JSON text (a string, or a list for several choices); null when emptied. */
export interface QuestionnaireAnswersTable {
  client_questionnaire_id: number;
  question_key: string;
  value: string | null;
  /** 1 while the agent asks it corrected (set when returned, cleared when answered again or accepted) */
  returned: Generated<number>;
  returned_note: string | null;
  updated_at: string;
}

/** A service's agreement, written in the office (issue 40): its version now. */
export interface AgreementsTable {
  id: Generated<number>;
  service_id: number;
  current_version: number;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An agreement's words at one version, per language ({{client_name}} and the other fields filled when sent). */
export interface AgreementVersionsTable {
  id: Generated<number>;
  agreement_id: number;
  number: number;
  text_en: string;
  text_ar: string | null;
  text_es: string | null;
  text_fr: string | null;
  created_at: string;
}

/** A client's copy of an agreement: the exact text shown, and once signed, the signature's record. */
export interface ClientAgreementsTable {
  id: Generated<number>;
  client_id: number;
  agent_id: number;
  agreement_id: number;
  version_id: number;
  service_id: number;
  lang: string;
  text: string;
  text_sha256: string;
  status: "sent" | "signed";
  sent_at: string;
  notified_at: string | null;
  reminded_at: string | null;
  signed_at: string | null;
  signed_name: string | null;
  signed_ip: string | null;
  signed_user_agent: string | null;
  document_id: number | null;
}
