/**
 * Every mentor session, as staff see them (an agenda by day, in UTC), and cancelling one on an agent's behalf:
 * the agent's own cancellation with the same refund rules (Terms §4), its audit row in the same transaction.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { OfficeBooking } from "../../lib/contract.js";
import { dayStart } from "../../lib/day-start.js";
import { addDays, dayIn } from "../../lib/days.js";
import { audit } from "../audit.js";
import { allBookingsQuery, cancelBooking, toBooking } from "../bookings/bookings.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";

export async function listOfficeBookings(
  db: Kysely<Database>,
  opts: {
    mentor?: number | null;
    from?: string | null;
    days?: number | null;
    holds?: "lapsing" | null;
    view?: "unmarked" | null;
    /** Days are days in this zone (the staff member's own); UTC when absent */
    zone?: string;
  },
  now = new Date(),
): Promise<{ from: string; days: number; holds: "lapsing" | null; view: "unmarked" | null; items: OfficeBooking[] }> {
  const zone = opts.zone ?? "UTC";
  const from = opts.from ?? dayIn(zone, now);
  const days = opts.days ?? 7;
  const lapsing = opts.holds === "lapsing";
  const unmarked = !lapsing && opts.view === "unmarked";
  const start = dayStart(from, zone);
  const end = dayStart(addDays(from, days), zone);
  // One query for the whole list (it may hold hundreds of sessions), not one a booking.
  let q = allBookingsQuery(db)
    .innerJoin("agents", "agents.id", "mentor_bookings.agent_id")
    .select(["mentor_bookings.agent_id", "agents.name as agent_name"]);
  q = lapsing
    ? // The unpaid holds that end within the hour, whatever day their session is: the overview's "holds lapsing".
      q
        .where("mentor_bookings.status", "=", "held")
        .where("mentor_bookings.held_until", ">", now.toISOString())
        .where("mentor_bookings.held_until", "<=", new Date(now.getTime() + 3_600_000).toISOString())
    : unmarked
      ? q.where(unmarkedSessions(now))
      : q
          .where("mentor_bookings.start_at", ">=", start)
          .where("mentor_bookings.start_at", "<", end)
          .where("mentor_bookings.status", "in", ["held", "confirmed", "canceled"]);
  if (opts.mentor) q = q.where("mentor_bookings.mentor_id", "=", opts.mentor);
  const rows = await q
    .orderBy(lapsing ? "mentor_bookings.held_until" : "mentor_bookings.start_at")
    .orderBy("mentor_bookings.id")
    .limit(500)
    .execute();
  const items = rows.map(({ agent_id, agent_name, ...r }) => ({ ...toBooking(r), agent_id, agent_name }));
  return { from, days, holds: lapsing ? "lapsing" : null, view: unmarked ? "unmarked" : null, items };
}

/** Paid sessions that ended more than 48 hours ago with no outcome: someone should say what became of them. */
export function unmarkedSessions(now: Date) {
  const cutoff = new Date(now.getTime() - 48 * 3_600_000).toISOString();
  return (eb: ExpressionBuilder<Database, "mentor_bookings">) =>
    eb.and([
      eb("mentor_bookings.status", "=", "confirmed"),
      eb("mentor_bookings.outcome", "is", null),
      eb("mentor_bookings.end_at", "<=", cutoff),
    ]);
}

/** Cancels a session for its agent, with the agent's own rules and refund, and the staff member's audit row. */
export async function cancelForAgent(
  db: Kysely<Database>,
  staffId: number,
  id: number,
  cutoffHours: number,
  settle: (orderId: number) => Promise<unknown>,
  now = new Date(),
) {
  const row = await db.selectFrom("mentor_bookings").select(["agent_id"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("booking.not_found", "No such booking.");
  return cancelBooking(db, row.agent_id, id, cutoffHours, settle, now, (trx, booking, refund) =>
    audit(
      trx,
      {
        staffId,
        kind: "booking.cancel",
        subject: `booking:${id}`,
        before: { status: booking.status },
        after: { status: "canceled", refund, agent_id: row.agent_id },
      },
      now,
    ),
  );
}
