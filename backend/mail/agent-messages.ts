/**
 * An agent's e-mails, in English: their sessions (booked, reminded, cancelled, moved, asked to move; each with its
 * calendar invite), their receipts and refunds, and clients handed to or from them.
 */
import { translator } from "../../lib/i18n/index.js";
import {
  calendarBlocks,
  compose,
  money,
  sessionInvite,
  when,
  type Block,
  type MailContext,
  type Recipient,
  type Rendered,
  type SessionFacts,
} from "./compose.js";
import type { Facts, SessionKind } from "./facts.js";

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

export const greet = (to: { name: string }) => `Hello ${to.name},`;

/** The web calendars' links, as an agent's (English) e-mail words them. */
const addTo = { google: "Add to Google Calendar", outlook: "Add to Outlook" };

export const whyAgent = "You get this e-mail because you are the agent on this account.";

type AgentFacts = Extract<
  Facts,
  {
    kind:
      | SessionKind
      | "booking.move_requested"
      | "order.receipt"
      | "refund.notice"
      | "agent.clients_handed_over"
      | "agent.client_messages"
      | "booking.client_move_requested"
      | "agent.questionnaire_submitted"
      | "agent.agreement_signed"
      | "credits.expiring";
  }
>;

export function agentMessage(facts: AgentFacts, ctx: MailContext): Rendered {
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
      const ics = sessionInvite(ctx, to, s, "REQUEST");
      blocks.push(...calendarBlocks(ics.links, addTo));
      const r = compose(
        ctx,
        `Confirmed: mentor session with ${s.mentor_name}, ${when(s.start_at, to.zone)}`,
        greet(to),
        blocks,
        whyAgent,
      );
      return { ...r, ics };
    }
    case "booking.reminder": {
      const { to, session: s } = facts;
      const ics = sessionInvite(ctx, to, s, "REQUEST");
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
          ...calendarBlocks(ics.links, addTo),
        ],
        whyAgent,
      );
      return { ...r, ics };
    }
    case "booking.cancelled": {
      const { to, session: s } = facts;
      const refund =
        facts.refund === "refunded"
          ? "It has been refunded."
          : facts.refund === "due"
            ? "Its refund is due: you will get an e-mail when it is made."
            : facts.refund === "credit_returned"
              ? "It was booked with a session pack credit: the credit is back in the client's pack."
              : facts.refund === "credit_used"
                ? `It was booked with a session pack credit and cancelled less than ${ctx.cancelCutoffHours} hours before the start, so the credit is used (Terms §4).`
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
      const ics = sessionInvite(ctx, to, s, "REQUEST");
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
          ...calendarBlocks(ics.links, addTo),
        ],
        whyAgent,
      );
      return { ...r, ics };
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
    case "booking.client_move_requested": {
      const { to } = facts;
      return compose(
        ctx,
        `${facts.client_name} asks to move a session`,
        greet(to),
        [
          {
            p: `Your client ${facts.client_name} asks to move their session with ${facts.mentor_name} of ${when(facts.start_at, to.zone)}.`,
          },
          { rows: [["Why", facts.reason]] },
          {
            p: "Choose a new time, or keep this one with a word for the client: they see your answer on their page.",
          },
          { link: { text: "Answer the request", href: `${ctx.publicUrl}/bookings/${facts.booking_id}/move` } },
        ],
        "You get this e-mail because a client of yours asked to move one of their sessions.",
      );
    }
    case "agent.agreement_signed": {
      const { to, client } = facts;
      const service = translator("en")(`services.s${facts.service_id}.name`);
      return compose(
        ctx,
        `${client.name} signed the ${service} agreement`,
        greet(to),
        [
          {
            p: `Your client ${client.name} signed the ${service} agreement. The signed PDF, with the signature's record, is among their documents.`,
          },
          { link: { text: "See the client's agreements", href: `${ctx.publicUrl}/clients/${client.id}/agreements` } },
        ],
        "You get this e-mail because a client of yours signed an agreement.",
      );
    }
    case "credits.expiring": {
      const { to, client } = facts;
      return compose(
        ctx,
        `${client.name}'s session credits end on ${when(facts.expires_at, to.zone)}`,
        greet(to),
        [
          {
            p: `${client.name} has ${facts.left} of ${facts.sessions} sessions of ${facts.pack_name} left. They end on ${when(facts.expires_at, to.zone)}: a credit not used to book a session before then expires.`,
          },
          { link: { text: "Book a session with a credit", href: `${ctx.publicUrl}/mentors?client=${client.id}` } },
        ],
        "You get this e-mail because a client of yours has session credits about to end.",
      );
    }
    case "agent.questionnaire_submitted": {
      const { to, client, questionnaire } = facts;
      return compose(
        ctx,
        `${client.name} sent their answers: ${questionnaire.name}`,
        greet(to),
        [
          { p: `Your client ${client.name} answered the questionnaire “${questionnaire.name}” and sent it to you to review.` },
          {
            link: {
              text: "Review the answers",
              href: `${ctx.publicUrl}/clients/${client.id}/questionnaires/${questionnaire.id}`,
            },
          },
        ],
        "You get this e-mail because a client of yours sent you a questionnaire's answers.",
      );
    }
    case "agent.client_messages": {
      const { to, client } = facts;
      const some = facts.count === 1 ? "a message" : `${facts.count} messages`;
      return compose(
        ctx,
        facts.count === 1 ? `${client.name} wrote to you` : `${client.name} wrote to you (${facts.count} messages)`,
        greet(to),
        [
          { p: `Your client ${client.name} sent you ${some} in their conversation, not read yet.` },
          { link: { text: "Read and answer", href: `${ctx.publicUrl}/clients/${client.id}/messages` } },
        ],
        "You get this e-mail because a client of yours wrote to you and it has waited unread.",
      );
    }
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
  }
}
