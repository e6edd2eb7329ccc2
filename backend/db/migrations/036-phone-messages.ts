import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 42: messages that reach people.
 *
 * - `brand_logos`: each logo an owner uploaded, kept by the SHA-256 of its bytes, never rewritten. The settings name
 *   the one in use; an e-mail sent with an earlier logo keeps showing it, its address unchanged.
 * - The outbox carries SMS and WhatsApp messages as well as e-mail: one row per message and channel (`channel`,
 *   `email` for every row of before), the provider's id of a message it took (`provider_id`, unique), and the last
 *   delivery status its signed callbacks reported.
 * - `message_consents`: a person's consent to messages by SMS or WhatsApp: the number (E.164), when, the words shown
 *   and how it was given; withdrawn (on their page, or by replying STOP), never deleted. One live consent per person
 *   and channel.
 * - `whatsapp_templates`: the approved WhatsApp template the office set for each reminder and language.
 *
 * Only added: no row of before is changed or dropped.
 */
export function phoneMessages(kind: DbKind) {
  const { time, id, pg } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("brand_logos")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("bytes", pg ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("staff.id").onDelete("set null"))
        .execute();

      await db.schema
        .alterTable("outbox")
        .addColumn("channel", "text", (c) => c.notNull().defaultTo("email"))
        .execute();
      await db.schema.alterTable("outbox").addColumn("provider_id", "text").execute();
      await db.schema.alterTable("outbox").addColumn("delivery_status", "text").execute();
      await db.schema.alterTable("outbox").addColumn("delivery_error", "text").execute();
      await db.schema.alterTable("outbox").addColumn("delivery_at", time).execute();
      await db.schema.createIndex("outbox_provider_id").on("outbox").column("provider_id").unique().execute();

      await id(db.schema.createTable("message_consents"))
        .addColumn("account_kind", "text", (c) => c.notNull().check(sql`account_kind in ('agent', 'mentor', 'client')`))
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp')`))
        .addColumn("phone", "text", (c) => c.notNull().check(sql`phone like '+%'`))
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("words", "text", (c) => c.notNull())
        .addColumn("given_at", time, (c) => c.notNull())
        .addColumn("given_how", "text", (c) => c.notNull())
        .addColumn("withdrawn_at", time)
        .addColumn("withdrawn_how", "text")
        .execute();
      await db.schema
        .createIndex("message_consents_live")
        .on("message_consents")
        .columns(["account_kind", "account_id", "channel"])
        .unique()
        .where(sql<boolean>`withdrawn_at is null`)
        .execute();
      await db.schema.createIndex("message_consents_phone").on("message_consents").columns(["phone", "channel"]).execute();

      await db.schema
        .createTable("whatsapp_templates")
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("content_sid", "text", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("updated_by", "integer", (c) => c.references("staff.id").onDelete("set null"))
        .addPrimaryKeyConstraint("whatsapp_templates_pk", ["purpose", "lang"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("whatsapp_templates").execute();
      await db.schema.dropTable("message_consents").execute();
      await db.schema.dropIndex("outbox_provider_id").execute();
      for (const c of ["delivery_at", "delivery_error", "delivery_status", "provider_id", "channel"]) {
        await db.schema.alterTable("outbox").dropColumn(c).execute();
      }
      await db.schema.dropTable("brand_logos").execute();
    },
  };
}
