/** What agents browse (lib/contract/catalogue.ts). */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { getJob, getRelocation, listCountries, listJobs, listRelocations, plansForClient } from "./catalogue.js";

export function catalogueRoutes(serve: Server, { db }: { db: Kysely<Database> }) {
  serve(endpoints.countries, async () => listCountries(db));
  serve(endpoints.jobs, async ({ query }) => listJobs(db, query));
  serve(endpoints.job, async ({ params }) => getJob(db, params.id));
  serve(endpoints.relocations, async ({ query }) => listRelocations(db, query));
  serve(endpoints.relocation, async ({ params }) => getRelocation(db, params.id));
  serve(endpoints.servicePlans, async ({ caller, body }) => plansForClient(db, caller.id, body.client_id));
}
