import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 39, point 3: where a client's case stands. The office names each service's stages in order, in English and,
 * when written, in Arabic, Spanish and French (`case_stages`; a stage no longer used is retired, never deleted, since
 * cases may stand at it); the agent moves a client's case for a service from stage to stage with a word for the
 * client (`client_cases`, one row per client and service; each move is also a line of the client's timeline).
 * Only added: no row of before is changed or dropped.
 */
export function caseStages(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("case_stages"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_ar", "text")
        .addColumn("name_es", "text")
        .addColumn("name_fr", "text")
        .addColumn("retired_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("case_stages_service_idx").on("case_stages").columns(["service_id", "position"]).execute();
      await db.schema
        .createTable("client_cases")
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addColumn("stage_id", "integer", (c) => c.notNull().references("case_stages.id"))
        .addColumn("note", "text")
        .addColumn("moved_at", time, (c) => c.notNull())
        .addColumn("moved_by_agent_id", "integer", (c) => c.references("agents.id"))
        .addPrimaryKeyConstraint("client_cases_pk", ["client_id", "service_id"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("client_cases").execute();
      await db.schema.dropTable("case_stages").execute();
    },
  };
}
