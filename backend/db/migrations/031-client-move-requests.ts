import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 39, point 4: a client asks their agent to move a session (a reason), and sees the answer: the agent moves it,
 * or keeps its time with a word. Kept on the session beside the mentor's own request (`move_*`), apart from it. Only
 * added: sessions from before have no client request.
 */
export function clientMoveRequests(kind: DbKind) {
  const { time } = columnTypes(kind);
  const columns = [
    ["client_move_reason", "text"],
    ["client_move_requested_at", time],
    ["client_move_answer", "text"],
    ["client_move_answered_at", time],
  ] as const;
  return {
    async up(db: Kysely<any>) {
      for (const [name, type] of columns) await db.schema.alterTable("mentor_bookings").addColumn(name, type).execute();
    },
    async down(db: Kysely<any>) {
      for (const [name] of columns) await db.schema.alterTable("mentor_bookings").dropColumn(name).execute();
    },
  };
}
