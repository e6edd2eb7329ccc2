/** What the agent's dashboard cards count. */
import type { Kysely } from "kysely";
import type { DashboardCounts } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { holdStands } from "../holds/holds.js";

/**
 * The six counts in one query (one round trip, one statement: the counts agree with each other). Open bookings are
 * the confirmed ones still to end and the holds that still stand; a lapsed hold is not counted, as if the sweep that
 * releases it had run (it needs no write here).
 */
export async function dashboardCounts(db: Kysely<Database>, agentId: number, now = new Date()): Promise<DashboardCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      // Archived clients are kept for their history, not counted.
      eb
        .selectFrom("clients")
        .select((s) => s.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .where("archived_at", "is", null)
        .as("clients"),
      eb
        .selectFrom("cart_items")
        .select((s) => s.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .as("cart_items"),
      eb
        .selectFrom("jobs")
        .select((s) => s.fn.countAll<number>().as("n"))
        .as("jobs"),
      eb
        .selectFrom("relocations")
        .select((s) => s.fn.countAll<number>().as("n"))
        .as("relocations"),
      eb
        .selectFrom("orders")
        .select((s) => s.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .where("status", "=", "paid")
        .as("paid_orders"),
      eb
        .selectFrom("mentor_bookings")
        .select((s) => s.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .where("end_at", ">", now.toISOString())
        .where((w) => w.or([w("status", "=", "confirmed"), w.and([w("status", "=", "held"), holdStands(w, now)])]))
        .as("open_bookings"),
    ])
    .executeTakeFirstOrThrow();
  return {
    clients: Number(row.clients),
    cart_items: Number(row.cart_items),
    open_bookings: Number(row.open_bookings),
    paid_orders: Number(row.paid_orders),
    jobs: Number(row.jobs),
    relocations: Number(row.relocations),
  };
}
