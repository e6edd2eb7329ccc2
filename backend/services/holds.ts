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

/** Holds past their time are released and leave the cart, unless a checkout that may still be paid has them. */
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

/** Releases these holds (a guarded update: never one in an open checkout) and takes them out of the cart. */
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
  const done = released.map((r) => r.id);
  if (done.length) {
    await db.deleteFrom("cart_items").where("item_type", "=", "mentor_booking").where("item_id", "in", done).execute();
  }
  return done;
}

/**
 * A paid order confirms one of its bookings. A hold released meanwhile is taken back if its slot is still
 * free. Returns why the session cannot be delivered (it is then cancelled, refund due), or null.
 */
