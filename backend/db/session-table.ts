/**
 * The portal's sessions table (`portal_sessions`), as server.ts hands it to the portal's session storage
 * (app/lib/session-storage.server.ts): the portal keeps its sessions in the process's database without importing it.
 */
import type { Kysely } from "kysely";
import type { SessionTable } from "../../lib/session-table.js";
import type { Database } from "./schema.js";

export function sessionTable(db: Kysely<Database>): SessionTable {
  return {
    read: (id) => db.selectFrom("portal_sessions").select(["data", "expires_at"]).where("id", "=", id).executeTakeFirst(),
    async write(id, data, expiresAt) {
      await db
        .insertInto("portal_sessions")
        .values({ id, data, expires_at: expiresAt })
        .onConflict((oc) => oc.column("id").doUpdateSet({ data, expires_at: expiresAt }))
        .execute();
    },
    async remove(id) {
      await db.deleteFrom("portal_sessions").where("id", "=", id).execute();
    },
    async removeExpired(now) {
      await db.deleteFrom("portal_sessions").where("expires_at", "<=", now).execute();
    },
  };
}
