/**
 * A message by phone as the outbox worker sends it (backend/mail/outbox.ts claims the row, once among any number of
 * instances): still wanted (the person's consent at that number is live, a session still on), then written in the
 * reader's language and handed to Twilio (a WhatsApp message through the office's template). A refusal that trying
 * again cannot change fails the row at once (`PhoneRefused`); an unsubscribed number withdraws its consents.
 */
import type { Kysely } from "kysely";
import type { PhoneChannel } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import type { PhoneDelivery } from "../mail/outbox.js";
import { stopNumber } from "./consents.js";
import { PhoneRefused, PhoneUnanswered, type PhoneSender, type Taken } from "./sender.js";
import { templateFor } from "./templates.js";
import { phoneText, type PhoneFacts } from "./texts.js";

export type PhoneDeps = { sender: PhoneSender | null; publicUrl: string };

/**
 * The outbox worker's way to send a phone's row: sent, skipped, or refused for good (an unsubscribed number's
 * consents withdrawn on the way); a failure that may pass (a time-out, Twilio's 5xx) is thrown, to be tried again.
 */
export function phoneDelivery(db: Kysely<Database>, deps: PhoneDeps): PhoneDelivery {
  return async (row, company) => {
    try {
      return await sendByPhone(db, row, deps, company);
    } catch (error) {
      if (error instanceof PhoneUnanswered) return { unanswered: error.message };
      if (!(error instanceof PhoneRefused)) throw error;
      if (error.stopped && row.to_address) {
        const how = "the provider said the number is unsubscribed (it replied STOP)";
        await stopNumber(db, row.to_address, row.channel as PhoneChannel, how);
      }
      return { refused: error.message };
    }
  };
}

/**
 * Where Twilio tells of a message's delivery (and whose URL its signature covers): a message's own names its outbox
 * row (`?outbox=<id>`), so that a callback reaches the row even when the answer to the send was lost (issue 66).
 */
export const twilioCallbackUrl = (publicUrl: string, what: "status" | "inbound", outboxId?: number) =>
  `${publicUrl.replace(/\/$/, "")}/backend/twilio/${what}${outboxId ? `?outbox=${outboxId}` : ""}`;

type Row = { id: number; channel: string; to_address: string | null; payload: string };

export async function sendByPhone(
  db: Kysely<Database>,
  row: Row,
  deps: PhoneDeps | null,
  company: string,
): Promise<{ skipped: string } | { taken: Taken }> {
  const f = JSON.parse(row.payload) as PhoneFacts;
  const channel = row.channel as PhoneChannel;
  const consent = await db
    .selectFrom("message_consents")
    .select(["id", "verified_at"])
    .where("account_kind", "=", f.person.kind)
    .where("account_id", "=", f.person.id)
    .where("channel", "=", channel)
    .where("phone", "=", row.to_address ?? "")
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  if (!consent) return { skipped: "The person's consent to this channel at this number was withdrawn." };
  // A reminder goes only to a number confirmed by its code; the code itself goes to the number waiting for it.
  if (f.purpose === "phone_code" ? consent.verified_at !== null : consent.verified_at === null) {
    return { skipped: f.purpose === "phone_code" ? "The number was confirmed already." : "The number was not confirmed." };
  }
  if (f.session) {
    const b = await db.selectFrom("mentor_bookings").select("status").where("id", "=", f.session.booking_id).executeTakeFirst();
    if (b?.status !== "confirmed") return { skipped: "The session is no longer on." };
  }
  if (!deps?.sender) throw new PhoneRefused("Messages by phone are not set up on this server (TWILIO_ACCOUNT_SID).");
  const { body, variables } = phoneText(f, { publicUrl: deps.publicUrl, company });
  let template: { contentSid: string; variables: Record<string, string> } | undefined;
  if (channel === "whatsapp") {
    const chosen = await templateFor(db, f.purpose, f.lang);
    if (chosen) template = { contentSid: chosen.content_sid, variables };
    // The quick start's files take the text itself (a number's code among them): only Twilio needs the template.
    else if (deps.sender.templated) {
      throw new PhoneRefused(`No WhatsApp template for ${f.purpose} in ${f.lang} or English: the office sets one.`);
    }
  }
  const taken = await deps.sender.send({
    outboxId: row.id,
    channel,
    to: row.to_address!,
    body,
    template,
    statusCallback: twilioCallbackUrl(deps.publicUrl, "status", row.id),
  });
  return { taken };
}
