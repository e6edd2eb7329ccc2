import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

type CreateTable = ReturnType<Kysely<any>["schema"]["createTable"]>;

/**
 * What a migration's tables are made of on each database: whether it is PostgreSQL, the type of a point in time
 * (timestamptz there, ISO text on SQLite) and a new table's generated `id`. Migrations that came before this file
 * wrote the same lines themselves; the SQL they run is unchanged.
 */
export function columnTypes(kind: DbKind) {
  const pg = kind === "postgres";
  return {
    pg,
    time: pg ? "timestamptz" : "text",
    id: (t: CreateTable) =>
      pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()),
  } as const;
}
