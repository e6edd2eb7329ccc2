import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 38: a version number for what a server keeps in memory of the database.
 *
 * `data_versions` holds one number per kept read; the first is `mentors`, the agents' directory's read of every
 * active mentor's name, expertise and languages (its filters' choices, and which mentors match), which the API keeps
 * and reads again only when the number has moved (backend/bookings/directory.ts). Triggers move it on every change to
 * what that read holds: a mentor added or removed, renamed, their expertise or languages changed, made active or
 * inactive. Whatever makes the change (the office, the mentor's own profile, a script, another server behind the load
 * balancer), every server sees the new number at its next read.
 *
 * Only added: no row of before is changed or dropped.
 */
export function dataVersions(kind: DbKind) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("data_versions")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.insertInto("data_versions").values({ name: "mentors", version: 0 }).execute();
      if (kind === "postgres") {
        await sql`create function mentors_version_bump() returns trigger language plpgsql as $$
          begin
            update data_versions set version = version + 1 where name = 'mentors';
            return null;
          end
        $$`.execute(db);
        await sql`create trigger mentors_version after insert or delete or update of name, expertise, languages, active
          on mentors for each statement execute procedure mentors_version_bump()`.execute(db);
        return;
      }
      // SQLite: a trigger for each kind of change (one trigger cannot name several).
      for (const [name, event] of [
        ["mentors_version_insert", "insert"],
        ["mentors_version_delete", "delete"],
        ["mentors_version_update", "update of name, expertise, languages, active"],
      ] as const) {
        await sql
          .raw(
            `create trigger ${name} after ${event} on mentors
             begin update data_versions set version = version + 1 where name = 'mentors'; end`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (kind === "postgres") {
        await sql`drop trigger mentors_version on mentors`.execute(db);
        await sql`drop function mentors_version_bump()`.execute(db);
      } else {
        for (const name of ["mentors_version_insert", "mentors_version_delete", "mentors_version_update"]) {
          await sql.raw(`drop trigger ${name}`).execute(db);
        }
      }
      await db.schema.dropTable("data_versions").execute();
    },
  };
}
