/**
 * Releasing unpaid mentor holds: the one guarded update every path uses (the sweep, removing a session from
 * the cart, deleting a client, an expired checkout). A hold in an open checkout is never released here.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.js";

function notInOpenCheckout(eb: ExpressionBuilder<Database, "mentor_bookings">) {
  return eb.or([
    eb("mentor_bookings.order_id", "is", null),
    eb("mentor_bookings.order_id", "not in", eb.selectFrom("orders").select("orders.id").where("orders.status", "=", "pending")),
  ]);
}

/**
 * Whether a booking still holds its slot as far as counting goes: a hold is released by the next sweep once its time
 * is past, unless a checkout has it, so a reader that counts open bookings need not run the sweep (a write) first.
 */
export function holdStands(eb: ExpressionBuilder<Database, "mentor_bookings">, now: Date) {
  return eb.or([eb("mentor_bookings.held_until", ">", now.toISOString()), eb.not(notInOpenCheckout(eb))]);
}

/**
 * Holds past their time are released, unless a checkout that may still be paid has them. Their cart items stay,
 * marked released, until the agent removes them: a lapsed hold never silently disappears.
 */
export async function releaseExpiredHolds(db: Kysely<Database>, now = new Date()): Promise<number> {
  const expired = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("status", "=", "held")
    .where("held_until", "<=", now.toISOString())
    .where(notInOpenCheckout)
    .execute();
  if (!expired.length) return 0;
  return (
    await releaseBookings(
      db,
      expired.map((b) => b.id),
    )
  ).length;
}

/**
 * Releases these holds (a guarded update: never one in an open checkout). Their cart items are the caller's: the
 * cart keeps a lapsed one (marked released); removing it from the cart or deleting its client drops it.
 */
export async function releaseBookings(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const released = await db
    .updateTable("mentor_bookings")
    .set({ status: "released", updated_at: new Date().toISOString() })
    .where("id", "in", ids)
    .where("status", "=", "held")
    .where(notInOpenCheckout)
    .returning("id")
    .execute();
  return released.map((r) => r.id);
}

/**
 * A paid order confirms one of its bookings. A hold released meanwhile is taken back if its slot is still
 * free. Returns why the session cannot be delivered (it is then cancelled, refund due), or null.
 */
