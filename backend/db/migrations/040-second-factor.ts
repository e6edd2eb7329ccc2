import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 67: a second factor for the accounts that sign in with a password (agents, staff, mentors).
 *
 * - `account_factors`: an authenticator app's key (TOTP: the secret sealed with the portal's key, the last time step
 *   accepted, so a code is taken once) or a passkey (its credential id, public key and signature counter). An
 *   authenticator counts once confirmed by a first code (`confirmed_at`).
 * - `recovery_codes`: ten a set, stored hashed, each used once; a new set ends the one before.
 * - `mfa_challenges`: the short-lived proof that the password was right, which the second step completes (hashed,
 *   ten minutes, used once).
 *
 * Only added: no row of before is changed or dropped.
 */
export function secondFactor(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  const who = (t: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
    t
      .addColumn("account_kind", "text", (c) => c.notNull().check(sql`account_kind in ('agent', 'staff', 'mentor')`))
      .addColumn("account_id", "integer", (c) => c.notNull());
  return {
    async up(db: Kysely<any>) {
      await who(id(db.schema.createTable("account_factors")))
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('totp', 'passkey')`))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("secret", "text")
        .addColumn("last_step", "integer")
        .addColumn("credential_id", "text", (c) => c.unique())
        .addColumn("public_key", "text")
        .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("transports", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("last_used_at", time)
        .execute();
      await db.schema
        .createIndex("account_factors_account")
        .on("account_factors")
        .columns(["account_kind", "account_id"])
        .execute();
      await who(id(db.schema.createTable("recovery_codes")))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
      await db.schema
        .createIndex("recovery_codes_account")
        .on("recovery_codes")
        .columns(["account_kind", "account_id"])
        .execute();
      await who(db.schema.createTable("mfa_challenges").addColumn("token_hash", "text", (c) => c.primaryKey()))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["mfa_challenges", "recovery_codes", "account_factors"]) await db.schema.dropTable(table).execute();
    },
  };
}
