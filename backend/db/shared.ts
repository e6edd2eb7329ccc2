/**
 * The process's one database handle, shared by the server bundle and the portal bundle
 * (the portal uses it only for its session store).
 */
import { remember } from "@epic-web/remember";
import { getSettings } from "../../lib/env.server.js";
import { openDatabase, type Db } from "./connection.js";

export function getDatabase(): Db {
  return remember("database", () => openDatabase(getSettings().database));
}
