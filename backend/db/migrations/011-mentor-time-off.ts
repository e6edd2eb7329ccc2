import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/** A mentor's time off (issue 12, screen 4): whole days, in the mentor's zone, that have no free slots. */
export function mentorTimeOff(kind: DbKind) {
  const pg = kind === "postgres";
  return {
    async up(db: Kysely<any>) {
      let t = db.schema.createTable("mentor_time_off");
      t = pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await t
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id").onDelete("cascade"))
        // YYYY-MM-DD, both days included, in the mentor's zone
        .addColumn("starts_on", "text", (c) => c.notNull())
        .addColumn("ends_on", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("mentor_time_off_mentor_idx").on("mentor_time_off").column("mentor_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("mentor_time_off").execute();
    },
  };
}
