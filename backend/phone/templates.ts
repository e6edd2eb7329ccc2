/**
 * The WhatsApp templates the office set (issue 42): WhatsApp lets a business write first only through a template
 * Meta approved, made in Twilio's Content Template Builder. For each reminder and language the office names the
 * template and its Content SID; a message uses the reader's language's, else the English one. Every change audited.
 */
import type { Kysely } from "kysely";
import { phonePurposes, type PhonePurpose, type WhatsappTemplates } from "../../lib/contract.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { offeredChannels, type PhoneSettings } from "./sender.js";
import { templateVariables } from "./texts.js";

type Db = Kysely<Database>;

export async function listTemplates(db: Db, settings: PhoneSettings): Promise<WhatsappTemplates> {
  const rows = await db
    .selectFrom("whatsapp_templates")
    .select(["purpose", "lang", "name", "content_sid", "updated_at"])
    .orderBy("purpose")
    .orderBy("lang")
    .execute();
  return {
    templates: rows.map((r) => ({ ...r, purpose: r.purpose as PhonePurpose, lang: r.lang as Lang })),
    purposes: phonePurposes.map((purpose) => ({ purpose, variables: templateVariables })),
    channels: offeredChannels(settings),
    mode: settings.mode,
  };
}

export async function saveTemplate(
  db: Db,
  staffId: number,
  input: { purpose: PhonePurpose; lang: Lang; name: string; content_sid: string },
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("whatsapp_templates")
      .select(["name", "content_sid"])
      .where("purpose", "=", input.purpose)
      .where("lang", "=", input.lang)
      .executeTakeFirst();
    const values = { name: input.name, content_sid: input.content_sid, updated_at: now.toISOString(), updated_by: staffId };
    await trx
      .insertInto("whatsapp_templates")
      .values({ purpose: input.purpose, lang: input.lang, ...values })
      .onConflict((oc) => oc.columns(["purpose", "lang"]).doUpdateSet(values))
      .execute();
    await audit(
      trx,
      {
        staffId,
        kind: "whatsapp_template.saved",
        subject: `whatsapp_template:${input.purpose}:${input.lang}`,
        before: before ?? null,
        after: { name: input.name, content_sid: input.content_sid },
      },
      now,
    );
  });
}

export async function removeTemplate(db: Db, staffId: number, input: { purpose: PhonePurpose; lang: Lang }, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom("whatsapp_templates")
      .where("purpose", "=", input.purpose)
      .where("lang", "=", input.lang)
      .returning(["name", "content_sid"])
      .executeTakeFirst();
    if (!before) throw new NotFound("template.not_found", "No template is set for that reminder in that language.");
    await audit(
      trx,
      {
        staffId,
        kind: "whatsapp_template.removed",
        subject: `whatsapp_template:${input.purpose}:${input.lang}`,
        before,
        after: null,
      },
      now,
    );
  });
}

/** The template a reminder uses in a language: its own, else the English one, else none. */
export async function templateFor(db: Db, purpose: PhonePurpose, lang: Lang) {
  const rows = await db
    .selectFrom("whatsapp_templates")
    .select(["lang", "content_sid", "name"])
    .where("purpose", "=", purpose)
    .where("lang", "in", lang === "en" ? ["en"] : [lang, "en"])
    .execute();
  return rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === "en") ?? null;
}
