import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 23: mentors sign in. A mentor gets an e-mail address (none for mentors from before: staff add one and
 * invite them), a password set through a link, a phone for their own account page, a standing meeting link, and
 * tokens of their own (`mentor_tokens`, as agents' and staff's); the audit log names a mentor who changed their own
 * hours (`audit_log.mentor_id`). Each session gets a meeting room of its own
 * (`mentor_bookings.meeting_url`): sessions from before get one on the default video service (the operator's
 * MEETING_URL_TEMPLATE is for the sessions booked from now on). Nothing is dropped or rewritten.
 */
export function mentorAccounts(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("mentors").addColumn("email", "text").execute();
      await db.schema.alterTable("mentors").addColumn("phone", "text").execute();
      await db.schema.alterTable("mentors").addColumn("password_hash", "text").execute();
      await db.schema.alterTable("mentors").addColumn("last_sign_in_at", time).execute();
      await db.schema.alterTable("mentors").addColumn("meeting_url", "text").execute();
      // One mentor an address (stored lower-cased, as agents' and staff's); mentors without one are many.
      await db.schema.createIndex("mentors_email_uq").on("mentors").column("email").unique().execute();
      await id(db.schema.createTable("mentor_tokens"))
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("mentor_tokens_mentor_idx").on("mentor_tokens").column("mentor_id").execute();
      // A change a mentor makes to their own hours or profile is audited as theirs.
      await db.schema.alterTable("audit_log").addColumn("mentor_id", "integer").execute();
      await db.schema.alterTable("mentor_bookings").addColumn("meeting_url", "text").execute();
      const sessions = await db.selectFrom("mentor_bookings").select("id").execute();
      for (const { id } of sessions) {
        await db
          .updateTable("mentor_bookings")
          .set({ meeting_url: `https://meet.jit.si/Waypoint-${randomBytes(16).toString("hex")}` })
          .where("id", "=", id)
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("mentor_bookings").dropColumn("meeting_url").execute();
      await db.schema.alterTable("audit_log").dropColumn("mentor_id").execute();
      await db.schema.dropTable("mentor_tokens").execute();
      await db.schema.dropIndex("mentors_email_uq").execute();
      for (const column of ["meeting_url", "last_sign_in_at", "password_hash", "phone", "email"]) {
        await db.schema.alterTable("mentors").dropColumn(column).execute();
      }
    },
  };
}
