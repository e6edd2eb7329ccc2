/**
 * What the portal asks of a calendar service, whichever it is (CalDAV: caldav.ts; Google and Microsoft: oauth.ts):
 * the calendars an account has, the busy times of one, and a session written, moved or removed.
 */
import type { Busy } from "./busy-ics.js";

export type FoundCalendar = { remote_id: string; name: string; tag: string | null };

/** A session as it is written to the mentor's calendar: the invite's UID, so both are one event. */
export type SessionEvent = {
  uid: string;
  /** The booking's sequence: each move one more (the invite's SEQUENCE) */
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** Where it meets */
  location: string | null;
  url: string;
};

export type BusyRead =
  /** The calendar's tag as the portal last read it is still its tag: nothing changed there */
  { unchanged: true } | { busy: Busy[]; tag: string | null };

export interface CalendarService {
  calendars(): Promise<FoundCalendar[]>;
  /** Busy times in [from, to) in the mentor's zone, less the portal's own events (`own`), unless the tag is the same */
  busy(
    remoteId: string,
    window: { from: number; to: number },
    opts: { zone: string; own: (uid: string) => boolean; tag: string | null },
  ): Promise<BusyRead>;
  /** Writes the event (a new one, or over the one at `ref`): where it now is */
  put(remoteId: string, event: SessionEvent, ref: string | null): Promise<string>;
  /** Removes the event at `ref` (gone already is fine) */
  remove(remoteId: string, ref: string): Promise<void>;
}

/**
 * The service refused the portal's credentials: a password changed or revoked (CalDAV's 401 or 403), a token
 * expired or revoked (OAuth's `invalid_grant`). The connection is broken until the mentor reconnects it.
 */
export class CalendarRefused extends Error {
  constructor(
    readonly code: "calendar.password_refused" | "calendar.token_revoked",
    message: string,
  ) {
    super(message);
  }
}
