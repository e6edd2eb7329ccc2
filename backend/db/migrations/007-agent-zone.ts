import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * When the agent (or its browser, at its first sign-in with JavaScript) chose its time zone. Until then the zone is
 * the account's default and a browser's zone may replace it; after, only the agent changes it.
 */
export function agentZone(kind: DbKind) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("agents")
        .addColumn("time_zone_set_at", kind === "postgres" ? "timestamptz" : "text")
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("agents").dropColumn("time_zone_set_at").execute();
    },
  };
}
