import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 23, point 5: a paid session can move. `sequence` counts the moves, so every calendar that holds the
 * session's invite (one UID) takes the newest one; a mentor's request to move it keeps its reason and when it
 * was asked until the agent picks a new time (or the original start passes and the session is cancelled and
 * refunded). Columns are only added: every session from before starts at sequence 0 with no request.
 */
export function sessionMoves(kind: DbKind) {
  const time = kind === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("mentor_bookings")
        .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("mentor_bookings").addColumn("move_requested_at", time).execute();
      await db.schema.alterTable("mentor_bookings").addColumn("move_reason", "text").execute();
      // The sweep's question: which requested moves reach their session's start unanswered.
      await db.schema
        .createIndex("mentor_bookings_move_requested_idx")
        .on("mentor_bookings")
        .columns(["move_requested_at", "start_at"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("mentor_bookings_move_requested_idx").execute();
      for (const column of ["move_reason", "move_requested_at", "sequence"]) {
        await db.schema.alterTable("mentor_bookings").dropColumn(column).execute();
      }
    },
  };
}
