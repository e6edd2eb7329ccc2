/** Changing a booking once held: confirmed when its order is paid, cancelled by the agent or with a paid order. */
import { sql, type Kysely } from "kysely";
import type { Booking } from "../../lib/contract.js";
import { clientEvent } from "../clients/case-file.js";
import { reverseCommissions } from "../commissions/ledger.js";
import { isUniqueViolation } from "../db/errors.js";
import { lockLedger } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { Conflict } from "../errors.js";
import { changeCart } from "../holds/cart-lock.js";
import { returnCredit } from "./credits.js";
import { bookingCancelled } from "./notices.js";
import { getBooking } from "./queries.js";

/** A held session confirmed as its order is paid: null when it is (or already was, by this order), else why not. */
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
    throw new Conflict("booking.already_cancelled", "This booking is already cancelled.");
  }
  if (Date.parse(booking.start_at) <= now.getTime())
    throw new Conflict("booking.started", "This session has already started or taken place.");
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
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Conflict("booking.already_cancelled", "This booking is already cancelled.");
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
  // A session paid by a credit: the grant's lock first, the order every credit change takes it in.
  if (booking.credit_id) await lockLedger(trx, "credit", booking.credit_id);
  const updated = await trx
    .updateTable("mentor_bookings")
    .set({ status: "canceled", refund_status: o.refund === "due" && !booking.credit_id ? "due" : null, updated_at: stamp })
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .where("start_at", "=", booking.start_at)
    .executeTakeFirst();
  // Only one of simultaneous cancellations (or a cancellation and a move) changes the row; the others change
  // nothing and are told what happened instead.
  if (Number(updated.numUpdatedRows) !== 1) {
    const now = await trx.selectFrom("mentor_bookings").select("status").where("id", "=", booking.id).executeTakeFirst();
    throw now?.status === "confirmed"
      ? new Conflict(
          "session.moved",
          "This session has just been moved to another time. Reload the page to see it before cancelling.",
        )
      : new Conflict("booking.already_cancelled", "This booking is already cancelled.");
  }
  await o.also?.(trx);
  // In time (or the mentor's doing), a credit goes back to the client's pack; late, it is used, as a payment is kept.
  if (booking.credit_id && o.refund === "due")
    await returnCredit(trx, booking, o.by === "agent" ? `agent:${agentId}` : o.by, o.now);
  const state = booking.credit_id ? (o.refund === "due" ? "credit_returned" : "credit_used") : o.refund;
  // The agent, the client and the mentor hear of it (the calendar's cancellation, and the refund's state), once.
  await bookingCancelled(trx, booking.id, state, o.by, o.now);
  const how = booking.credit_id
    ? o.refund === "due"
      ? "its session pack credit is returned"
      : `its session pack credit is used (less than ${o.cutoffHours} hours before)`
    : o.by === "mentor"
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
  const line = await trx
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
    .returning("id")
    .execute();
  // The session's money goes back: so does what its agent earned on it.
  if (o.refund === "due") await reverseCommissions(trx, line, o.now);
  return o.refund === "due";
}
