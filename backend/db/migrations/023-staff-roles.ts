import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 25, point 1: staff manage staff. Each staff account has a role: `owner` (everything, the staff accounts and
 * the business settings among it) or `staff` (the rest of the back office). Every staff account from before was
 * able to do everything, so each becomes an owner: nobody loses a power they had. A change of any account's e-mail
 * address waits in `email_changes` (the link stored hashed) until the new address confirms it.
 * Columns and tables are only added.
 */
export function staffRoles(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("staff")
        .addColumn("role", "text", (c) =>
          c
            .notNull()
            .defaultTo("staff")
            .check(sql`role in ('owner', 'staff')`),
        )
        .execute();
      await db.updateTable("staff").set({ role: "owner" }).execute();

      const table = db.schema.createTable("email_changes");
      await (
        pg
          ? table.addColumn("id", "serial", (c) => c.primaryKey())
          : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("account_kind", "text", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull())
        .addColumn("new_email", "text", (c) => c.notNull())
        .addColumn("old_email", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("requested_by", "integer", (c) => c.references("staff.id"))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("canceled_at", time)
        .execute();
      await db.schema
        .createIndex("email_changes_account_idx")
        .on("email_changes")
        .columns(["account_kind", "account_id"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("email_changes").execute();
      await db.schema.alterTable("staff").dropColumn("role").execute();
    },
  };
}
