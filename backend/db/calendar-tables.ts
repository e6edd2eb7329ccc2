/** Table types for mentors' own calendars (issue 69; migration 042). */
import type { Generated } from "kysely";

export type CalendarProvider = "caldav" | "google" | "microsoft";

export interface CalendarConnectionsTable {
  id: Generated<number>;
  mentor_id: number;
  provider: CalendarProvider;
  /** What the mentor knows it by: the server's host and user, or the account's address */
  label: string;
  /** CalDAV: the address the mentor gave, and the user */
  server_url: string | null;
  username: string | null;
  /** Sealed (backend/calendars/keys.ts): CalDAV's password, or OAuth's tokens as JSON */
  secret: string;
  /** When the service first refused it (a password changed, a token revoked), and why; null while it works */
  broken_since: string | null;
  broken_code: string | null;
  /** The last read that answered */
  read_at: string | null;
  next_read_at: string;
  claimed_until: string | null;
  /** The last read's failure that was not a refusal (a time-out), for staff */
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarSourcesTable {
  id: Generated<number>;
  connection_id: number;
  mentor_id: number;
  /** CalDAV: the calendar's address; Google and Microsoft: its id */
  remote_id: string;
  name: string;
  /** 1: its events make the mentor busy */
  busy: Generated<number>;
  /** 1: sessions are written to it (one a mentor) */
  receives: Generated<number>;
  /** The collection's tag when last read (CalDAV's ctag): unchanged, it is not read again */
  tag: string | null;
  read_at: string | null;
  /** The busy times read from it, merged and in order (backend/calendars/busy-ics.ts `encodeSpans`) */
  busy_spans: string | null;
}

export interface CalendarWritesTable {
  booking_id: number;
  source_id: number | null;
  /** CalDAV: the event's address; Google and Microsoft: its id */
  remote_ref: string;
  start_at: string;
  written_at: string;
}

export interface CalendarOauthStatesTable {
  state_hash: string;
  mentor_id: number;
  provider: "google" | "microsoft";
  /** Reconnecting this connection (null: a new one) */
  connection_id: number | null;
  verifier: string;
  expires_at: string;
}

export interface CalendarTables {
  calendar_connections: CalendarConnectionsTable;
  calendar_sources: CalendarSourcesTable;
  calendar_writes: CalendarWritesTable;
  calendar_oauth_states: CalendarOauthStatesTable;
}
