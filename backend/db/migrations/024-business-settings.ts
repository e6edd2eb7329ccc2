import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 25, point 3: the business settings an owner changes in the office (company, contact, opening hours, booking
 * rules, what each service asks for and says), one row per setting saved, its value as JSON. A setting never saved
 * keeps the environment's value. A table is only added.
 */
export function businessSettings(kind: DbKind) {
  const time = kind === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("business_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("updated_by", "integer", (c) => c.references("staff.id"))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("business_settings").execute();
    },
  };
}
