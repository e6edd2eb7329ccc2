/**
 * The facts of each message: taken in the transaction of the event that caused it and kept in the outbox row, so
 * a message is written (and written again) from them alone.
 */
import type { Line, Recipient, SessionFacts } from "./compose.js";

export type Facts =
  | { kind: "booking.confirmed"; to: Recipient; session: SessionFacts }
  | { kind: "booking.reminder"; to: Recipient; session: SessionFacts }
  | {
      kind: "booking.cancelled";
      to: Recipient;
      session: SessionFacts;
      /** credit_returned / credit_used: a session booked with a pack credit, given back or kept (issue 41) */
      refund: "refunded" | "due" | "none" | "credit_returned" | "credit_used";
      /** mentor: the mentor asked for a new time and none was chosen before the start; mentor_change: the
       * mentor's week no longer has it */
      by: "agent" | "staff" | "mentor" | "mentor_change";
    }
  | { kind: "booking.moved"; to: Recipient; session: SessionFacts; from: { start_at: string; end_at: string } }
  | { kind: "booking.move_requested"; to: Recipient; session: SessionFacts; reason: string; until: string }
  | {
      kind: "order.receipt";
      to: Recipient;
      order: { id: number; paid_at: string; amount_minor: number; currency: string; mode: string; lines: Line[] };
    }
  | {
      kind: "refund.notice";
      to: Recipient;
      order_id: number;
      state: "done" | "due";
      item_ids: number[];
      lines: Line[];
      /** A demo order: no card was charged, no money moves (absent from messages written before it was said) */
      demo?: boolean;
    }
  | {
      kind: "contact.received";
      message: { id: number; name: string; email: string; phone: string | null; subject: string; message: string; at: string };
    }
  | {
      kind: "contact.reply";
      to: Recipient;
      /** The message answered, quoted below the reply */
      message: { subject: string; message: string; at: string };
      reply: string;
      staff_name: string;
    }
  | { kind: "account.password_link"; to: Recipient; purpose: "set" | "reset"; link: string; expires_at: string }
  | { kind: "account.password_changed"; to: Recipient; at: string; how: "reset" | "account" | "link" }
  | { kind: "account.email_change"; to: Recipient; old_email: string; link: string; expires_at: string }
  | { kind: "account.email_changed"; to: Recipient; new_email: string; at: string }
  | {
      /** A mentor's calendar refused the portal (issue 69): once for each time it breaks */
      kind: "calendar.broken";
      to: Recipient;
      calendar: { label: string; provider: "caldav" | "google" | "microsoft"; code: string };
      broken_since: string;
      /** Its busy times count until then */
      counts_until: string;
    }
  | {
      kind: "account.security";
      to: Recipient;
      /** What changed in the second factor (issue 67); `name`: the factor's, for one added or removed */
      event: "factor_added" | "factor_removed" | "recovery_used" | "recovery_renewed" | "factors_reset" | "new_browser";
      name?: string;
      at: string;
    }
  | {
      kind: "agent.clients_handed_over";
      to: Recipient;
      /** from: the clients left this agent; to: this agent took them */
      role: "from" | "to";
      other: { name: string; email: string };
      clients: string[];
    }
  | {
      kind: "client.documents_requested";
      to: Recipient;
      agent: { name: string; email: string };
      items: string[];
      message: string | null;
      reminder: boolean;
      link: string;
      expires_at: string;
    }
  | {
      kind: "client.document_rejected";
      to: Recipient;
      agent: { name: string; email: string };
      title: string;
      reason: string;
      link: string;
      expires_at: string;
    }
  | { kind: "client.sign_in_link"; to: Recipient; agent: { name: string; email: string }; link: string; expires_at: string }
  /** Messages of the client's conversation wait unread (issue 39): one notice per thread per delay */
  | {
      kind: "client.new_messages";
      to: Recipient;
      agent: { name: string; email: string };
      count: number;
      link: string;
      expires_at: string;
    }
  | { kind: "agent.client_messages"; to: Recipient; client: { id: number; name: string }; count: number }
  /** The agent moved the client's case for a service to a stage (issue 39): its names in every language */
  | {
      kind: "client.case_moved";
      to: Recipient;
      agent: { name: string; email: string };
      service_id: number;
      stage: StageNames;
      next: StageNames | null;
      note: string | null;
      /** A one-time link to the client's page, when their access is open */
      link: string | null;
      expires_at: string | null;
    }
  | ClientMoveAsked
  | ClientMoveKept
  | QuestionnaireToClient
  | QuestionnaireSubmitted
  | AgreementToClient
  | AgreementSigned
  | CreditsExpiring;

/** A session pack's credits end in a week and some are left (issue 41): to the agent, and to the client. */
export type CreditsExpiring = {
  kind: "credits.expiring";
  to: Recipient;
  client: { id: number; name: string };
  agent: { name: string; email: string };
  pack_name: string;
  left: number;
  sessions: number;
  expires_at: string;
};

/** An agreement for the client to sign (issue 40): sent, or a reminder while unsigned. */
export type AgreementToClient = {
  kind: "client.agreement";
  to: Recipient;
  agent: { name: string; email: string };
  event: "sent" | "reminder";
  service_id: number;
  link: string;
  expires_at: string;
};
/** The client signed: to the agent. */
export type AgreementSigned = {
  kind: "agent.agreement_signed";
  to: Recipient;
  client: { id: number; name: string };
  service_id: number;
};

/**
 * A questionnaire for the client (issue 40): sent (by a payment or the agent), a reminder while unanswered, or
 * returned with the answers to correct. Its title in every language written; a one-time link that opens it.
 */
export type QuestionnaireToClient = {
  kind: "client.questionnaire";
  to: Recipient;
  agent: { name: string; email: string };
  event: "sent" | "reminder" | "returned";
  title: { en: string; ar?: string | null; es?: string | null; fr?: string | null };
  note: string | null;
  link: string | null;
  expires_at: string | null;
};
/** The client sent their answers: to the agent. */
export type QuestionnaireSubmitted = {
  kind: "agent.questionnaire_submitted";
  to: Recipient;
  client: { id: number; name: string };
  questionnaire: { id: number; name: string };
};

/** A client asked their agent to move a session (issue 39): to the agent. */
export type ClientMoveAsked = {
  kind: "booking.client_move_requested";
  to: Recipient;
  booking_id: number;
  client_name: string;
  mentor_name: string;
  start_at: string;
  reason: string;
};
/** The agent kept the session's time, with a word: to the client, in their language. */
export type ClientMoveKept = {
  kind: "client.move_kept";
  to: Recipient;
  agent: { name: string; email: string };
  mentor_name: string;
  start_at: string;
  answer: string;
};

/** A stage's name in English and, where written, the other languages. */
export type StageNames = { name: string; name_ar: string | null; name_es: string | null; name_fr: string | null };

export type Kind = Facts["kind"];

/** The messages a session sends to each of its people (the agent, the client, the mentor), each in their words. */
export type SessionKind = "booking.confirmed" | "booking.reminder" | "booking.cancelled" | "booking.moved";
