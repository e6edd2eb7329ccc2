/**
 * The API (spec §7), as an Express router mounted at /backend by server.ts.
 * It owns the data; it never imports the portal.
 */
import express, { Router } from "express";
import type { Db } from "./db/connection.js";
import { errorHandler, notFound } from "./http.js";
import { createLoginLimiter, type LoginLimitSettings } from "./rate-limit.js";
import { agentRoutes } from "./routes/agent.js";
import { cartRoutes } from "./routes/cart.js";

export type ApiDeps = {
  database: Db;
  tokenTtlDays: number;
  loginLimit: LoginLimitSettings;
  logger: { error(obj: object, msg?: string): void };
};

export async function createApi(deps: ApiDeps): Promise<Router> {
  const { db } = deps.database;
  const limiter = await createLoginLimiter(deps.database, deps.loginLimit);
  const api = Router();
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use(express.json({ limit: "100kb", strict: false }));
  api.use(agentRoutes({ db, limiter, tokenTtlDays: deps.tokenTtlDays }));
  api.use(cartRoutes({ db }));
  api.use(notFound());
  api.use(errorHandler(deps.logger));
  return api;
}
