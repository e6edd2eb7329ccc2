/**
 * What each e-mail says. A message is written from its facts (taken in the transaction of the event that caused
 * it, and kept in the outbox row) and the consultancy's settings: plain text and HTML, every time in the
 * recipient's zone with the zone named (and the mentor's for sessions), money with its currency, and a footer
 * saying why the recipient got it. Sessions carry a calendar invite (a cancellation, its cancel).
 */
import { accountMessage } from "./account-messages.js";
import { agentMessage } from "./agent-messages.js";
import { clientMessage, isClientMessage, type ClientFacts } from "./client-messages.js";
import type { MailContext, Rendered } from "./compose.js";
import { contactMessage } from "./contact-messages.js";
import type { Facts } from "./facts.js";
import { brandedHtml } from "./layout.js";
import { mentorCalendarMessage, mentorSessionMessage } from "./mentor-messages.js";

export * from "./compose.js";
export type { Facts, Kind } from "./facts.js";

/**
 * A message as it is sent: its words (the kind's writer below), then its HTML part drawn in the firm's layout
 * (layout.tsx, issue 42): the writers describe, one layout draws.
 */
export async function render(facts: Facts, ctx: MailContext): Promise<Rendered> {
  const message = write(facts, ctx);
  return message.layout ? { ...message, html: await brandedHtml(message.layout, ctx) } : message;
}

/** A message's words (subject, plain text, the layout's blocks), without its HTML part. */
export function write(facts: Facts, ctx: MailContext): Rendered {
  // The mentor's own words for their sessions (mentor-messages.ts).
  if (
    (facts.kind === "booking.confirmed" ||
      facts.kind === "booking.reminder" ||
      facts.kind === "booking.cancelled" ||
      facts.kind === "booking.moved") &&
    facts.to.role === "mentor"
  ) {
    return mentorSessionMessage(facts, ctx);
  }
  // A client's in the client's language (client-messages.ts); what is left of a session's messages is the agent's.
  if (isClientMessage(facts)) return clientMessage(facts as ClientFacts, ctx);
  switch (facts.kind) {
    case "booking.confirmed":
    case "booking.reminder":
    case "booking.cancelled":
    case "booking.moved":
    case "booking.move_requested":
    case "order.receipt":
    case "refund.notice":
    case "agent.clients_handed_over":
    case "agent.client_messages":
    case "booking.client_move_requested":
    case "agent.questionnaire_submitted":
    case "agent.agreement_signed":
    case "credits.expiring":
      return agentMessage(facts, ctx);
    case "contact.reply":
    case "contact.received":
      return contactMessage(facts, ctx);
    case "account.password_link":
    case "account.password_changed":
    case "account.email_change":
    case "account.email_changed":
    case "account.security":
      return accountMessage(facts, ctx);
    case "calendar.broken":
      return mentorCalendarMessage(facts, ctx);
    // Always to a client: written above, in the client's language.
    case "client.documents_requested":
    case "client.document_rejected":
    case "client.sign_in_link":
    case "client.new_messages":
    case "client.case_moved":
    case "client.move_kept":
    case "client.questionnaire":
    case "client.agreement":
      return clientMessage(facts, ctx);
  }
}
