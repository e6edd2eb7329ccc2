/**
 * What a mentor is told of the sessions they give: booked (with the invite), moved (the invite again, its SEQUENCE
 * one higher), cancelled (the invite's cancellation) and the reminder. In the mentor's own zone, named; the client by first name and initial, the agent to write to;
 * never the price, nor anything of the client's papers.
 */
import {
  compose,
  sessionInvite,
  when,
  type Block,
  type MailContext,
  type Recipient,
  type Rendered,
  type SessionFacts,
} from "./compose.js";

type SessionMail =
  | { kind: "booking.confirmed"; to: Recipient; session: SessionFacts }
  | { kind: "booking.reminder"; to: Recipient; session: SessionFacts }
  | { kind: "booking.cancelled"; to: Recipient; session: SessionFacts; by: "agent" | "staff" | "mentor" | "mentor_change" }
  | { kind: "booking.moved"; to: Recipient; session: SessionFacts; from: { start_at: string; end_at: string } };

const why = (ctx: MailContext) => `You get this e-mail because you mentor for ${ctx.company.name}.`;

function rows(to: Recipient, s: SessionFacts): Array<[string, string]> {
  return [
    ["Client", s.client_short ?? s.client_name],
    ["Topic", s.topic],
    ["Starts", when(s.start_at, to.zone)],
    ["Ends", when(s.end_at, to.zone)],
    ["Booked by", `${s.agent_name} (${s.agent_email})`],
    ...(s.join_url ? ([["Join", s.join_url]] as Array<[string, string]>) : []),
  ];
}

export function mentorSessionMessage(facts: SessionMail, ctx: MailContext): Rendered {
  const { to, session: s } = facts;
  const client = s.client_short ?? s.client_name;
  const agenda: Block = { link: { text: "Your agenda", href: `${ctx.publicUrl}/mentoring` } };
  const greeting = `Hello ${to.name},`;
  switch (facts.kind) {
    case "booking.confirmed": {
      const r = compose(
        ctx,
        `New session: ${client}, ${when(s.start_at, to.zone)}`,
        greeting,
        [
          { p: `A session with you has been booked and paid. The invite is attached: add it to your calendar.` },
          { rows: rows(to, s) },
          { p: `For anything about the session, write to ${s.agent_name}, the agent who booked it.` },
          agenda,
        ],
        why(ctx),
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.reminder": {
      const r = compose(
        ctx,
        `Reminder: session with ${client}, ${when(s.start_at, to.zone)}`,
        greeting,
        [{ p: `A reminder: your session with ${client} starts in about 24 hours.` }, { rows: rows(to, s) }, agenda],
        why(ctx),
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.moved": {
      const r = compose(
        ctx,
        `Moved: session with ${client}, now ${when(s.start_at, to.zone)}`,
        greeting,
        [
          {
            p: `Your session with ${client} has moved from ${when(facts.from.start_at, to.zone)} to ${when(s.start_at, to.zone)}. The updated invite is attached: your calendar moves the event.`,
          },
          { rows: rows(to, s) },
          agenda,
        ],
        why(ctx),
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "REQUEST") };
    }
    case "booking.cancelled": {
      const by = facts.by === "staff" ? "the consultancy" : `${s.agent_name}, the agent who booked it`;
      const r = compose(
        ctx,
        `Cancelled: session with ${client}, ${when(s.start_at, to.zone)}`,
        greeting,
        [
          {
            p:
              facts.by === "mentor"
                ? `You asked to move your session with ${client} and no new time was chosen before it: it is cancelled, and the client refunded. The calendar cancellation is attached.`
                : facts.by === "mentor_change"
                  ? `Your session with ${client} is cancelled, as your new hours leave it out; the client is refunded in full. The calendar cancellation is attached.`
                  : `Your session with ${client} has been cancelled by ${by}. The calendar cancellation is attached.`,
          },
          { rows: rows(to, s) },
          agenda,
        ],
        why(ctx),
      );
      return { ...r, ics: sessionInvite(ctx, to, s, "CANCEL") };
    }
  }
}
