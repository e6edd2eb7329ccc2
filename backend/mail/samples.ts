/**
 * One message of every kind, to every kind of reader who gets it, with made-up facts (issue 42, point 1): what the
 * office's previews show and what the layout's tests draw at a phone's width. A client's and a mentor's in the
 * language asked for; an agent's, staff's and a visitor's in English, as they are sent. Long names and a long link
 * are in on purpose: the layout must wrap them, not scroll sideways.
 */
import type { Lang } from "../../lib/i18n/languages.js";
import type { Line, Recipient, SessionFacts } from "./compose.js";
import type { Facts } from "./facts.js";

export function sampleFacts(lang: Lang, publicUrl: string): Facts[] {
  const at = (days: number, hour = 15) => new Date(Date.UTC(2027, 2, 1 + days, hour)).toISOString();
  const agentTo: Recipient = { email: "ana.agent@example.com", name: "Ana Agent", zone: "Europe/Lisbon", role: "agent" };
  const clientTo: Recipient = {
    email: "lena.client@example.com",
    name: "Lena Maria Rodríguez-Villanueva",
    zone: "America/Mexico_City",
    role: "client",
    lang,
  };
  const mentorTo: Recipient = { email: "wei.mentor@example.com", name: "Wei Chen", zone: "Asia/Singapore", role: "mentor", lang };
  const staffTo: Recipient = { email: "office@example.com", name: "Olga Office", zone: "UTC", role: "staff" };
  const agent = { name: agentTo.name, email: agentTo.email };
  /** A pack's credits running out, as the agent and the client are each told */
  const expiring = (to: typeof clientTo | typeof agentTo): Facts => ({
    kind: "credits.expiring",
    to,
    client: { id: 3, name: clientTo.name },
    agent,
    pack_name: "Career kick-off",
    left: 2,
    sessions: 3,
    expires_at: at(6),
  });
  const link = `${publicUrl}/my/link?token=${"x".repeat(43)}`;
  const session: SessionFacts = {
    booking_id: 7,
    mentor_name: "Wei Chen",
    mentor_zone: "Asia/Singapore",
    client_name: clientTo.name,
    client_zone: clientTo.zone,
    client_short: "Lena R.",
    agent_name: agent.name,
    agent_email: agent.email,
    topic: "Preparing for interviews at engineering firms in Munich and Stuttgart",
    start_at: at(3),
    end_at: at(3, 16),
    join_url: `https://meet.jit.si/Waypoint-${"0123456789abcdef".repeat(2)}`,
    sequence: 1,
  };
  const lines: Line[] = [
    {
      description: "Relocation plan: Full relocation support for a family of four",
      client_name: clientTo.name,
      price_minor: 149_000,
      currency: "USD",
    },
    {
      description: "Mentor session",
      client_name: clientTo.name,
      price_minor: 9_500,
      currency: "USD",
      session: { mentor_name: session.mentor_name, start_at: session.start_at, topic: session.topic },
    },
  ];
  const stage = { name: "Visa application", name_ar: "طلب التأشيرة", name_es: "Solicitud de visado", name_fr: "Demande de visa" };
  const sessionKinds = ["booking.confirmed", "booking.reminder", "booking.moved"] as const;
  const forEachReader = (to: Recipient): Facts[] => [
    ...sessionKinds.map((kind) =>
      kind === "booking.moved"
        ? { kind, to, session, from: { start_at: at(2), end_at: at(2, 16) } }
        : ({ kind, to, session } as Facts),
    ),
    { kind: "booking.cancelled", to, session, refund: "due", by: "agent" },
  ];
  const clients: Facts[] = [
    ...forEachReader(clientTo),
    {
      kind: "client.documents_requested",
      to: clientTo,
      agent,
      items: ["Passport", "Birth certificate"],
      message: "Please send them by Friday.",
      reminder: false,
      link,
      expires_at: at(7),
    },
    {
      kind: "client.document_rejected",
      to: clientTo,
      agent,
      title: "Passport",
      reason: "The scan is cut off at the bottom.",
      link,
      expires_at: at(7),
    },
    { kind: "client.sign_in_link", to: clientTo, agent, link, expires_at: at(1) },
    { kind: "client.new_messages", to: clientTo, agent, count: 2, link, expires_at: at(1) },
    {
      kind: "client.case_moved",
      to: clientTo,
      agent,
      service_id: 2,
      stage,
      next: null,
      note: "Your appointment is booked.",
      link,
      expires_at: at(1),
    },
    {
      kind: "client.move_kept",
      to: clientTo,
      agent,
      mentor_name: session.mentor_name,
      start_at: session.start_at,
      answer: "Wei cannot move it this week.",
    },
    {
      kind: "client.questionnaire",
      to: clientTo,
      agent,
      event: "sent",
      title: { en: "Before you move", es: "Antes de mudarse", fr: "Avant votre départ", ar: "قبل انتقالك" },
      note: null,
      link,
      expires_at: at(7),
    },
    { kind: "client.agreement", to: clientTo, agent, event: "sent", service_id: 2, link, expires_at: at(7) },
    expiring(clientTo),
  ];
  const mentors: Facts[] = [
    ...forEachReader(mentorTo),
    {
      kind: "calendar.broken",
      to: mentorTo,
      calendar: { label: "wei · caldav.fastmail.com", provider: "caldav", code: "calendar.password_refused" },
      broken_since: at(0),
      counts_until: at(1),
    },
  ];
  const english: Facts[] = [
    ...forEachReader(agentTo),
    { kind: "booking.move_requested", to: agentTo, session, reason: "I am travelling that week.", until: at(14) },
    {
      kind: "booking.client_move_requested",
      to: agentTo,
      booking_id: 7,
      client_name: clientTo.name,
      mentor_name: session.mentor_name,
      start_at: session.start_at,
      reason: "I start a new job that day.",
    },
    {
      kind: "order.receipt",
      to: agentTo,
      order: { id: 42, paid_at: at(0), amount_minor: 158_500, currency: "USD", mode: "stripe", lines },
    },
    { kind: "refund.notice", to: agentTo, order_id: 42, state: "done", item_ids: [1], lines: [lines[1]!] },
    {
      kind: "agent.clients_handed_over",
      to: agentTo,
      role: "to",
      other: { name: "Ben Agent", email: "ben@example.com" },
      clients: [clientTo.name],
    },
    { kind: "agent.client_messages", to: agentTo, client: { id: 3, name: clientTo.name }, count: 3 },
    {
      kind: "agent.questionnaire_submitted",
      to: agentTo,
      client: { id: 3, name: clientTo.name },
      questionnaire: { id: 1, name: "Before you move" },
    },
    { kind: "agent.agreement_signed", to: agentTo, client: { id: 3, name: clientTo.name }, service_id: 2 },
    expiring(agentTo),
    {
      kind: "account.password_link",
      to: agentTo,
      purpose: "set",
      link: `${publicUrl}/set-password?token=${"y".repeat(43)}`,
      expires_at: at(1),
    },
    { kind: "account.password_changed", to: agentTo, at: at(0), how: "account" },
    { kind: "account.security", to: agentTo, event: "factor_added", name: "My phone", at: at(0) },
    { kind: "account.security", to: agentTo, event: "new_browser", name: "Firefox on Windows (203.0.113.7)", at: at(0) },
    {
      kind: "account.email_change",
      to: agentTo,
      old_email: "ana.old@example.com",
      link: `${publicUrl}/confirm-email?token=${"z".repeat(43)}`,
      expires_at: at(1),
    },
    { kind: "account.email_changed", to: agentTo, new_email: "ana.new@example.com", at: at(0) },
    {
      kind: "contact.received",
      message: {
        id: 5,
        name: "Visitor Name",
        email: "visitor@example.com",
        phone: "+1 555 010 0199",
        subject: "A question about relocation",
        message: "Do you help with schools?",
        at: at(0),
      },
    },
    {
      kind: "contact.reply",
      to: { email: "visitor@example.com", name: "Visitor Name", zone: "UTC", role: "staff" },
      message: { subject: "A question about relocation", message: "Do you help with schools?", at: at(0) },
      reply: "Yes: our relocation plans include finding a school.",
      staff_name: staffTo.name,
    },
  ];
  return lang === "en" ? [...english, ...clients, ...mentors] : [...clients, ...mentors];
}
