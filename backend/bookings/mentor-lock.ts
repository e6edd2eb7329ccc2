/**
 * A mentor's week and the sessions booked against it are kept apart by a lock on the mentor's row (PostgreSQL): a
 * change of hours or days off takes it for update, a booking or a move for share and reads the week again under it.
 * So a booking never lands outside a week saved at the same moment, and a change never misses a session booked at
 * the same moment. SQLite runs one transaction at a time already.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** The mentor's row locked until the transaction ends: `update` to change their week, `share` to book against it. */
export async function lockMentor(trx: Kysely<Database>, mentorId: number, mode: "update" | "share") {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await (
      mode === "update"
        ? sql`select id from mentors where id = ${mentorId} for update`
        : sql`select id from mentors where id = ${mentorId} for share`
    ).execute(trx);
  }
}
