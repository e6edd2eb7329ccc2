import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 23: what became of a session once it took place. The mentor marks it held (with a short summary for the
 * agent) or that the client did not come; `outcome_by` says who marked it (`mentor:3`, `staff:1`). Nothing is
 * rewritten: sessions from before have no outcome until someone gives one.
 */
export function sessionOutcomes(kind: DbKind) {
  const time = kind === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("mentor_bookings").addColumn("outcome", "text").execute();
      await db.schema.alterTable("mentor_bookings").addColumn("outcome_summary", "text").execute();
      await db.schema.alterTable("mentor_bookings").addColumn("outcome_at", time).execute();
      await db.schema.alterTable("mentor_bookings").addColumn("outcome_by", "text").execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ["outcome_by", "outcome_at", "outcome_summary", "outcome"]) {
        await db.schema.alterTable("mentor_bookings").dropColumn(column).execute();
      }
    },
  };
}
