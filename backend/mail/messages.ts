/**
 * What each e-mail says. A message is written from its facts (taken in the transaction of the event that caused
 * it, and kept in the outbox row) and the consultancy's settings: plain text and HTML, every time in the
 * recipient's zone with the zone named (and the mentor's for sessions), money with its currency, and a footer
 * saying why the recipient got it. Sessions carry a calendar invite (a cancellation, its cancel).
 */
import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale, pathInLang } from "../../lib/i18n/languages.js";
import { clientMessage, isClientMessage, type ClientFacts } from "./client-messages.js";
import {
  compose,
  money,
  sessionInvite,
  when,
  type Block,
  type Line,
  type MailContext,
  type Recipient,
  type Rendered,
  type SessionFacts,
} from "./compose.js";
import { mentorSessionMessage } from "./mentor-messages.js";

export * from "./compose.js";

export type Facts =
  | { kind: "booking.confirmed"; to: Recipient; session: SessionFacts }
  | { kind: "booking.reminder"; to: Recipient; session: SessionFacts }
  | {
      kind: "booking.cancelled";
      to: Recipient;
      session: SessionFacts;
      refund: "refunded" | "due" | "none";
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
  | { kind: "client.sign_in_link"; to: Recipient; agent: { name: string; email: string }; link: string; expires_at: string };

export type Kind = Facts["kind"];

function sessionRows(to: Recipient, s: SessionFacts): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ["Mentor", s.mentor_name],
    ["Client", s.client_name],
    ["Topic", s.topic],
    ["Starts", when(s.start_at, to.zone)],
    ["Ends", when(s.end_at, to.zone)],
  ];
  if (s.mentor_zone !== to.zone) rows.push(["In the mentor's zone", `${when(s.start_at, s.mentor_zone)}`]);
  // The agent books for a client who may live elsewhere: their time too, so nobody does the arithmetic.
  if (s.client_zone && s.client_zone !== to.zone) rows.push([`For ${s.client_name}`, when(s.start_at, s.client_zone)]);
  if (s.join_url) rows.push(["Join", s.join_url]);
  return rows;
}

const greet = (to: { name: string }) => `Hello ${to.name},`;

const whyAgent = "You get this e-mail because you are the agent on this account.";

export function render(facts: Facts, ctx: MailContext): Rendered {
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
    case "booking.confirmed": {
      const { to, session: s } = facts;
      const blocks: Block[] = [
        { p: `Your mentor session with ${s.mentor_name} is confirmed. The invite is attached: add it to your calendar.` },
        { rows: sessionRows(to, s) },
      ];
      blocks.push({
        p: `To cancel, open Mentor sessions in the portal. Cancelled until ${when(new Date(Date.parse(s.start_at) - ctx.cancelCutoffHours * 3_600_000).toISOString(), to.zone)}, it is refunded; after that and until the start, it is cancelled without a refund (Terms §4).`,
      });
      blocks.push({ link: { text: "Your sessions", href: `${ctx.publicUrl}/bookings` } });
      const r = compose(
        ctx,
        `Confirmed: mentor session with ${s.mentor_name}, ${when(s.start_at, to.zone)}`,
        greet(to),
        blocks,
        whyAgent,
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.reminder": {
      const { to, session: s } = facts;
      // Sent before the refund's cut-off (issue 23, point 9): the agent can still cancel with a refund when it comes.
      const cutoff = when(new Date(Date.parse(s.start_at) - ctx.cancelCutoffHours * 3_600_000).toISOString(), to.zone);
      const r = compose(
        ctx,
        `Reminder: mentor session with ${s.mentor_name}, ${when(s.start_at, to.zone)}`,
        greet(to),
        [
          { p: `A reminder: your mentor session with ${s.mentor_name} is coming up.` },
          { rows: sessionRows(to, s) },
          {
            p: `It can still be moved, or cancelled with a refund, until ${cutoff}; after that it can be cancelled without a refund (Terms §4).`,
          },
        ],
        whyAgent,
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.cancelled": {
      const { to, session: s } = facts;
      const refund =
        facts.refund === "refunded"
          ? "It has been refunded."
          : facts.refund === "due"
            ? "Its refund is due: you will get an e-mail when it is made."
            : `It was cancelled less than ${ctx.cancelCutoffHours} hours before the start, so it is not refunded (Terms §4).`;
      const blocks: Block[] = [
        {
          p:
            facts.by === "mentor"
              ? `Your mentor session with ${s.mentor_name} has been cancelled: ${s.mentor_name} could not make this time and no new one was chosen before it. The calendar cancellation is attached.`
              : facts.by === "mentor_change"
                ? `Your mentor session with ${s.mentor_name} has been cancelled: ${s.mentor_name} is no longer available at this time. The calendar cancellation is attached.`
                : `Your mentor session with ${s.mentor_name} has been cancelled${facts.by === "staff" ? " by the consultancy" : ""}. The calendar cancellation is attached.`,
        },
        { rows: sessionRows(to, s) },
      ];
      blocks.push({ p: refund });
      const r = compose(
        ctx,
        `Cancelled: mentor session with ${s.mentor_name}, ${when(s.start_at, to.zone)}`,
        greet(to),
        blocks,
        whyAgent,
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "CANCEL") };
    }
    case "booking.moved": {
      const { to, session: s } = facts;
      const r = compose(
        ctx,
        `Moved: mentor session with ${s.mentor_name}, now ${when(s.start_at, to.zone)}`,
        greet(to),
        [
          {
            p: `Your mentor session with ${s.mentor_name} has moved from ${when(facts.from.start_at, to.zone)} to ${when(s.start_at, to.zone)}. The updated invite is attached: your calendar moves the event.`,
          },
          { rows: sessionRows(to, s) },
          { link: { text: "Your sessions", href: `${ctx.publicUrl}/bookings` } },
        ],
        whyAgent,
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.move_requested": {
      const { to, session: s } = facts;
      return compose(
        ctx,
        `${s.mentor_name} asks to move the session with ${s.client_name}, ${when(s.start_at, to.zone)}`,
        greet(to),
        [
          { p: `${s.mentor_name} cannot give this session at its time and asks you to choose another:` },
          { p: `“${facts.reason}”` },
          { rows: sessionRows(to, s) },
          {
            p: `Choose any free time of ${s.mentor_name}'s until ${when(facts.until, to.zone)}, at no charge. If no new time is chosen before the session's start, it is cancelled and refunded in full. You may also cancel it now, refunded in full.`,
          },
          { link: { text: "Choose a new time", href: `${ctx.publicUrl}/bookings/${s.booking_id}/move` } },
        ],
        whyAgent,
      );
    }
    case "order.receipt": {
      const { to, order } = facts;
      return compose(
        ctx,
        `Receipt for order ${order.id}: ${money(order.amount_minor, order.currency)}`,
        greet(to),
        [
          { p: `Thank you: order ${order.id} is paid.` },
          {
            rows: [
              ["Order", String(order.id)],
              ["Paid", when(order.paid_at, to.zone)],
              ...(order.mode === "demo" ? ([["Payment", "Demo mode: no money was taken"]] as Array<[string, string]>) : []),
            ],
          },
          { lines: order.lines, total: money(order.amount_minor, order.currency), zone: to.zone },
          { link: { text: "A printable receipt", href: `${ctx.publicUrl}/orders/${order.id}/receipt` } },
        ],
        whyAgent,
      );
    }
    case "refund.notice": {
      const { to } = facts;
      const total = facts.lines.reduce((n, l) => n + l.price_minor, 0);
      const currency = facts.lines[0]?.currency ?? "USD";
      return compose(
        ctx,
        facts.state === "done"
          ? `Refunded: ${money(total, currency)} on order ${facts.order_id}`
          : `Refund due: ${money(total, currency)} on order ${facts.order_id}`,
        greet(to),
        [
          {
            p:
              facts.state === "done"
                ? facts.demo
                  ? `We have marked these items of order ${facts.order_id} refunded. It was a demo payment: nothing was charged, so no money moves.`
                  : `We have refunded these items of order ${facts.order_id}. The money reaches the card it was paid with within 5 to 10 days.`
                : `These items of order ${facts.order_id} are due a refund. The consultancy is making it; you will get an e-mail when it is done.`,
          },
          { lines: facts.lines, total: money(total, currency), zone: to.zone },
          { link: { text: `Order ${facts.order_id}`, href: `${ctx.publicUrl}/orders/${facts.order_id}` } },
        ],
        whyAgent,
      );
    }
    case "contact.reply": {
      const { to, message } = facts;
      return compose(
        ctx,
        `Re: ${message.subject}`,
        greet(to),
        [
          { p: facts.reply },
          { p: `${facts.staff_name}, ${ctx.company.name}` },
          {
            rows: [
              ["You wrote on", when(message.at, to.zone)],
              ["Subject", message.subject],
            ],
          },
          { p: message.message },
        ],
        "You get this e-mail because you wrote to us through our contact form. Reply to it to write back.",
      );
    }
    case "contact.received": {
      const m = facts.message;
      return compose(
        ctx,
        `Contact form: ${m.subject}`,
        "A message came in through the contact form. Reply to this e-mail to answer the sender.",
        [
          {
            rows: [
              ["From", `${m.name} <${m.email}>`],
              ["Phone", m.phone ?? "not given"],
              ["Subject", m.subject],
              ["Received", when(m.at, "UTC")],
            ],
          },
          { p: m.message },
          { link: { text: "The inbox in the back office", href: `${ctx.publicUrl}/office/messages` } },
        ],
        "You get this e-mail because this address is the consultancy's staff inbox.",
      );
    }
    case "account.password_link":
    case "account.password_changed":
    case "account.email_change":
    case "account.email_changed":
      return accountMessage(facts, ctx);
    case "agent.clients_handed_over": {
      const { to, other } = facts;
      const n = facts.clients.length;
      const list = facts.clients.join(", ");
      const some = n === 1 ? "a client" : `${n} clients`;
      return compose(
        ctx,
        facts.role === "to" ? `${other.name}'s clients are now yours (${n})` : `Your clients went to ${other.name} (${n})`,
        greet(to),
        facts.role === "to"
          ? [
              { p: `The office handed ${some} of ${other.name} (${other.email}) to you: ${list}.` },
              {
                p: "Their case files came with them: notes, timeline, documents, requests and sessions. Their orders stay with the agent who paid them.",
              },
              { link: { text: "Open your clients", href: `${ctx.publicUrl}/clients` } },
            ]
          : [
              { p: `The office handed ${some} of yours to ${other.name} (${other.email}): ${list}.` },
              {
                p: "Their case files and sessions went with them; items of your cart that named them were taken out. Your orders stay yours.",
              },
            ],
        "You get this e-mail because the office moved clients to or from you.",
      );
    }
    // Always to a client: written above, in the client's language.
    case "client.documents_requested":
    case "client.document_rejected":
    case "client.sign_in_link":
      return clientMessage(facts, ctx);
  }
}

/**
 * An account's password and address e-mails, from the catalogue's `accountMail`: in a mentor's language (issue 26),
 * in English for agents and staff (no `lang`). The pages their links open are in the same language.
 */
function accountMessage(
  facts: Extract<
    Facts,
    { kind: "account.password_link" | "account.password_changed" | "account.email_change" | "account.email_changed" }
  >,
  ctx: MailContext,
): Rendered {
  const { to } = facts;
  const lang = asLang(to.lang);
  const t = translator(lang);
  const at = (iso: string) => when(iso, to.zone, intlLocale(lang));
  const company = ctx.company.name;
  const inLang = (href: string) => {
    const url = new URL(href);
    url.pathname = pathInLang(url.pathname, lang);
    return url.toString();
  };
  const write = (subject: string, blocks: Block[], why: string) =>
    compose(ctx, subject, t("mail.hello", { name: to.name }), blocks, why, lang);
  switch (facts.kind) {
    case "account.password_link": {
      const reset = facts.purpose === "reset";
      return write(
        t(reset ? "accountMail.resetSubject" : "accountMail.setSubject", { company }),
        [
          { p: t(reset ? "accountMail.reset" : "accountMail.set", { company }) },
          { link: { text: t(reset ? "accountMail.resetLink" : "accountMail.setLink"), href: inLang(facts.link) } },
          { p: t("accountMail.linkOnce", { until: at(facts.expires_at) }) },
        ],
        t(reset ? "accountMail.whyReset" : "accountMail.whySet"),
      );
    }
    case "account.password_changed":
      return write(
        t("accountMail.changedSubject", { company }),
        [
          { p: t(facts.how === "reset" ? "accountMail.changedByReset" : "accountMail.changed", { when: at(facts.at) }) },
          { p: t("accountMail.notYou") },
          { link: { text: t("accountMail.resetLink"), href: inLang(`${ctx.publicUrl}/forgot-password`) } },
        ],
        t("accountMail.whyChanged"),
      );
    case "account.email_change":
      return write(
        t("accountMail.emailChangeSubject", { company }),
        [
          { p: t("accountMail.emailChange", { company, old: facts.old_email }) },
          { link: { text: t("accountMail.confirmAddress"), href: facts.link } },
          { p: t("accountMail.emailChangeLinkOnce", { until: at(facts.expires_at) }) },
        ],
        t("accountMail.whyEmailChange"),
      );
    case "account.email_changed":
      return write(
        t("accountMail.emailChangedSubject", { company }),
        [
          { p: t("accountMail.emailChanged", { when: at(facts.at), new: facts.new_email }) },
          { p: t("accountMail.emailChangedNotYou") },
        ],
        t("accountMail.whyEmailChanged"),
      );
  }
}
