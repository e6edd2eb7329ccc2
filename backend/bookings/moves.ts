/**
 * Moving a paid session (issue 23, point 5). The agent moves it to another free time of the same mentor's, up to
 * the cancellation cut-off, without paying again or being refunded: the old slot is freed and the new one taken by
 * one guarded update (the live-slot unique index decides a race for the new time; the row's old start decides a
 * race with a cancellation or another move). The mentor may ask for a move, with a reason: the agent is told and
 * may then choose any free time up to 14 days after the original start, even past the cut-off; a request still
 * open when the session's start comes cancels the session with a full refund (the sweep's `lapseMoveRequests`).
 */
import { sql, type Kysely } from "kysely";
import type { Booking } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import { moveBlocker, moveRequestUntil } from "../../lib/rules.js";
import type { BookingRules } from "../../lib/rules.js";
import { utcStamp } from "../../lib/utc-stamp.js";
import { clientEvent } from "../clients/case-file.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { cancelPaidIn, checkBookable, checkNotBusy, getBooking, slotError } from "./bookings.js";
import { lockMentor } from "./mentor-lock.js";
import { getMentor } from "./mentors.js";
import { bookingMoved, moveRequested } from "./notices.js";
import { SLOT_MINUTES } from "./slots.js";

type Db = Kysely<Database>;

export async function moveBooking(
  db: Db,
  agentId: number,
  id: number,
  startIso: string,
  rules: BookingRules,
  now = new Date(),
): Promise<Booking> {
  const booking = await getBooking(db, agentId, id);
  const blocked = moveBlocker(booking, rules.cancelCutoffHours, now);
  // In the catalogue's words, as the agent's move page says them.
  if (blocked) {
    throw new Conflict(
      "booking.move_blocked",
      translator("en")(`work.move.blocked.${blocked}`, { hours: rules.cancelCutoffHours }),
    );
  }
  const start = new Date(startIso);
  if (start.getTime() === Date.parse(booking.start_at))
    throw slotError("start", "booking.same_time", "That is the session's time now: choose another");
  if (booking.move_request && start.toISOString() > booking.move_request.until) {
    throw slotError(
      "start",
      "booking.too_far",
      `Choose a time up to ${utcStamp(booking.move_request.until)}: 14 days after the session's original time`,
    );
  }
  const stamp = now.toISOString();
  const startAt = start.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      // The week as it is now, under the mentor's lock: a change of hours saved at this moment is seen whole.
      await lockMentor(trx, booking.mentor_id, "share");
      const mentor = await getMentor(trx, booking.mentor_id);
      checkBookable(mentor, start, rules, now);
      await checkNotBusy(trx, mentor, start, now);
      const moved = await trx
        .updateTable("mentor_bookings")
        .set({
          start_at: startAt,
          end_at: new Date(start.getTime() + SLOT_MINUTES * 60_000).toISOString(),
          sequence: sql<number>`sequence + 1`,
          move_requested_at: null,
          move_reason: null,
          // A client's request is answered by the move itself (no word: the new time says it).
          client_move_answered_at: sql<
            string | null
          >`case when client_move_requested_at is not null and client_move_answered_at is null then ${stamp} else client_move_answered_at end`,
          updated_at: stamp,
        })
        .where("id", "=", id)
        .where("agent_id", "=", agentId)
        .where("status", "=", "confirmed")
        .where("start_at", "=", booking.start_at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        const row = await trx.selectFrom("mentor_bookings").select("status").where("id", "=", id).executeTakeFirst();
        throw row?.status === "confirmed"
          ? new Conflict(
              "session.moved",
              "This session has just been moved by someone else. Reload the page to see its new time.",
            )
          : new Conflict("session.cancelled", "This session has just been cancelled: it cannot be moved.");
      }
      await bookingMoved(trx, id, { start_at: booking.start_at, end_at: booking.end_at }, now);
      await clientEvent(
        trx,
        {
          agentId,
          clientId: booking.client_id,
          kind: "session.moved",
          summary: `Mentor session with ${booking.mentor_name} moved from ${utcStamp(booking.start_at)} to ${utcStamp(startAt)}${booking.move_request ? `, as ${booking.mentor_name} asked` : ""}`,
          ref: `booking:${id}`,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict("booking.slot_taken", "That time has just been taken by another booking. Please choose another.");
    throw error;
  }
  return getBooking(db, agentId, id);
}

/**
 * The mentor cannot give a session at its time and asks the agent for another (with a reason). Once per session
 * time: asking again before the agent answers is refused, and the request ends when the session moves.
 */
export async function requestMove(db: Db, mentorId: number, id: number, reason: string, now = new Date()) {
  const row = await db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .select([
      "mentor_bookings.agent_id",
      "mentor_bookings.client_id",
      "mentor_bookings.status",
      "mentor_bookings.start_at",
      "mentor_bookings.move_requested_at",
      "mentors.name as mentor_name",
    ])
    .where("mentor_bookings.id", "=", id)
    .where("mentor_bookings.mentor_id", "=", mentorId)
    .where("mentor_bookings.status", "in", ["confirmed", "canceled"])
    .where("mentor_bookings.order_id", "is not", null)
    .executeTakeFirst();
  if (!row) throw new NotFound("session.not_found", "No such session.");
  if (row.status !== "confirmed") throw new Conflict("session.cancelled", "This session is cancelled.");
  if (Date.parse(row.start_at) <= now.getTime())
    throw new Conflict("booking.started", "This session has already started or taken place.");
  if (row.move_requested_at)
    throw new Conflict("session.move_asked", "You have asked for a new time already: the agent is choosing one.");
  await db.transaction().execute((trx) => askMoveIn(trx, id, mentorId, reason, now, row.start_at));
}

/**
 * The request itself, in the caller's transaction: recorded (once: a session already asked, moved or cancelled
 * meanwhile is refused), the agent told, the client's timeline written. `startAt`: the start the caller read.
 */
export async function askMoveIn(trx: Db, id: number, mentorId: number, reason: string, now: Date, startAt?: string) {
  const stamp = now.toISOString();
  const asked = await trx
    .updateTable("mentor_bookings")
    .set({ move_requested_at: stamp, move_reason: reason, updated_at: stamp })
    .where("id", "=", id)
    .where("mentor_id", "=", mentorId)
    .where("status", "=", "confirmed")
    .$if(startAt !== undefined, (q) => q.where("start_at", "=", startAt!))
    .where("start_at", ">", stamp)
    .where("move_requested_at", "is", null)
    .returning(["agent_id", "client_id", "start_at"])
    .executeTakeFirst();
  if (!asked) throw new Conflict("session.changed", "This session has just changed. Reload the page.");
  const { name } = await trx.selectFrom("mentors").select("name").where("id", "=", mentorId).executeTakeFirstOrThrow();
  await moveRequested(trx, id, reason, moveRequestUntil(asked.start_at), now);
  await clientEvent(
    trx,
    {
      agentId: asked.agent_id,
      clientId: asked.client_id,
      kind: "session.move_requested",
      summary: `${name} asked to move the session of ${utcStamp(asked.start_at)}: “${reason}”`,
      ref: `booking:${id}`,
    },
    now,
  );
}

/**
 * Requests nobody answered: a session whose mentor asked for a new time and whose start has come is cancelled and
 * refunded in full (each in its own transaction, guarded by its start, so a move that lands first wins). Returns
 * the orders with a refund now due, for the payment provider.
 */
export async function lapseMoveRequests(db: Db, cutoffHours: number, now = new Date()): Promise<number[]> {
  const lapsed = await db
    .selectFrom("mentor_bookings")
    .select(["id", "agent_id"])
    .where("move_requested_at", "is not", null)
    .where("status", "=", "confirmed")
    .where("start_at", "<=", now.toISOString())
    .orderBy("start_at")
    .limit(100)
    .execute();
  const orders: number[] = [];
  for (const { id, agent_id } of lapsed) {
    const booking = await getBooking(db, agent_id, id);
    // Moved (or answered) since the list was read: nothing lapsed. The guarded cancellation below then holds it to
    // this read, so a move landing after it is not undone.
    if (!booking.move_request || Date.parse(booking.start_at) > now.getTime()) continue;
    try {
      const due = await db
        .transaction()
        .execute((trx) => cancelPaidIn(trx, agent_id, booking, { refund: "due", by: "mentor", cutoffHours, now }));
      if (due && booking.order_id) orders.push(booking.order_id);
    } catch (error) {
      // Moved or cancelled by someone else at this moment: theirs stands.
      if (!(error instanceof Conflict)) throw error;
    }
  }
  return orders;
}
