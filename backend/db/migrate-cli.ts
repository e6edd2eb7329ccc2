/** `npm run db:migrate`: bring the configured database's schema up to date, then exit. */
import { getSettings } from "../../lib/env.server.js";
import { openDatabase } from "./connection.js";
import { migrateToLatest } from "./migrate.js";

const settings = getSettings();
const database = openDatabase(settings.database);
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "schema is up to date");
} finally {
  await database.close();
}
