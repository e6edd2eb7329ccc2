/** api/dashboard/counts: what the agent's dashboard cards show. */
import { Router } from "express";
import type { Kysely } from "kysely";
import type { AttentionItem, DashboardCounts } from "../../lib/contract.js";
import { currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, send } from "../http.js";
import { attentionList } from "../services/attention.js";
import { dashboardCounts } from "../services/dashboard.js";

export function dashboardRoutes({ db }: { db: Kysely<Database> }) {
  const router = Router();
  router.get(
    "/api/dashboard/counts",
    requireAuth(db),
    handler(async (req, res) => send<DashboardCounts>(res, await dashboardCounts(db, currentAgent(req).id))),
  );
  // What needs the agent, most urgent first, for all its clients.
  router.get(
    "/api/dashboard/attention",
    requireAuth(db),
    handler(async (req, res) => send<AttentionItem[]>(res, await attentionList(db, currentAgent(req).id, null))),
  );
  return router;
}
