import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * rate-limiter-flexible's table (its own column layout), made here once. Left to the library, every limiter
 * ran CREATE TABLE IF NOT EXISTS at start, and PostgreSQL refuses two of those racing ("type already exists").
 * Databases where the library already made it keep theirs.
 */
export function rateLimits(kind: DbKind) {
  const pg = kind === "postgres";
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("rate_limits")
        .ifNotExists()
        .addColumn("key", pg ? "varchar(255)" : "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", pg ? "bigint" : "integer")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("rate_limits").ifExists().execute();
    },
  };
}
