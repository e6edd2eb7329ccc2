import type { Kysely } from "kysely";

/**
 * Staff publish and unpublish what agents can buy (issue 12): an unpublished job, package or plan leaves the agents'
 * lists and can no longer be added, but is never deleted (carts, orders and bookings may name it). A mentor can be
 * made inactive the same way.
 */
export function cataloguePublishing() {
  return {
    async up(db: Kysely<any>) {
      for (const table of ["jobs", "relocations", "service_plans"]) {
        await db.schema
          .alterTable(table)
          .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
          .execute();
      }
      await db.schema
        .alterTable("mentors")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["jobs", "relocations", "service_plans"]) {
        await db.schema.alterTable(table).dropColumn("published").execute();
      }
      await db.schema.alterTable("mentors").dropColumn("active").execute();
    },
  };
}
