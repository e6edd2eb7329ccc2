/**
 * Opens the database: better-sqlite3 (embedded default, WAL) or PostgreSQL through pg.
 * One Kysely instance serves both; `raw` exposes the driver handle for the few
 * packages that want it (the rate limiter's store).
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export type DatabaseTarget =
  | { kind: "sqlite"; file: string }
  | {
      kind: "postgres";
      url: string;
      schema?: string;
      poolSize?: number;
      /** A statement's deadline (the server cancels it) and the client's wait for an answer: 15 s and 20 s; 0 for none */
      statementTimeoutMs?: number;
      queryTimeoutMs?: number;
    };

export type DbKind = "sqlite" | "postgres";

export type Db = {
  kind: DbKind;
  db: Kysely<Database>;
  raw: { kind: "sqlite"; client: SQLite.Database } | { kind: "postgres"; client: pg.Pool };
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

let pgTypesSet = false;
function setPgTypeParsers() {
  if (pgTypesSet) return;
  pgTypesSet = true;
  // Times come back as ISO strings, as they do from SQLite.
  const iso = (v: string) => new Date(v).toISOString();
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, iso);
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(v + "Z").toISOString());
  // Counts (bigint) fit in a JS number for this product's sizes.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be kept and run again (everything is
 * synchronous, so one statement is never in use twice at once). The few hundred distinct statements the API
 * runs are kept, oldest dropped first, which takes the parse-and-plan step off every request.
 */
const STATEMENT_CACHE_SIZE = 500;
function withStatementCache(client: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => client.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
      } else {
        statement = client.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === "sqlite") {
    if (target.file !== ":memory:") fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const client = new SQLite(target.file);
    client.pragma("journal_mode = WAL");
    client.pragma("synchronous = NORMAL");
    client.pragma("foreign_keys = ON");
    client.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(client) }) });
    return {
      kind: "sqlite",
      db,
      raw: { kind: "sqlite", client },
      async ping() {
        client.prepare("select 1").get();
      },
      async close() {
        await db.destroy();
      },
    };
  }
  setPgTypeParsers();
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    // Every query has a deadline (issue 21, point 5): PostgreSQL cancels a statement that runs too long, and the
    // client stops waiting for a server that has stopped answering; either is an outage (503), never a hung request.
    statement_timeout: target.statementTimeoutMs ?? 15_000,
    query_timeout: target.queryTimeoutMs ?? 20_000,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  return postgresOnPool(pool);
}

/**
 * A database handle over a PostgreSQL pool (the app's own, or start-up's without deadlines: backend/setup/prepare.ts).
 * A connection that dies is the pool's to drop and the query's to fail: never the process's to end. An idle
 * client's error reaches the pool's listener; a checked-out client (inside a transaction, between statements)
 * emits its own, which with no listener is an uncaught exception.
 */
export function postgresOnPool(pool: pg.Pool): Db {
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: "postgres",
    db,
    raw: { kind: "postgres", client: pool },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await db.destroy();
    },
  };
}
