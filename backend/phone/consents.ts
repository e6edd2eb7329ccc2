/**
 * Consent to reminders by phone (issue 42, point 2): asked on the person's own page (`/my` for a client, `/account`
 * for an agent or a mentor), kept with the number (E.164), the words shown, when and how it was given; withdrawn
 * there, or by replying STOP to the firm's number. A consent is never rewritten but to withdraw it: a new number or a
 * renewed consent is a new row, the one before withdrawn in the same transaction (one live consent per person and
 * channel, a unique index).
 */
import type { Kysely } from "kysely";
import { toE164, type MessagingState, type PhoneChannel, type PhoneConsent } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import type { PhonePerson } from "./texts.js";

type Db = Kysely<Database>;

/** The words a person agrees to, in their language, naming the firm and the channel. */
export function consentWords(lang: Lang, channel: PhoneChannel, company: string): string {
  const t = translator(lang);
  return t("phoneConsent.words", { company, channel: t(`phoneConsent.${channel}`) });
}

/** A person's live consents (none withdrawn), by channel. */
export async function liveConsents(db: Db, person: PhonePerson) {
  return db
    .selectFrom("message_consents")
    .select(["id", "channel", "phone", "given_at", "words", "given_how"])
    .where("account_kind", "=", person.kind)
    .where("account_id", "=", person.id)
    .where("withdrawn_at", "is", null)
    .orderBy("channel")
    .execute();
}

const phoneTables = { agent: "agents", mentor: "mentors", client: "clients" } as const;

/** The person's phone on file, in E.164 when it reads as one (the form's first value). */
async function phoneOnFile(db: Db, person: PhonePerson): Promise<string | null> {
  const row = await db.selectFrom(phoneTables[person.kind]).select("phone").where("id", "=", person.id).executeTakeFirst();
  return row?.phone ? toE164(row.phone) : null;
}

export async function messagingState(
  db: Db,
  person: PhonePerson,
  lang: Lang,
  offer: { channels: PhoneChannel[]; company: string },
): Promise<MessagingState> {
  const consents = await liveConsents(db, person);
  return {
    channels: offer.channels,
    consents: consents.map((c) => ({ ...c, given_at: new Date(c.given_at).toISOString() }) as PhoneConsent),
    words: { sms: consentWords(lang, "sms", offer.company), whatsapp: consentWords(lang, "whatsapp", offer.company) },
    phone_on_file: await phoneOnFile(db, person),
  };
}

/**
 * Records a consent: the words are the API's own for the language the page showed (never the caller's copy), how it
 * was given is the page and the signed-in kind. A consent already live for the channel is withdrawn by this one.
 */
export async function giveConsent(
  db: Db,
  person: PhonePerson,
  input: { channel: PhoneChannel; phone: string; lang: Lang },
  offer: { channels: PhoneChannel[]; company: string },
  now = new Date(),
) {
  if (!offer.channels.includes(input.channel)) {
    throw new Invalid("consent.channel_off", "That channel is not offered here.", {
      channel: [{ code: "consent.channel_off", message: "That channel is not offered here." }],
    });
  }
  const page = person.kind === "client" ? "/my" : "/account";
  // Two at once for the same channel: the second finds the first's row live and retries once (the unique index holds).
  for (let attempt = 0; ; attempt++) {
    try {
      await recordConsent(db, person, input, offer.company, page, now);
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}

async function recordConsent(
  db: Db,
  person: PhonePerson,
  input: { channel: PhoneChannel; phone: string; lang: Lang },
  company: string,
  page: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("message_consents")
      .set({ withdrawn_at: now.toISOString(), withdrawn_how: "replaced by a new consent" })
      .where("account_kind", "=", person.kind)
      .where("account_id", "=", person.id)
      .where("channel", "=", input.channel)
      .where("withdrawn_at", "is", null)
      .execute();
    await trx
      .insertInto("message_consents")
      .values({
        account_kind: person.kind,
        account_id: person.id,
        channel: input.channel,
        phone: input.phone,
        lang: input.lang,
        words: consentWords(input.lang, input.channel, company),
        given_at: now.toISOString(),
        given_how: `box ticked on ${page}, signed in as the ${person.kind}`,
        withdrawn_at: null,
        withdrawn_how: null,
      })
      .execute();
  });
}

/** The person withdraws one of their consents (someone else's, or one withdrawn already: 404). */
export async function withdrawConsent(db: Db, person: PhonePerson, id: number, now = new Date()) {
  const page = person.kind === "client" ? "/my" : "/account";
  const r = await db
    .updateTable("message_consents")
    .set({ withdrawn_at: now.toISOString(), withdrawn_how: `withdrawn on ${page}` })
    .where("id", "=", id)
    .where("account_kind", "=", person.kind)
    .where("account_id", "=", person.id)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new NotFound("consent.not_found", "No such consent (it may be withdrawn already).");
}

/**
 * A number replied STOP (or the provider refused it as unsubscribed): every live consent at that number by that
 * channel is withdrawn, whoever gave it. Returns how many.
 */
export async function stopNumber(db: Db, phone: string, channel: PhoneChannel, how: string, now = new Date()) {
  const r = await db
    .updateTable("message_consents")
    .set({ withdrawn_at: now.toISOString(), withdrawn_how: how })
    .where("phone", "=", phone)
    .where("channel", "=", channel)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
