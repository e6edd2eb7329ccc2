/**
 * What every start does to its database, safe to run by any number of instances at once (issue 21, point 3): the
 * migrations, the reference data and (when asked) the demo data, under one lock.
 *
 * - PostgreSQL: a session advisory lock, keyed by the schema, held on a connection of its own while the rest runs;
 *   the next instance asks for it again every 200 ms (each ask within the queries' deadline), then finds everything
 *   in place and adds nothing.
 * - SQLite: Kysely's migrator runs all pending migrations in one transaction (a start that loses the race for the
 *   file's write lock tries again and finds them applied); the seed runs in a `begin immediate` transaction, which
 *   holds the file's write lock from its first statement, so another process's seed waits and then adds nothing.
 *
 * Each seed is also idempotent on its own (it reads what is there and adds only what is missing).
 */
import pg from "pg";
import { postgresOnPool, type Db } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { seedDemoData, seedReferenceData } from "./seed.js";

/** The advisory lock's first key: "start" in ASCII, the second is the schema's hash. */
const START_LOCK = 0x7374_6172;

export type Prepared = { applied: string[]; demo: Awaited<ReturnType<typeof seedDemoData>> | null };

export async function prepareDatabase(database: Db, opts: { demo: boolean; now?: Date }): Promise<Prepared> {
  if (database.raw.kind === "postgres") {
    const client = await database.raw.client.connect();
    try {
      // Asked again until it is free: another instance's migrations may take longer than any one query may wait.
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock($1, hashtext(current_schema())) as locked",
          [START_LOCK],
        );
        if (rows[0]?.locked) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Migrations and seeds run without the per-query deadlines requests have (an index on a large table may take
      // longer than any page should wait): on a pool of their own, closed when done.
      const unbounded = unboundedPostgres(database.raw.client);
      try {
        const applied = await migrateToLatest(unbounded);
        await seedReferenceData(unbounded.db);
        const demo = opts.demo ? await seedDemoData(unbounded.db, opts.now) : null;
        return { applied, demo };
      } finally {
        await unbounded.close();
        await client.query("select pg_advisory_unlock($1, hashtext(current_schema()))", [START_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  const applied = await migrateWithRetry(database);
  const sqlite = database.raw.client;
  sqlite.exec("begin immediate");
  try {
    await seedReferenceData(database.db);
    const demo = opts.demo ? await seedDemoData(database.db, opts.now) : null;
    sqlite.exec("commit");
    return { applied, demo };
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("rollback");
    throw error;
  }
}

/** The same PostgreSQL database and schema, on a small pool whose queries have no deadline. */
function unboundedPostgres(pool: pg.Pool): Db {
  const { statement_timeout: _statement, query_timeout: _query, ...options } = pool.options as pg.PoolConfig;
  return postgresOnPool(new pg.Pool({ ...options, max: 2 }));
}

/** SQLite: another process holding the file's write lock makes the migrator's transaction fail; it tries again. */
async function migrateWithRetry(database: Db): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(database);
    } catch (error) {
      if (attempt >= 10 || !/SQLITE_BUSY|database is locked/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
