/** Calendar feeds (lib/contract/feeds.ts): the public feed by its token, and each owner's address. */
import type { Kysely } from "kysely";
import { endpoints, ownFeed } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { calendarFeed, feedAddress, replaceFeed } from "./calendar-feed.js";

export function feedRoutes(serve: Server, deps: { db: Kysely<Database>; publicUrl: string; company: string }) {
  const { db, publicUrl } = deps;
  serve(endpoints.calendarFeed, async ({ params }) => calendarFeed(db, params.token, deps));
  for (const kind of ["agent", "mentor"] as const) {
    serve(ownFeed[kind].read, async ({ caller }) => feedAddress(db, kind, caller.id, publicUrl));
    serve(ownFeed[kind].replace, async ({ caller }) => replaceFeed(db, kind, caller.id, publicUrl));
  }
}
