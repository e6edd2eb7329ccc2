/** The contact form's e-mails: a message in, to the staff's inbox, and the office's reply, to whoever wrote. */
import { greet } from "./agent-messages.js";
import { compose, when, type MailContext, type Rendered } from "./compose.js";
import type { Facts } from "./facts.js";

export function contactMessage(
  facts: Extract<Facts, { kind: "contact.reply" | "contact.received" }>,
  ctx: MailContext,
): Rendered {
  switch (facts.kind) {
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
  }
}
