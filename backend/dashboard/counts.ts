/** What the agent's dashboard cards count. */
import type { Kysely } from "kysely";
import type { DashboardCounts } from "../../lib/contract.js";
import { openBookingsCount } from "../bookings/bookings.js";
import type { Database } from "../db/schema.js";
import { releaseExpiredHolds } from "../holds/holds.js";

export async function dashboardCounts(db: Kysely<Database>, agentId: number): Promise<DashboardCounts> {
  const count = (table: "clients" | "cart_items" | "jobs" | "relocations", own: boolean) => {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
    if (own) q = q.where("agent_id" as never, "=", agentId as never);
    // Archived clients are kept for their history, not counted.
    if (table === "clients") q = q.where("archived_at" as never, "is", null as never);
    return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  };
  // Started only once nothing before it can throw: a query left running past a failed await would reject with no
  // one listening, and an unhandled rejection ends the process.
  await releaseExpiredHolds(db);
  const paidOrders = db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("agent_id", "=", agentId)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  const [clients, cart_items, jobs, relocations, paid_orders, open_bookings] = await Promise.all([
    count("clients", true),
    count("cart_items", true),
    count("jobs", false),
    count("relocations", false),
    paidOrders,
    openBookingsCount(db, agentId),
  ]);
  return { clients, cart_items, open_bookings, paid_orders, jobs, relocations };
}
