import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 67, the rest of the second factor: passkeys and the browsers an account signs in from.
 *
 * - `passkey_challenges`: the random challenge a passkey signs, kept until it is used once or its five minutes pass:
 *   to add a passkey (`register`, the account's own), to sign in with one alone (`sign_in`, nobody's yet), or as the
 *   second step after a password (`second_step`, the account whose password was right).
 * - `known_browsers`: the browsers (the portal's long-lived browser cookie, hashed) each account has signed in from,
 *   so that a sign-in from one not seen before is e-mailed to its person.
 *
 * Only added: no row of before is changed or dropped.
 */
export function passkeysBrowsers(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("passkey_challenges")
        .addColumn("challenge", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('register', 'sign_in', 'second_step')`))
        .addColumn("account_kind", "text", (c) => c.check(sql`account_kind in ('agent', 'staff', 'mentor')`))
        .addColumn("account_id", "integer")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
      await id(db.schema.createTable("known_browsers"))
        .addColumn("account_kind", "text", (c) => c.notNull().check(sql`account_kind in ('agent', 'staff', 'mentor')`))
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("browser_hash", "text", (c) => c.notNull())
        .addColumn("first_seen_at", time, (c) => c.notNull())
        .addColumn("last_seen_at", time, (c) => c.notNull())
        .addUniqueConstraint("known_browsers_one", ["account_kind", "account_id", "browser_hash"])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["known_browsers", "passkey_challenges"]) await db.schema.dropTable(table).execute();
    },
  };
}
