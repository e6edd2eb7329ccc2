import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/** A flagged order reviewed by staff: when, by whom, and their note (issue 12, screen 5). */
export function orderReview(kind: DbKind) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("reviewed_at", kind === "postgres" ? "timestamptz" : "text")
        .execute();
      await db.schema.alterTable("orders").addColumn("reviewed_by", "integer").execute();
      await db.schema.alterTable("orders").addColumn("review_note", "text").execute();
    },
    async down(db: Kysely<any>) {
      for (const c of ["review_note", "reviewed_by", "reviewed_at"]) await db.schema.alterTable("orders").dropColumn(c).execute();
    },
  };
}
