import type { Kysely } from "kysely";

/**
 * Issue 26, point 3: the language a mentor is written to in (their session e-mails and invites, their account's
 * e-mails). English for every mentor from before, the only language they were written to in. Only added.
 */
export function mentorLanguage() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("mentors")
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("mentors").dropColumn("language").execute();
    },
  };
}
