/**
 * Where the portal's sessions are kept, as the portal's session storage sees it (app/lib/session-storage.server.ts):
 * rows of an id, the session's data as JSON and its expiry. server.ts hands over the database's table
 * (backend/db/session-table.ts), so the portal never imports the API's database code.
 */
export type SessionTable = {
  read(id: string): Promise<{ data: string; expires_at: string | null } | undefined>;
  write(id: string, data: string, expiresAt: string | null): Promise<void>;
  remove(id: string): Promise<void>;
  removeExpired(now: string): Promise<void>;
};
