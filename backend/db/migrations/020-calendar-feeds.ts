import type { Kysely } from "kysely";

/**
 * Issue 23, point 11: each agent and each mentor may have a private calendar feed, reached by a long random token
 * (null until they make one; replacing it ends the old address). Columns are only added.
 */
export function calendarFeeds() {
  return {
    async up(db: Kysely<any>) {
      for (const table of ["agents", "mentors"]) {
        await db.schema.alterTable(table).addColumn("feed_token", "text").execute();
        await db.schema.createIndex(`${table}_feed_token_uq`).on(table).column("feed_token").unique().execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of ["agents", "mentors"]) {
        await db.schema.dropIndex(`${table}_feed_token_uq`).execute();
        await db.schema.alterTable(table).dropColumn("feed_token").execute();
      }
    },
  };
}
