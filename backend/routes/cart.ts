/** The agent's cart: api/cart/list/:agentId. */
import { Router } from "express";
import type { Kysely } from "kysely";
import { idParam } from "../../lib/contract.js";
import { assertOwnAgentId, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { listCart } from "../services/cart.js";

export function cartRoutes(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const router = Router();

  router.get(
    "/api/cart/list/:agentId",
    requireAuth(db),
    handler(async (req, res) => {
      const agentId = parse(idParam, req.params.agentId, "agentId");
      assertOwnAgentId(req, agentId);
      send(res, await listCart(db, agentId));
    }),
  );

  return router;
}
