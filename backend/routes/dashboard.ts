/** api/dashboard/counts: what the agent's dashboard cards show. */
import { Router } from "express";
import type { Kysely } from "kysely";
import type { DashboardCounts } from "../../lib/contract.js";
import { currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, send } from "../http.js";
import { openBookingsCount, releaseExpiredHolds } from "../services/mentors.js";

export function dashboardRoutes({ db }: { db: Kysely<Database> }) {
  const router = Router();
  router.get(
    "/api/dashboard/counts",
    requireAuth(db),
    handler(async (req, res) => {
      const agentId = currentAgent(req).id;
      const count = (table: "clients" | "cart_items" | "jobs" | "relocations", own: boolean) => {
        let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
        if (own) q = q.where("agent_id" as never, "=", agentId as never);
        if (table === "clients") q = q.where("archived_at" as never, "is", null as never);
        return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
      };
      const paidOrders = db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .where("status", "=", "paid")
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
      await releaseExpiredHolds(db);
      const [clients, cart_items, jobs, relocations, paid_orders, open_bookings] = await Promise.all([
        count("clients", true),
        count("cart_items", true),
        count("jobs", false),
        count("relocations", false),
        paidOrders,
        openBookingsCount(db, agentId),
      ]);
      send<DashboardCounts>(res, { clients, cart_items, open_bookings, paid_orders, jobs, relocations });
    }),
  );
  return router;
}
