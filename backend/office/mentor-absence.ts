/**
 * Staff record that a mentor did not come to a session (issue 23, point 6): the session's outcome, and its line
 * refunded in full (a pack credit's session: its credit returned), in one transaction (refundOrder's), so one is never without the other. Many marks at once
 * leave one (a guarded update of the outcome); the mentor's own "held" is overruled, with the audit saying so.
 */
import type { Kysely } from "kysely";
import { audit } from "../audit.js";
import { returnCredit } from "../bookings/credits.js";
import { clientEvent } from "../clients/case-file.js";
import { lockLedger } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import type { Payments } from "../payments/checkout.js";
import { refundOrder } from "./orders.js";

export async function markMentorAbsent(p: Payments, staffId: number, bookingId: number, note: string, now = new Date()) {
  const at = now.toISOString();
  const found = await p.db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .select([
      "mentor_bookings.status",
      "mentor_bookings.start_at",
      "mentor_bookings.order_id",
      "mentor_bookings.outcome",
      "mentor_bookings.credit_id",
      "mentors.name as mentor_name",
    ])
    .where("mentor_bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!found) throw new NotFound("session.not_found", "No such session.");
  const booking = found;
  if (booking.outcome === "mentor_no_show")
    throw new Conflict("session.mentor_absent_already", "This session is marked already: the mentor did not come.");
  if (booking.status !== "confirmed" || (!booking.order_id && !booking.credit_id))
    throw new Conflict("session.not_paid", "Only a paid session can be marked.");
  if (booking.start_at > at) throw new Conflict("session.not_started", "A session can be marked once it has started.");
  if (!booking.order_id) {
    // Paid by a pack credit: the credit goes back, with the mark, in one transaction.
    await p.db.transaction().execute(async (trx) => {
      await lockLedger(trx, "credit", booking.credit_id!);
      await mark(trx, "its session pack credit is returned");
      await returnCredit(trx, { id: bookingId, credit_id: booking.credit_id }, `staff:${staffId}`, now);
    });
    return null;
  }
  const line = await p.db
    .selectFrom("order_items")
    .select(["id", "refund_status"])
    .where("order_id", "=", booking.order_id)
    .where("item_type", "=", "mentor_booking")
    .where("item_id", "=", bookingId)
    .executeTakeFirst();
  if (!line) throw new NotFound("session.no_order_line", "This session has no line on its order.");
  if (line.refund_status) throw new Conflict("session.refunded", "This session's payment is refunded already.");
  return refundOrder(
    p,
    staffId,
    booking.order_id,
    { item_ids: [line.id], note: `The mentor did not come. ${note}` },
    now,
    (trx) => mark(trx, "it is refunded in full"),
  );

  async function mark(trx: Kysely<Database>, what: string) {
    const marked = await trx
      .updateTable("mentor_bookings")
      .set({ outcome: "mentor_no_show", outcome_summary: note, outcome_at: at, outcome_by: `staff:${staffId}`, updated_at: at })
      .where("id", "=", bookingId)
      .where("status", "=", "confirmed")
      .where("start_at", "<=", at)
      .where((eb) => eb.or([eb("outcome", "is", null), eb("outcome", "<>", "mentor_no_show")]))
      .returning(["agent_id", "client_id"])
      .executeTakeFirst();
    if (!marked) throw new Conflict("session.mentor_absent_already", "This session is marked already: the mentor did not come.");
    await clientEvent(
      trx,
      {
        agentId: marked.agent_id,
        clientId: marked.client_id,
        kind: "session.no_show",
        summary: `${booking.mentor_name} did not come to the session: ${what}.`,
        ref: `booking:${bookingId}`,
      },
      now,
    );
    await audit(
      trx,
      {
        staffId,
        kind: "booking.mentor_no_show",
        subject: `booking:${bookingId}`,
        before: { outcome: booking.outcome },
        after: { outcome: "mentor_no_show", note },
      },
      now,
    );
  }
}
