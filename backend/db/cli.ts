/**
 * What a command-line tool does around its own work: the settings' database, brought up to the latest migration,
 * and closed at the end; a failure said in one line (no stack), with exit code 1.
 */
import { getSettings, type Settings } from "../../lib/env.server.js";
import { openDatabase, type Db } from "./connection.js";
import { migrateToLatest } from "./migrate.js";

export async function withDatabase(work: (database: Db, settings: Settings) => Promise<void>): Promise<void> {
  const settings = getSettings();
  const database = openDatabase(settings.database);
  try {
    await migrateToLatest(database);
    await work(database, settings);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
