/** Where a client's case stands (lib/contract/stages.ts): the office's stages, and the agent's moves. */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { addStage, clientCases, editStage, listStages, moveCase, moveStage, retireStage } from "./stages.js";

export function stageRoutes(serve: Server, { db, publicUrl }: { db: Kysely<Database>; publicUrl: string }) {
  serve(endpoints.officeStages, async () => listStages(db));
  serve(endpoints.officeAddStage, async ({ caller, body }) => addStage(db, caller.id, body));
  serve(endpoints.officeEditStage, async ({ caller, params, body }) => editStage(db, caller.id, params.id, body));
  serve(endpoints.officeMoveStage, async ({ caller, params, body }) => moveStage(db, caller.id, params.id, body.direction));
  serve(endpoints.officeRetireStage, async ({ caller, params, body }) => retireStage(db, caller.id, params.id, body.retired));
  serve(endpoints.clientCases, async ({ caller, params }) => clientCases(db, caller.id, params.clientId));
  serve(endpoints.moveClientCase, async ({ caller, params, body }) =>
    moveCase(db, caller.id, params.clientId, params.serviceId, body, publicUrl),
  );
}
