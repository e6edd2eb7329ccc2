/** An agent's clients and their case files (lib/contract/clients.ts). */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { assertOwnId } from "../accounts/guard.js";
import { upcomingSessionsOf } from "../bookings/bookings.js";
import type { Database } from "../db/schema.js";
import { clientDocuments } from "../documents/documents.js";
import { listCart } from "../payments/cart.js";
import type { Server } from "../serve.js";
import { attentionList } from "./attention.js";
import { addNote, clientTimeline } from "./case-file.js";
import { addClient, deleteClient, editClient, getClient, listClients } from "./clients.js";

export function clientRoutes(serve: Server, { db }: { db: Kysely<Database> }) {
  serve(endpoints.clients, async ({ caller, params, query }) => {
    assertOwnId(caller, params.agentId);
    return listClients(db, params.agentId, { ...query, zone: caller.person.time_zone });
  });
  serve(endpoints.addClient, async ({ caller, body }) => addClient(db, caller.id, body));
  serve(endpoints.editClient, async ({ caller, body: { id, ...values } }) => editClient(db, caller.id, id, values));
  serve(endpoints.deleteClient, async ({ caller, params }) => deleteClient(db, caller.id, params.clientId));
  serve(endpoints.viewClient, async ({ caller, params: { clientId } }) => {
    const client = await getClient(db, caller.id, clientId);
    const [cart, timeline, attention, documents, sessions] = await Promise.all([
      listCart(db, caller.id, clientId),
      clientTimeline(db, caller.id, clientId),
      attentionList(db, caller.id, clientId, caller.person.time_zone),
      clientDocuments(db, caller.id, clientId),
      upcomingSessionsOf(db, caller.id, clientId),
    ]);
    return { client, cart, timeline, attention, documents, sessions };
  });
  // A note on the client: append-only (a correction is a new note); another agent's client is not found.
  serve(endpoints.addNote, async ({ caller, params, body }) => addNote(db, caller.id, params.clientId, body.body));
}
