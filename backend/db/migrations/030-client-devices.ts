import type { Kysely } from "kysely";

/**
 * Issue 39, point 5: a client may stay signed in on a device for 30 days. Each of the client's sessions says whether
 * the client chose that (`remember`) and which browser it is (`device`, as the browser names itself), so the client
 * can see their signed-in devices and end any of them. Sessions from before: not remembered, no device named.
 * Only added.
 */
export function clientDevices() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("client_tokens")
        .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("client_tokens").addColumn("device", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("client_tokens").dropColumn("device").execute();
      await db.schema.alterTable("client_tokens").dropColumn("remember").execute();
    },
  };
}
