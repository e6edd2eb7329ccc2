/** What the calendar features are given by the API (backend/app.ts builds it from the settings). */
import type { Selectable } from "kysely";
import type { OAuthProviderSettings } from "../../lib/settings.js";
import type { CalendarConnectionsTable } from "../db/schema.js";
import type { CalendarService } from "./provider.js";

/** A connection as the services are made from it (its secret still sealed). */
export type ConnectionRow = Pick<
  Selectable<CalendarConnectionsTable>,
  "id" | "mentor_id" | "provider" | "label" | "server_url" | "username" | "secret" | "broken_since"
>;

export type CalendarDeps = {
  /** CALENDAR_KEY as the sealing key */
  key: Buffer;
  /** The guarded fetch (backend/net/outside-fetch.ts) every call to an address a mentor gave goes through */
  fetch: typeof globalThis.fetch;
  /** For the services the operator named (Google's and Microsoft's addresses, or their stand-ins): a deadline, no guard */
  serviceFetch: typeof globalThis.fetch;
  /** A CalDAV address by plain http:// allowed (with CALDAV_ALLOW_PRIVATE: a server on this machine or an intranet) */
  allowPlainHttp: boolean;
  /** How often a connection is read again, in seconds */
  readSeconds: number;
  /** The services a mentor may connect here: CalDAV always, Google and Microsoft when their clients are set */
  providers: Array<"caldav" | "google" | "microsoft">;
  /** Google's and Microsoft's clients and addresses, where set */
  oauthSettings: { google: OAuthProviderSettings | null; microsoft: OAuthProviderSettings | null };
  /** Google's and Microsoft's services, by OAuth (oauth.ts), their refreshed tokens kept (oauth-connect.ts) */
  oauth?: { service(row: ConnectionRow, secret: string): CalendarService | null };
  /** The portal's own address: the host in its sessions' UIDs */
  publicUrl: string;
  /** How far ahead an agent can book, in days: busy times are read that far, and a week more */
  horizonDays: () => number;
  logger: { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void };
};

/** Whether a UID is one of the portal's own sessions (`booking-<id>@<host>`, the invite's). */
export function ownUid(publicUrl: string): (uid: string) => boolean {
  const host = new URL(publicUrl).hostname || "portal";
  const suffix = `@${host}`;
  return (uid) => uid.startsWith("booking-") && uid.endsWith(suffix);
}
