/** Session packs and the credits they give (lib/contract/packs.ts): the office's packs, the agent's, the public's. */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { clientCredits } from "../bookings/credits.js";
import { getClient } from "../clients/clients.js";
import type { Database } from "../db/schema.js";
import { setPublished } from "../office/catalogue.js";
import { createPack, editPack } from "../office/session-packs.js";
import type { Server } from "../serve.js";
import { agentPacks, getOfficePack, getOfficePackDetail, listOfficePacks, publicPacks } from "./packs.js";

export function packRoutes(serve: Server, { db }: { db: Kysely<Database> }) {
  serve(endpoints.officePacks, async () => listOfficePacks(db));
  serve(endpoints.officePack, async ({ params }) => getOfficePackDetail(db, params.id));
  serve(endpoints.createPack, async ({ caller, body }) => createPack(db, caller.id, body));
  serve(endpoints.editPack, async ({ caller, params, body }) => editPack(db, caller.id, params.id, body));
  serve(endpoints.publishPack, async ({ caller, params, body }) => {
    await setPublished(db, caller.id, "pack", params.id, body.published);
    return getOfficePack(db, params.id);
  });
  serve(endpoints.agentPacks, async ({ caller, params }) => {
    // Another agent's client is no client of this one's (404).
    await getClient(db, caller.id, params.clientId);
    return agentPacks(db, caller.id, params.clientId);
  });
  serve(endpoints.publicPacks, async ({ query }) => publicPacks(db, query.lang));
  serve(endpoints.clientCredits, async ({ caller, params }) => {
    await getClient(db, caller.id, params.clientId);
    return clientCredits(db, params.clientId);
  });
  serve(endpoints.myCredits, async ({ caller }) => clientCredits(db, caller.id));
}
