import type { Kysely } from "kysely";

/**
 * Issue 24, point 1: a client's own time zone (null: their agent's, as before) and preferred language (English for
 * every client from before: the only language the portal writes in yet). Columns are only added.
 */
export function clientZoneLanguage() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("clients").addColumn("time_zone", "text").execute();
      await db.schema
        .alterTable("clients")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("clients").dropColumn("language").execute();
      await db.schema.alterTable("clients").dropColumn("time_zone").execute();
    },
  };
}
