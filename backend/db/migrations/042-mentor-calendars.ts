import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 69: mentors' own calendars.
 *
 * - `calendar_connections`: a mentor's account at a calendar service (CalDAV by address, user and app password;
 *   Google or Microsoft by OAuth), its credentials sealed with CALENDAR_KEY (backend/calendars/keys.ts), whether it
 *   works (`broken_since`, `broken_code` when the service refused it) and when it is next read (`next_read_at`,
 *   claimed by one instance at a time through `claimed_until`).
 * - `calendar_sources`: the calendars found there: which count as busy, and the one that receives sessions (one a
 *   mentor at most: a partial unique index), with the collection's tag (CalDAV's ctag) as last read, and the busy
 *   times read from it (`busy_spans`: merged, each span twelve characters of whole minutes, from a day back to the
 *   booking horizon and a week more: backend/calendars/busy-ics.ts). One row a calendar, not one a span: a page reads two or three rows a mentor, not
 *   hundreds (the directory answered a quarter fewer requests with a row a span).
 * - `calendar_writes`: where each session was written (one row a booking): the calendar, the event's address or id.
 * - `calendar_oauth_states`: an OAuth sign-in under way (its state, hashed, and PKCE verifier), ten minutes.
 *
 * Only added: no row of before is changed or dropped.
 */
export function mentorCalendars(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("calendar_connections"))
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id"))
        .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('caldav', 'google', 'microsoft')`))
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("server_url", "text")
        .addColumn("username", "text")
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("broken_since", time)
        .addColumn("broken_code", "text")
        .addColumn("read_at", time)
        .addColumn("next_read_at", time, (c) => c.notNull())
        .addColumn("claimed_until", time)
        .addColumn("last_error", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("calendar_connections_mentor").on("calendar_connections").column("mentor_id").execute();
      await db.schema.createIndex("calendar_connections_due").on("calendar_connections").column("next_read_at").execute();
      await id(db.schema.createTable("calendar_sources"))
        .addColumn("connection_id", "integer", (c) => c.notNull().references("calendar_connections.id").onDelete("cascade"))
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id"))
        .addColumn("remote_id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("busy", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("receives", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("tag", "text")
        .addColumn("read_at", time)
        .addColumn("busy_spans", "text")
        .addUniqueConstraint("calendar_sources_one", ["connection_id", "remote_id"])
        .execute();
      await db.schema.createIndex("calendar_sources_mentor").on("calendar_sources").column("mentor_id").execute();
      await db.schema
        .createIndex("calendar_sources_one_receives")
        .on("calendar_sources")
        .column("mentor_id")
        .unique()
        .where(sql.ref("receives"), "=", 1)
        .execute();
      await db.schema
        .createTable("calendar_writes")
        .addColumn("booking_id", "integer", (c) => c.primaryKey().references("mentor_bookings.id"))
        .addColumn("source_id", "integer", (c) => c.references("calendar_sources.id").onDelete("set null"))
        .addColumn("remote_ref", "text", (c) => c.notNull())
        .addColumn("start_at", time, (c) => c.notNull())
        .addColumn("written_at", time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("calendar_oauth_states")
        .addColumn("state_hash", "text", (c) => c.primaryKey())
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id"))
        .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('google', 'microsoft')`))
        .addColumn("connection_id", "integer")
        .addColumn("verifier", "text", (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["calendar_oauth_states", "calendar_writes", "calendar_sources", "calendar_connections"])
        await db.schema.dropTable(table).execute();
    },
  };
}
