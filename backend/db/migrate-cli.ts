/** `npm run db:migrate`: bring the configured database's schema up to date, then exit. */
import { getSettings } from "../../lib/env.server.js";
import { openDatabase } from "./connection.js";
import { migrateToLatest } from "./migrate.js";

const settings = getSettings();
// A migration may take longer than a request's query deadline (an index on a large table): none here (0 is none).
const target = settings.database;
const database = openDatabase(target.kind === "postgres" ? { ...target, statementTimeoutMs: 0, queryTimeoutMs: 0 } : target);
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "schema is up to date");
} finally {
  await database.close();
}
