/** api/countrylist, api/jobs, api/relocations, api/serviceplan (and one job or package by id). */
import { Router } from "express";
import type { Kysely } from "kysely";
import { catalogueQuery, idParam, servicePlanBody } from "../../lib/contract.js";
import { currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { handler, parse, send } from "../http.js";
import { getJob, getRelocation, listCountries, listJobs, listRelocations, plansForClient } from "../services/catalogue.js";

export function catalogueRoutes({ db }: { db: Kysely<Database> }) {
  const router = Router();
  router.use(["/api/countrylist", "/api/jobs", "/api/relocations", "/api/serviceplan"], requireAuth(db));

  router.get(
    "/api/countrylist",
    handler(async (_req, res) => send(res, await listCountries(db))),
  );
  router.get(
    "/api/jobs",
    handler(async (req, res) => send(res, await listJobs(db, parse(catalogueQuery, req.query, "query")))),
  );
  router.get(
    "/api/jobs/:id",
    handler(async (req, res) => send(res, await getJob(db, parse(idParam, req.params.id, "id")))),
  );
  router.get(
    "/api/relocations",
    handler(async (req, res) => send(res, await listRelocations(db, parse(catalogueQuery, req.query, "query")))),
  );
  router.get(
    "/api/relocations/:id",
    handler(async (req, res) => send(res, await getRelocation(db, parse(idParam, req.params.id, "id")))),
  );
  router.post(
    "/api/serviceplan",
    handler(async (req, res) => {
      const { client_id } = parse(servicePlanBody, req.body);
      send(res, await plansForClient(db, currentAgent(req).id, client_id));
    }),
  );
  return router;
}
