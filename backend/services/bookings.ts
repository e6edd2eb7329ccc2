/**
 * The booking lifecycle: hold (with a cart item) → pay → confirmed; an unpaid hold is released after the hold
 * time; a paid booking may be cancelled until the cut-off, and its line on the order is then refunded.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Booking, BookingStatus, MentorProfile } from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { moveRequestUntil } from "../../lib/rules.js";
import { utcStamp } from "../../lib/utc-stamp.js";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { bookingCancelled } from "../mail/notices.js";
import { changeCart } from "./cart-lock.js";
import { clientEvent } from "./case-file.js";
import { getClient } from "./clients.js";
import { releaseExpiredHolds } from "./holds.js";
import { lockMentor } from "./mentor-lock.js";
import { getMentor } from "./mentors.js";
import { ownClient } from "./ownership.js";
import { joinUrl } from "./session-facts.js";
import { isSlot, isTimeOff, SLOT_MINUTES } from "./slots.js";

export type BookingRules = {
  holdMinutes: number;
  cancelCutoffHours: number;
  /** Unpaid holds one agent may have with one mentor, and in all */
  maxHoldsPerMentor: number;
  maxHolds: number;
  /** How far ahead a session can be booked */
  maxDaysAhead: number;
  /** How soon a session can be booked: never less than this many hours before it starts */
  minNoticeHours: number;
  /** A session's own meeting room when its mentor has no standing link (`{room}`: an unguessable name) */
  meetingUrlTemplate: string;
};

export const defaultBookingRules: BookingRules = {
  holdMinutes: 30,
  cancelCutoffHours: 24,
  maxHoldsPerMentor: 3,
  maxHolds: 10,
  maxDaysAhead: 90,
  minNoticeHours: 12,
  meetingUrlTemplate: "https://meet.jit.si/{room}",
};

/** A room of the session's own on the video service: 128 random bits, so nobody finds it by guessing. */
export function sessionRoomUrl(template: string): string {
  return template.replace("{room}", `Waypoint-${randomBytes(16).toString("hex")}`);
}

export const fieldError = (field: string, message: string) => new Invalid(FIX_FIELDS, { [field]: [message] });

/**
 * Whether a session with this mentor may start at `start`, by the rules an agent books by (the mentor's week, days
 * off, the minimum notice, the horizon): a field error on `start` when not. Whether it is free is the database's
 * answer, when it is taken.
 */
export function checkBookable(mentor: MentorProfile, start: Date, rules: BookingRules, now: Date) {
  if (!isSlot(mentor.availability, mentor.time_zone, start.toISOString())) {
    throw fieldError("start", "Choose a time from the mentor's week");
  }
  if (isTimeOff(mentor.time_off, mentor.time_zone, start.toISOString())) {
    throw fieldError("start", `${mentor.name} is away that day: choose another`);
  }
  if (start.getTime() <= now.getTime()) throw fieldError("start", "That time has passed");
  if (start.getTime() < now.getTime() + rules.minNoticeHours * 3_600_000) {
    throw fieldError("start", `Sessions are booked at least ${rules.minNoticeHours} hours ahead: choose a later time`);
  }
  if (start.getTime() > now.getTime() + rules.maxDaysAhead * 86_400_000) {
    throw fieldError("start", `Sessions can be booked up to ${rules.maxDaysAhead} days ahead`);
  }
}

/**
 * Holds a slot for a client of the agent and puts it in the cart, in one transaction under the cart lock.
 * The database forbids two live bookings of one slot; the lock makes the hold limits exact.
 */
export async function book(
  db: Kysely<Database>,
  agentId: number,
  input: { mentor_id: number; client_id: number; start: string; topic: string },
  rules: BookingRules,
  now = new Date(),
): Promise<Booking> {
  // Not found is the query's answer (getClient's NotFound); a database that does not answer is an outage (503).
  const client = await getClient(db, agentId, input.client_id);
  if (client.archived_at) throw new Conflict("This client is archived: nothing more can be booked for them.");
  const start = new Date(input.start);
  await releaseExpiredHolds(db, now);
  const startAt = start.toISOString();
  const endAt = new Date(start.getTime() + SLOT_MINUTES * 60_000).toISOString();
  const stamp = now.toISOString();
  try {
    const id = await changeCart(db, agentId, async (trx) => {
      // Still the agent's, under the lock: a hand-over of the client may have landed since it was read above.
      await ownClient(trx, agentId, client.id, "change");
      // The mentor's week read under its lock: a change of hours saved at this moment is seen whole, and sees
      // this hold once it is made (backend/services/week-change.ts).
      await lockMentor(trx, input.mentor_id, "share");
      const mentor = await getMentor(trx, input.mentor_id);
      checkBookable(mentor, start, rules, now);
      const holds = await trx
        .selectFrom("mentor_bookings")
        .select(["mentor_id"])
        .where("agent_id", "=", agentId)
        .where("status", "=", "held")
        .execute();
      if (holds.filter((h) => h.mentor_id === mentor.id).length >= rules.maxHoldsPerMentor) {
        throw new Conflict(
          `You already hold ${rules.maxHoldsPerMentor} unpaid sessions with ${mentor.name}. Pay for them, or remove one from the cart, to book another.`,
        );
      }
      if (holds.length >= rules.maxHolds) {
        throw new Conflict(
          `You already hold ${rules.maxHolds} unpaid sessions. Pay for them, or remove some from the cart, to book more.`,
        );
      }
      const { id } = await trx
        .insertInto("mentor_bookings")
        .values({
          agent_id: agentId,
          client_id: client.id,
          mentor_id: mentor.id,
          start_at: startAt,
          end_at: endAt,
          topic: input.topic,
          status: "held",
          held_until: new Date(now.getTime() + rules.holdMinutes * 60_000).toISOString(),
          price_minor: mentor.rate_minor,
          currency: mentor.currency,
          order_id: null,
          refund_status: null,
          // Kept with the session (it moves with it); links already sent stay good if the template changes.
          meeting_url: sessionRoomUrl(rules.meetingUrlTemplate),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("cart_items")
        .values({
          agent_id: agentId,
          client_id: client.id,
          item_type: "mentor_booking",
          item_id: id,
          description: `Mentor session: ${mentor.name}, ${utcStamp(startAt)} (${input.topic})`,
          price_minor: mentor.rate_minor,
          currency: mentor.currency,
          created_at: stamp,
        })
        .execute();
      await clientEvent(
        trx,
        {
          agentId,
          clientId: client.id,
          kind: "session.booked",
          summary: `Mentor session with ${mentor.name} held until paid (${input.topic})`,
          ref: `booking:${id}`,
        },
        now,
      );
      return id;
    });
    return getBooking(db, agentId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Conflict("That slot has just been booked by someone else. Please choose another time.");
    }
    if (isForeignKeyViolation(error)) throw new Conflict("This client has just been removed. Reload the page.");
    throw error;
  }
}

const lineWhere = sql`order_items.order_id = mentor_bookings.order_id and order_items.item_type = 'mentor_booking' and order_items.item_id = mentor_bookings.id`;
const lineOf = sql`select 1 from order_items where ${lineWhere}`;

const bookingColumns = [
  "mentor_bookings.id",
  "mentor_bookings.mentor_id",
  "mentors.name as mentor_name",
  "mentors.time_zone as mentor_time_zone",
  "mentor_bookings.client_id",
  "clients.first_name",
  "clients.last_name",
  "mentor_bookings.start_at",
  "mentor_bookings.end_at",
  "mentor_bookings.topic",
  "mentor_bookings.status",
  "mentor_bookings.held_until",
  "mentor_bookings.price_minor",
  "mentor_bookings.currency",
  "mentor_bookings.order_id",
  joinUrl.as("join_url"),
  "mentor_bookings.move_requested_at",
  "mentor_bookings.move_reason",
  "mentor_bookings.outcome",
  "clients.time_zone as client_time_zone",
  // A paid session's money has one state, its order line's (issue 21, point 8): the booking's own column is read
  // only for a session with no line (none paid).
  sql<
    string | null
  >`case when exists (${lineOf}) then (select order_items.refund_status from order_items where ${lineWhere}) else mentor_bookings.refund_status end`.as(
    "refund_status",
  ),
] as const;

/** Every agent's bookings with their mentor and client (the back office's agenda); bookingsQuery is one agent's. */
export function allBookingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .select(bookingColumns);
}

function bookingsQuery(db: Kysely<Database>, agentId: number) {
  return allBookingsQuery(db).where("mentor_bookings.agent_id", "=", agentId);
}

type BookingRow = Omit<Booking, "client_name" | "status" | "refund_status" | "move_request" | "outcome"> & {
  outcome: string | null;
  first_name: string;
  last_name: string;
  status: string;
  refund_status: string | null;
  move_requested_at: string | null;
  move_reason: string | null;
};

export function toBooking({
  first_name,
  last_name,
  status,
  refund_status,
  move_requested_at,
  move_reason,
  outcome,
  ...r
}: BookingRow): Booking {
  return {
    ...r,
    outcome: outcome as Booking["outcome"],
    client_name: `${first_name} ${last_name}`,
    status: status as BookingStatus,
    refund_status: refund_status as Booking["refund_status"],
    // Asked of a session still confirmed: once it moves the request is answered, once cancelled it is moot.
    move_request:
      move_requested_at && status === "confirmed"
        ? { reason: move_reason ?? "", requested_at: move_requested_at, until: moveRequestUntil(r.start_at) }
        : null,
  };
}

export async function getBooking(db: Kysely<Database>, agentId: number, id: number): Promise<Booking> {
  const row = await bookingsQuery(db, agentId).where("mentor_bookings.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("No such booking.");
  return toBooking(row);
}

export async function listBookings(db: Kysely<Database>, agentId: number): Promise<Booking[]> {
  await releaseExpiredHolds(db);
  const rows = await bookingsQuery(db, agentId).orderBy("mentor_bookings.start_at").orderBy("mentor_bookings.id").execute();
  return rows.map(toBooking);
}

/** A client's sessions still to come (held or confirmed), soonest first: the client's page shows where each meets. */
export async function upcomingSessionsOf(db: Kysely<Database>, agentId: number, clientId: number, now = new Date()) {
  const rows = await bookingsQuery(db, agentId)
    .where("mentor_bookings.client_id", "=", clientId)
    .where("mentor_bookings.status", "in", ["held", "confirmed"])
    .where("mentor_bookings.end_at", ">", now.toISOString())
    .orderBy("mentor_bookings.start_at")
    .orderBy("mentor_bookings.id")
    .execute();
  return rows.map(toBooking);
}

/** Holds not in an open checkout. A hold in one stays until the checkout ends (it may still be paid). */

export async function confirmBooking(trx: Kysely<Database>, orderId: number, id: number): Promise<string | null> {
  const now = new Date().toISOString();
  const b = await trx.selectFrom("mentor_bookings").select(["id", "status", "order_id"]).where("id", "=", id).executeTakeFirst();
  if (!b) return "The mentor session no longer exists.";
  if (b.status === "confirmed") return b.order_id === orderId ? null : "The mentor session was already paid by another order.";
  if (b.status === "canceled") {
    await trx
      .updateTable("mentor_bookings")
      .set({ order_id: orderId, refund_status: "due", updated_at: now })
      .where("id", "=", id)
      .execute();
    return "The mentor session was cancelled before the payment arrived.";
  }
  // Held, or released: confirming it puts it back in the slot's unique index, which a rival may hold now.
  await sql`savepoint confirm_booking`.execute(trx);
  try {
    const result = await trx
      .updateTable("mentor_bookings")
      .set({ status: "confirmed", order_id: orderId, held_until: null, updated_at: now })
      .where("id", "=", id)
      .where("status", "in", ["held", "released"])
      .executeTakeFirst();
    await sql`release savepoint confirm_booking`.execute(trx);
    if (Number(result.numUpdatedRows) === 1) return null;
  } catch (error) {
    await sql`rollback to savepoint confirm_booking`.execute(trx);
    if (!isUniqueViolation(error)) throw error;
  }
  await trx
    .updateTable("mentor_bookings")
    .set({ status: "canceled", order_id: orderId, refund_status: "due", updated_at: now })
    .where("id", "=", id)
    .where("status", "in", ["held", "released"])
    .execute();
  return "The mentor's slot was taken by another booking before the payment arrived.";
}

/**
 * Cancels an upcoming booking. A hold (unpaid) may go any time, as a change to the cart (refused while a
 * checkout is open). A paid one may go until it starts (Terms §4): up to the cut-off its item on the order is
 * then due a refund, in the same transaction, and `settle` refunds it where a payment provider is configured;
 * after the cut-off it is not refunded, and the order says so.
 */
export async function cancelBooking(
  db: Kysely<Database>,
  agentId: number,
  id: number,
  cutoffHours: number,
  settle: (orderId: number) => Promise<unknown>,
  now = new Date(),
  /** Given when staff cancel for the agent: their audit row, written in the cancellation's own transaction */
  byStaff?: (trx: Kysely<Database>, booking: Booking, refund: "due" | "none") => Promise<void>,
): Promise<Booking> {
  const booking = await getBooking(db, agentId, id);
  if (booking.status === "canceled" || booking.status === "released") {
    throw new Conflict("This booking is already cancelled.");
  }
  if (Date.parse(booking.start_at) <= now.getTime()) throw new Conflict("This session has already started or taken place.");
  const stamp = now.toISOString();
  if (booking.status === "held") {
    await changeCart(db, agentId, async (trx) => {
      const updated = await trx
        .updateTable("mentor_bookings")
        .set({ status: "canceled", updated_at: stamp })
        .where("id", "=", id)
        .where("status", "=", "held")
        .executeTakeFirst();
      // Another call (or the hold's lapse) got there first: this one changed nothing, and says so.
      if (Number(updated.numUpdatedRows) !== 1) throw new Conflict("This booking is already cancelled.");
      await byStaff?.(trx, booking, "none");
      await clientEvent(
        trx,
        {
          agentId,
          clientId: booking.client_id,
          kind: "session.cancelled",
          summary: `Held (unpaid) mentor session with ${booking.mentor_name} cancelled${byStaff ? " by the consultancy" : ""}`,
          ref: `booking:${id}`,
        },
        now,
      );
      await trx.deleteFrom("cart_items").where("item_type", "=", "mentor_booking").where("item_id", "=", id).execute();
    });
    return getBooking(db, agentId, id);
  }
  // Terms §4: up to the cut-off a paid session is refunded; after it, it may still be cancelled, without a refund.
  // A session its mentor asked to move is refunded in full whenever it is cancelled (the change was the mentor's).
  const late = !booking.move_request && Date.parse(booking.start_at) - now.getTime() < cutoffHours * 3_600_000;
  const refund = await db.transaction().execute((trx) =>
    cancelPaidIn(trx, agentId, booking, {
      refund: late ? "none" : "due",
      by: byStaff ? "staff" : "agent",
      cutoffHours,
      now,
      also: byStaff ? (t) => byStaff(t, booking, late ? "none" : "due") : undefined,
    }),
  );
  if (refund) await settle(booking.order_id!);
  return getBooking(db, agentId, id);
}

/**
 * Cancels a paid session as it was read (`booking`), in the caller's transaction: the row (only if it is still
 * confirmed at the time read: a move or another cancellation that got there first leaves it alone and this one is
 * refused), the notices, the client's timeline and its order line. Says whether a refund is now due.
 */
export async function cancelPaidIn(
  trx: Kysely<Database>,
  agentId: number,
  booking: Booking,
  o: {
    refund: "due" | "none";
    /** mentor: asked to move and no new time chosen; mentor_change: the mentor's new week leaves it out */
    by: "agent" | "staff" | "mentor" | "mentor_change";
    cutoffHours: number;
    now: Date;
    also?: (trx: Kysely<Database>) => Promise<void>;
  },
): Promise<boolean> {
  const stamp = o.now.toISOString();
  const updated = await trx
    .updateTable("mentor_bookings")
    .set({ status: "canceled", refund_status: o.refund === "due" ? "due" : null, updated_at: stamp })
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .where("start_at", "=", booking.start_at)
    .executeTakeFirst();
  // Only one of simultaneous cancellations (or a cancellation and a move) changes the row; the others change
  // nothing and are told what happened instead.
  if (Number(updated.numUpdatedRows) !== 1) {
    const now = await trx.selectFrom("mentor_bookings").select("status").where("id", "=", booking.id).executeTakeFirst();
    throw new Conflict(
      now?.status === "confirmed"
        ? "This session has just been moved to another time. Reload the page to see it before cancelling."
        : "This booking is already cancelled.",
    );
  }
  await o.also?.(trx);
  // The agent, the client and the mentor hear of it (the calendar's cancellation, and the refund's state), once.
  await bookingCancelled(trx, booking.id, o.refund, o.by, o.now);
  const how =
    o.by === "mentor"
      ? `${booking.mentor_name} asked to move it and no new time was chosen before it: refunded in full`
      : o.by === "mentor_change"
        ? `${booking.mentor_name} is no longer available at that time: refunded in full`
        : o.refund === "due"
          ? booking.move_request
            ? `${booking.mentor_name} had asked to move it: refunded in full`
            : "refund due"
          : `not refunded (less than ${o.cutoffHours} hours before)`;
  await clientEvent(
    trx,
    {
      agentId,
      clientId: booking.client_id,
      kind: "session.cancelled",
      summary: `Mentor session with ${booking.mentor_name} cancelled${o.by === "staff" || o.by === "mentor_change" ? " by the consultancy" : ""}: ${how}`,
      ref: `booking:${booking.id}`,
    },
    o.now,
  );
  if (!booking.order_id) return false;
  await trx
    .updateTable("order_items")
    .set(
      o.refund === "none"
        ? { refund_reason: `Cancelled less than ${o.cutoffHours} hours before the start: not refunded (Terms §4).` }
        : {
            refund_status: "due",
            refund_reason:
              o.by === "mentor"
                ? "The mentor could not give the session and no new time was chosen."
                : o.by === "mentor_change"
                  ? "The mentor is no longer available at that time."
                  : "The mentor session was cancelled.",
          },
    )
    .where("order_id", "=", booking.order_id)
    .where("item_type", "=", "mentor_booking")
    .where("item_id", "=", booking.id)
    .where("refund_status", "is", null)
    .execute();
  return o.refund === "due";
}

export async function openBookingsCount(db: Kysely<Database>, agentId: number, now = new Date()) {
  const r = await db
    .selectFrom("mentor_bookings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("agent_id", "=", agentId)
    .where("status", "in", ["held", "confirmed"])
    .where("end_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
