/** api/clients/agent/:agentId, agent/addclient, agent/editClient, agent/deleteClient/:id, agent/viewClient/:id. */
import { Router } from "express";
import type { Kysely } from "kysely";
import { clientEditInput, clientInput, clientListQuery, idParam, noteBody, type ClientView } from "../../lib/contract.js";
import { assertOwnAgentId, currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { attentionList } from "../services/attention.js";
import { listCart } from "../services/cart.js";
import { addNote, clientTimeline } from "../services/case-file.js";
import { addClient, deleteClient, editClient, getClient, listClients } from "../services/clients.js";
import { clientDocuments } from "../services/documents.js";

export function clientRoutes({ db }: { db: Kysely<Database> }) {
  const router = Router();
  router.use(
    ["/api/clients", "/agent/addclient", "/agent/editClient", "/agent/deleteClient", "/agent/viewClient"],
    requireAuth(db),
  );

  router.get(
    "/api/clients/agent/:agentId",
    handler(async (req, res) => {
      const agentId = parse(idParam, req.params.agentId, "agentId");
      assertOwnAgentId(req, agentId);
      const query = parse(clientListQuery, req.query, "query");
      send(res, await listClients(db, agentId, query));
    }),
  );

  router.post(
    "/agent/addclient",
    handler(async (req, res) => {
      const values = parse(clientInput, req.body);
      send(res, await addClient(db, currentAgent(req).id, values), 201);
    }),
  );

  router.post(
    "/agent/editClient",
    handler(async (req, res) => {
      const { id, ...values } = parse(clientEditInput, req.body);
      send(res, await editClient(db, currentAgent(req).id, id, values));
    }),
  );

  router.post(
    "/agent/deleteClient/:clientId",
    handler(async (req, res) => {
      const clientId = parse(idParam, req.params.clientId, "clientId");
      send(res, await deleteClient(db, currentAgent(req).id, clientId));
    }),
  );

  router.post(
    "/agent/viewClient/:clientId",
    handler(async (req, res) => {
      const clientId = parse(idParam, req.params.clientId, "clientId");
      const agentId = currentAgent(req).id;
      const client = await getClient(db, agentId, clientId);
      const [cart, timeline, attention, documents] = await Promise.all([
        listCart(db, agentId, clientId),
        clientTimeline(db, agentId, clientId),
        attentionList(db, agentId, clientId),
        clientDocuments(db, agentId, clientId),
      ]);
      send<ClientView>(res, { client, cart, timeline, attention, documents });
    }),
  );

  // A note on the client: append-only (a correction is a new note); another agent's client is not found.
  router.post(
    "/agent/clients/:clientId/notes",
    requireAuth(db),
    handler(async (req, res) => {
      const clientId = parse(idParam, req.params.clientId, "clientId");
      const { body } = parse(noteBody, req.body);
      send(res, await addNote(db, currentAgent(req).id, clientId, body), 201);
    }),
  );

  return router;
}
