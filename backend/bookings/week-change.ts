/**
 * A mentor's week changed against their booked sessions (issue 23, point 8). Saving hours or days off (by staff,
 * or by the mentor) that would leave confirmed sessions outside them is refused with those sessions listed, until
 * each has a decision: ask its agent for a new time (the mentor's request, point 5), or cancel it, refunded in full
 * (the change is the mentor's side's). A session held unpaid in a cart at such a time refuses the change until it is
 * paid or released. Nothing is silent.
 *
 * The change and bookings are kept apart by the mentor's lock (mentor-lock.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { SessionDecision } from "../../lib/contract.js";
import { fieldError, type FieldErrors } from "../../lib/field-errors.js";
import type { Database } from "../db/schema.js";
import { Conflict } from "../errors.js";
import { when } from "../mail/compose.js";
import { cancelPaidIn, getBooking } from "./bookings.js";
import { lockMentor } from "./mentor-lock.js";
import { askMoveIn } from "./moves.js";
import { firstNameAndInitial, sessionsWithPeople } from "./session-facts.js";
import { isSlot, isTimeOff, type Availability } from "./slots.js";

type Db = Kysely<Database>;

/** What a change of week needs beside the week: the cut-off (for the words) and how refunds are made. */
export type WeekRules = { cutoffHours: number; settle: (orderId: number) => Promise<unknown> };

export type Week = { hours: Availability[]; time_off: Array<{ starts_on: string; ends_on: string }>; time_zone: string };

/** Sessions to come that the week leaves out: the ones outside its hours or on its days off. */
async function outside(trx: Db, mentorId: number, week: Week, now: Date) {
  const rows = await sessionsWithPeople(trx)
    .select([
      "mentor_bookings.id",
      "mentor_bookings.agent_id",
      "mentor_bookings.status",
      "mentor_bookings.start_at",
      "mentor_bookings.topic",
      "mentor_bookings.move_requested_at",
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
    ])
    .where("mentor_bookings.mentor_id", "=", mentorId)
    .where("mentor_bookings.status", "in", ["held", "confirmed"])
    .where("mentor_bookings.start_at", ">", now.toISOString())
    .orderBy("mentor_bookings.start_at")
    .execute();
  return rows.filter(
    (r) => !isSlot(week.hours, week.time_zone, r.start_at) || isTimeOff(week.time_off, week.time_zone, r.start_at),
  );
}

/**
 * Under the mentor's lock, in the change's transaction: the sessions the new week leaves out, each dealt with as
 * decided, or the change refused with what is missing. Returns the orders with a refund now due.
 */
async function settleWeekChange(
  trx: Db,
  mentorId: number,
  week: Week,
  decide: { affected: Record<string, SessionDecision>; reason?: string | null; by: "mentor" | "staff"; cutoffHours: number },
  now: Date,
): Promise<number[]> {
  const left = await outside(trx, mentorId, week, now);
  const held = left.filter((r) => r.status === "held");
  if (held.length) {
    throw new Conflict(
      "week.held_sessions",
      `${held.length === 1 ? "A session" : `${held.length} sessions`} at a time this change leaves out ${held.length === 1 ? "is" : "are"} held unpaid in an agent's cart (${held.map((r) => when(r.start_at, week.time_zone)).join("; ")}). Save again once paid or released (within the hold's minutes).`,
    );
  }
  // A session already asked to move is being moved: it needs no second decision.
  const open = left.filter((r) => !r.move_requested_at);
  const undecided = open.filter((r) => !decide.affected[String(r.id)]);
  if (undecided.length) {
    const message = `${open.length === 1 ? "1 booked session falls" : `${open.length} booked sessions fall`} outside the new hours or on the new days off. Choose for each whether to ask its agent for a new time or to cancel it (refunded in full), then save again.`;
    const errors: FieldErrors = { affected: [fieldError("week.undecided_sessions", message, { count: open.length })] };
    for (const r of open) {
      errors[`affected.${r.id}`] = [
        fieldError(
          "week.undecided_sessions",
          `${when(r.start_at, week.time_zone)}: ${firstNameAndInitial(r.first_name, r.last_name)}, ${r.topic} (booked by ${r.agent_name})`,
        ),
      ];
    }
    throw new Conflict("week.undecided_sessions", message, errors);
  }
  const reason =
    decide.reason?.trim() ||
    (decide.by === "mentor" ? "My hours changed: I am no longer free at this time." : "The mentor's hours changed.");
  const refunds: number[] = [];
  for (const r of open) {
    if (decide.affected[String(r.id)] === "ask_move") {
      await askMoveIn(trx, r.id, mentorId, reason, now);
    } else {
      const booking = await getBooking(trx, r.agent_id, r.id);
      const due = await cancelPaidIn(trx, r.agent_id, booking, {
        refund: "due",
        by: "mentor_change",
        cutoffHours: decide.cutoffHours,
        now,
      });
      if (due && booking.order_id) refunds.push(booking.order_id);
    }
  }
  return refunds;
}

/**
 * A change of a mentor's week (hours, days off, zone; `week` null when it moves nothing) with whatever else the
 * change writes (`write`), in one transaction under the mentor's lock: the sessions the new week leaves out are
 * dealt with as decided first, then the change is written, then what was cancelled is refunded.
 */
export async function changeWeek<T>(
  db: Db,
  mentorId: number,
  change: {
    week: Week | null;
    affected?: Record<string, SessionDecision>;
    reason?: string | null;
    by: "mentor" | "staff";
  },
  rules: WeekRules,
  write: (trx: Transaction<Database>) => Promise<T>,
  now: Date,
): Promise<T> {
  const { result, due } = await db.transaction().execute(async (trx) => {
    await lockMentor(trx, mentorId, "update");
    const due = change.week
      ? await settleWeekChange(
          trx,
          mentorId,
          change.week,
          { affected: change.affected ?? {}, reason: change.reason, by: change.by, cutoffHours: rules.cutoffHours },
          now,
        )
      : [];
    return { result: await write(trx), due };
  });
  for (const orderId of due) await rules.settle(orderId);
  return result;
}
