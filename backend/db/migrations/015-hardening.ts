import type { Kysely } from "kysely";
import { agentSearchText, clientSearchText } from "../../../lib/search.js";
import type { DbKind } from "../connection.js";

/**
 * Issue 21:
 * - `clients.search_text` and `agents.search_text`: names and e-mails folded for search (lib/search.ts), so that
 *   "Nunez" and "ñúñez" find "Ñúñez" on SQLite as on PostgreSQL; written by the app with every change, filled here
 *   for every row there is.
 * - `mentor_bookings.hold_limit`: the latest a held session may be kept for a checkout, set by its first checkout;
 *   a later checkout keeps it no longer (each new checkout used to move the hold's end on).
 */
export function hardening(kind: DbKind) {
  const time = kind === "postgres" ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("clients").addColumn("search_text", "text").execute();
      await db.schema.alterTable("agents").addColumn("search_text", "text").execute();
      await db.schema.alterTable("mentor_bookings").addColumn("hold_limit", time).execute();
      const clients = await db.selectFrom("clients").select(["id", "first_name", "last_name", "email"]).execute();
      for (const c of clients) {
        await db
          .updateTable("clients")
          .set({ search_text: clientSearchText(c) })
          .where("id", "=", c.id)
          .execute();
      }
      const agents = await db.selectFrom("agents").select(["id", "name", "email"]).execute();
      for (const a of agents) {
        await db
          .updateTable("agents")
          .set({ search_text: agentSearchText(a) })
          .where("id", "=", a.id)
          .execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("mentor_bookings").dropColumn("hold_limit").execute();
      await db.schema.alterTable("agents").dropColumn("search_text").execute();
      await db.schema.alterTable("clients").dropColumn("search_text").execute();
    },
  };
}
