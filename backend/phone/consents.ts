/**
 * Consent to reminders by phone (issue 42, point 2): asked on the person's own page (`/my` for a client, `/account`
 * for an agent or a mentor), kept with the number (E.164), the words shown, when and how it was given; withdrawn
 * there, or by replying STOP to the firm's number. A consent is never rewritten but to withdraw it: a new number or a
 * renewed consent is a new row, the one before withdrawn in the same transaction (one live consent per person and
 * channel, a unique index).
 *
 * A number counts only once the person types back the code sent to it (issue 66): a consent is given with a code
 * on its way (six digits, by the channel chosen, through the outbox), and counts from the moment the code comes back.
 * A code lasts 15 minutes and takes 5 wrong tries; a new one goes at most once a minute and ends the one before.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { toE164, type MessagingState, type PhoneChannel, type PhoneConsent } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { enqueue } from "../mail/outbox.js";
import type { PhoneFacts, PhonePerson } from "./texts.js";

export const CODE_MINUTES = 15;
export const CODE_TRIES = 5;
const CODE_AGAIN_SECONDS = 60;

type Db = Kysely<Database>;

/** The words a person agrees to, in their language, naming the firm and the channel. */
export function consentWords(lang: Lang, channel: PhoneChannel, company: string): string {
  const t = translator(lang);
  return t("phoneConsent.words", { company, channel: t(`phoneConsent.${channel}`) });
}

/** A person's live consents (none withdrawn), by channel, those whose code has not come back yet among them. */
export async function liveConsents(db: Db, person: PhonePerson) {
  return db
    .selectFrom("message_consents")
    .select(["id", "channel", "phone", "given_at", "words", "given_how", "verified_at"])
    .where("account_kind", "=", person.kind)
    .where("account_id", "=", person.id)
    .where("withdrawn_at", "is", null)
    .orderBy("channel")
    .execute();
}

/** The consents reminders go by: live, and their number confirmed by its code. */
export async function countingConsents(db: Db, person: PhonePerson) {
  return (await liveConsents(db, person)).filter((c) => c.verified_at !== null);
}

const codeHash = (consentId: number, code: string) => createHash("sha256").update(`${consentId}:${code}`).digest("hex");

const nameTables = {
  agent: { table: "agents", name: "name" },
  mentor: { table: "mentors", name: "name" },
  client: { table: "clients", name: "first_name" },
} as const;

/** A new code for a consent waiting for one, written to the outbox for its number and channel (the one before ends). */
async function sendCode(
  trx: Db,
  person: PhonePerson,
  consent: { id: number; channel: PhoneChannel; phone: string; lang: Lang },
  now: Date,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await trx
    .updateTable("message_consents")
    .set({ code_hash: codeHash(consent.id, code), code_sent_at: now.toISOString(), code_tries: 0 })
    .where("id", "=", consent.id)
    .execute();
  const { table, name } = nameTables[person.kind];
  const row = (await trx
    .selectFrom(table as "agents")
    .select(`${name} as name` as "name")
    .where("id", "=", person.id)
    .executeTakeFirst()) as { name: string } | undefined;
  const facts: PhoneFacts & { kind: string } = {
    kind: "phone.code",
    purpose: "phone_code",
    person,
    lang: consent.lang,
    name: (row?.name ?? "").trim().split(/\s+/)[0] ?? "",
    path: person.kind === "client" ? "/my" : "/account",
    code,
  };
  await enqueue(
    trx,
    { dedupeKey: `consent-code:${consent.id}:${now.getTime()}`, to: consent.phone, facts, channel: consent.channel },
    now,
  );
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
    consents: consents.map(
      ({ verified_at, ...c }) =>
        ({ ...c, given_at: new Date(c.given_at).toISOString(), verified: verified_at !== null }) as PhoneConsent,
    ),
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
    const made = await trx
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
        verified_at: null,
        code_hash: null,
        code_sent_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sendCode(trx, person, { id: made.id, channel: input.channel, phone: input.phone, lang: input.lang }, now);
  });
}

/** The consent's row, the person's own and live, else 404. */
async function ownConsent(db: Db, person: PhonePerson, id: number) {
  const row = await db
    .selectFrom("message_consents")
    .select(["id", "channel", "phone", "lang", "verified_at", "code_hash", "code_sent_at", "code_tries"])
    .where("id", "=", id)
    .where("account_kind", "=", person.kind)
    .where("account_id", "=", person.id)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new NotFound("consent.not_found", "No such consent (it may be withdrawn already).");
  return row;
}

const codeRefused = (
  code: "consent.code_wrong" | "consent.code_expired" | "consent.code_locked",
  message: string,
  left?: number,
) => new Invalid(code, message, { code: [{ code, message, ...(left !== undefined ? { params: { left } } : {}) }] });

/**
 * The code typed back: the consent counts from now. A wrong code counts a try (a guarded update, so tries at once
 * cannot pass the limit); past the limit, or past 15 minutes, a new code is needed.
 */
export async function confirmConsent(db: Db, person: PhonePerson, id: number, typed: string, now = new Date()) {
  const row = await ownConsent(db, person, id);
  if (row.verified_at) return;
  const sentAt = row.code_sent_at ? new Date(row.code_sent_at).getTime() : 0;
  if (!row.code_hash || now.getTime() - sentAt > CODE_MINUTES * 60_000) {
    throw codeRefused("consent.code_expired", "This code has expired: ask for a new one.");
  }
  if (row.code_tries >= CODE_TRIES) throw codeRefused("consent.code_locked", "Too many wrong codes: ask for a new one.");
  const given = Buffer.from(codeHash(id, typed.trim()));
  if (given.length !== row.code_hash.length || !timingSafeEqual(given, Buffer.from(row.code_hash))) {
    const counted = await db
      .updateTable("message_consents")
      .set((eb) => ({ code_tries: eb("code_tries", "+", 1) }))
      .where("id", "=", id)
      .where("code_hash", "=", row.code_hash)
      .where("code_tries", "<", CODE_TRIES)
      .returning("code_tries")
      .executeTakeFirst();
    if (!counted) throw codeRefused("consent.code_locked", "Too many wrong codes: ask for a new one.");
    const left = CODE_TRIES - counted.code_tries;
    if (left <= 0) throw codeRefused("consent.code_locked", "Too many wrong codes: ask for a new one.");
    throw codeRefused("consent.code_wrong", `That is not the code we sent. Tries left: ${left}.`, left);
  }
  const done = await db
    .updateTable("message_consents")
    .set({ verified_at: now.toISOString(), code_hash: null })
    .where("id", "=", id)
    .where("code_hash", "=", row.code_hash)
    .where("code_tries", "<", CODE_TRIES)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1 && !(await ownConsent(db, person, id)).verified_at) {
    throw codeRefused("consent.code_expired", "This code has expired: ask for a new one.");
  }
}

/** A new code for a consent still waiting for its own: at most one a minute. */
export async function sendConsentCodeAgain(db: Db, person: PhonePerson, id: number, now = new Date()) {
  const row = await ownConsent(db, person, id);
  if (row.verified_at) return;
  const sentAt = row.code_sent_at ? new Date(row.code_sent_at).getTime() : 0;
  const wait = Math.ceil((sentAt + CODE_AGAIN_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw new Conflict("consent.code_wait", `A code was sent a moment ago: wait ${wait} seconds for another.`);
  await db
    .transaction()
    .execute((trx) =>
      sendCode(trx, person, { id: row.id, channel: row.channel as PhoneChannel, phone: row.phone, lang: row.lang as Lang }, now),
    );
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
