import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 66: a number counts for reminders only once the code sent to it is typed back, and a message by phone whose
 * provider's answer was lost is not sent twice.
 *
 * - `message_consents`: `verified_at` (when the code came back), and the code waiting: its hash, when it was sent,
 *   how many wrong tries it has had. A consent given before this migration was counted already, and has been sent
 *   reminders since: it keeps counting (`verified_at` = `given_at`), and the person can withdraw it as before.
 * - `outbox`: `unconfirmed_at`, when a message was handed to the provider without an answer (a time-out): it is sent
 *   again only if the provider's status callback, which names the row, has not come by then.
 *
 * Only added: no row of before is dropped; the consents of before have their new column filled.
 */
export function phoneChecks(kind: DbKind) {
  const { time } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("message_consents").addColumn("verified_at", time).execute();
      await db.schema.alterTable("message_consents").addColumn("code_hash", "text").execute();
      await db.schema.alterTable("message_consents").addColumn("code_sent_at", time).execute();
      await db.schema
        .alterTable("message_consents")
        .addColumn("code_tries", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update message_consents set verified_at = given_at`.execute(db);
      await db.schema.alterTable("outbox").addColumn("unconfirmed_at", time).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("outbox").dropColumn("unconfirmed_at").execute();
      for (const column of ["code_tries", "code_sent_at", "code_hash", "verified_at"]) {
        await db.schema.alterTable("message_consents").dropColumn(column).execute();
      }
    },
  };
}
