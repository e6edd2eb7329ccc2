/**
 * A reminder's messages (issue 42): its e-mail, and for each channel its person agreed to (SMS, WhatsApp) a row of
 * its own to the number they gave (`<dedupeKey>:<channel>`, once however often the event is written), all in the
 * caller's transaction. The phone's row keeps what its short text is written from (`PhoneFacts`), not the e-mail's.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Facts } from "../mail/facts.js";
import { enqueue } from "../mail/outbox.js";
import { countingConsents } from "./consents.js";
import { phoneFacts, type PhonePerson } from "./texts.js";

export async function enqueueReminder(
  trx: Kysely<Database>,
  message: { dedupeKey: string; to: string | null; replyTo?: string | null; facts: Facts; person: PhonePerson },
  now = new Date(),
) {
  const { person, ...mail } = message;
  await enqueue(trx, mail, now);
  const byPhone = phoneFacts(message.facts, person);
  if (!byPhone) return;
  for (const consent of await countingConsents(trx, person)) {
    await enqueue(
      trx,
      {
        dedupeKey: `${message.dedupeKey}:${consent.channel}`,
        to: consent.phone,
        facts: { kind: message.facts.kind, ...byPhone },
        channel: consent.channel,
      },
      now,
    );
  }
}
