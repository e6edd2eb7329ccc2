/** The notices of the contact form: a message received (to the staff inbox) and staff's reply (to its sender). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Recipient } from "../mail/messages.js";
import { enqueue } from "../mail/outbox.js";

type Db = Kysely<Database>;

/** Staff's reply to a contact message, to its sender (reply-to: the staff inbox, set when it is sent). */
export async function contactReply(trx: Db, replyId: number, now = new Date()) {
  const r = await trx
    .selectFrom("contact_replies")
    .innerJoin("contact_messages as m", "m.id", "contact_replies.message_id")
    .innerJoin("staff", "staff.id", "contact_replies.staff_id")
    .leftJoin("agents", "agents.id", "m.agent_id")
    .select([
      "contact_replies.body",
      "staff.name as staff_name",
      "m.name",
      "m.email",
      "m.subject",
      "m.message",
      "m.created_at",
      "agents.time_zone as agent_zone",
    ])
    .where("contact_replies.id", "=", replyId)
    .executeTakeFirst();
  if (!r) return;
  const to: Recipient = { email: r.email, name: r.name, zone: r.agent_zone ?? "UTC", role: r.agent_zone ? "agent" : "client" };
  await enqueue(
    trx,
    {
      dedupeKey: `contact.reply:${replyId}`,
      to: r.email,
      facts: {
        kind: "contact.reply",
        to,
        message: { subject: r.subject, message: r.message, at: new Date(r.created_at).toISOString() },
        reply: r.body,
        staff_name: r.staff_name,
      },
    },
    now,
  );
}

/** A contact-us message: to the staff inbox, with reply-to set to the sender. */
export async function contactReceived(trx: Db, messageId: number, now = new Date()) {
  const m = await trx.selectFrom("contact_messages").selectAll().where("id", "=", messageId).executeTakeFirst();
  if (!m) return;
  await enqueue(
    trx,
    {
      dedupeKey: `contact.received:${messageId}`,
      to: null,
      replyTo: m.email,
      facts: {
        kind: "contact.received",
        message: {
          id: m.id,
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          at: new Date(m.created_at).toISOString(),
        },
      },
    },
    now,
  );
}
