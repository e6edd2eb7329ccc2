/** The agent's cart: api/cart/list/:agentId, agent/addcart, job/services, agent/deletecart. */
import { Router } from "express";
import type { Kysely } from "kysely";
import { addCartBody, deleteCartBody, idParam, jobServicesBody } from "../../lib/contract.js";
import { assertOwnAgentId, currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { addToCart, listCart, removeFromCart } from "../services/cart.js";
import { releaseExpiredHolds } from "../services/holds.js";

export function cartRoutes({ db }: { db: Kysely<Database> }) {
  const router = Router();
  router.use(["/api/cart", "/agent/addcart", "/agent/deletecart", "/job/services"], requireAuth(db));

  router.get(
    "/api/cart/list/:agentId",
    handler(async (req, res) => {
      const agentId = parse(idParam, req.params.agentId, "agentId");
      assertOwnAgentId(req, agentId);
      await releaseExpiredHolds(db);
      send(res, await listCart(db, agentId));
    }),
  );

  router.post(
    "/agent/addcart",
    handler(async (req, res) => {
      send(res, await addToCart(db, currentAgent(req).id, parse(addCartBody, req.body)), 201);
    }),
  );

  // The job form: that job's placement service, for a client, into the cart.
  router.post(
    "/job/services",
    handler(async (req, res) => {
      const { client_id, job_id } = parse(jobServicesBody, req.body);
      send(res, await addToCart(db, currentAgent(req).id, { client_id, item_type: "job", item_id: job_id }), 201);
    }),
  );

  router.post(
    "/agent/deletecart",
    handler(async (req, res) => {
      const { id } = parse(deleteCartBody, req.body);
      send(res, await removeFromCart(db, currentAgent(req).id, id));
    }),
  );

  return router;
}
