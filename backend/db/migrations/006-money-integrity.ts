import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

type LegacyItem = {
  cart_item_id: number;
  client_id: number;
  client_name: string;
  item_type: string;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
};

/**
 * The rules money depends on, in the schema (decision 005):
 * - at most one open (pending) checkout per agent: a partial unique index;
 * - a checkout's end of life (`orders.expires_at`), for the demo mode and for reconciling lost webhooks;
 * - what an order bought as rows (`order_items`), each with its own refund state, referencing its client,
 *   so a client with an order cannot be deleted (it is archived: `clients.archived_at`).
 */
export function moneyIntegrity(kind: DbKind) {
  const pg = kind === "postgres";
  const time = pg ? "timestamptz" : "text";
  return {
    async up(db: Kysely<any>) {
      // Databases from before this rule may hold several open checkouts of one agent: keep the newest.
      const pending = await db
        .selectFrom("orders")
        .select(["id", "agent_id"])
        .where("status", "=", "pending")
        .orderBy("agent_id")
        .orderBy("id", "desc")
        .execute();
      const seen = new Set<number>();
      const older = pending.filter((o) => (seen.has(o.agent_id) ? true : (seen.add(o.agent_id), false))).map((o) => o.id);
      if (older.length) {
        await db.updateTable("orders").set({ status: "expired" }).where("id", "in", older).execute();
      }
      await sql`create unique index orders_one_pending_per_agent_uq on orders (agent_id) where status = 'pending'`.execute(db);
      await db.schema.alterTable("orders").addColumn("expires_at", time).execute();

      let t = db.schema.createTable("order_items");
      t = pg
        ? t.addColumn("id", "serial", (c) => c.primaryKey())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await t
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("cart_item_id", "integer", (c) => c.notNull())
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
        .addColumn("client_name", "text", (c) => c.notNull())
        .addColumn("item_type", "text", (c) => c.notNull())
        .addColumn("item_id", "integer", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("price_minor", "integer", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        // null | due | refunded: an item paid for and not delivered (or cancelled) is refunded
        .addColumn("refund_status", "text")
        .addColumn("refund_reason", "text")
        .addColumn("refund_id", "text")
        .addColumn("refunded_at", time)
        .addUniqueConstraint("order_items_position_uq", ["order_id", "position"])
        .addCheckConstraint("order_items_refund_ck", sql`refund_status is null or refund_status in ('due', 'refunded')`)
        .execute();
      await db.schema.createIndex("order_items_client_idx").on("order_items").column("client_id").execute();
      await db.schema.createIndex("order_items_item_idx").on("order_items").columns(["item_type", "item_id"]).execute();

      // Archived clients (below) come first: a client the first release let be deleted after paying comes back as
      // an archived record of its name, so that every line its order was paid for survives (issue 21, point 4).
      await db.schema.alterTable("clients").addColumn("archived_at", time).execute();

      const old = await db.selectFrom("orders").select(["id", "agent_id", "items", "created_at"]).execute();
      const stamp = new Date().toISOString();
      for (const o of old) {
        const items = JSON.parse(o.items as string) as LegacyItem[];
        const clientIds = [...new Set(items.map((i) => i.client_id))];
        const live = clientIds.length
          ? new Set((await db.selectFrom("clients").select("id").where("id", "in", clientIds).execute()).map((r) => r.id))
          : new Set<number>();
        for (const gone of clientIds.filter((id) => !live.has(id))) {
          const name = items.find((i) => i.client_id === gone)!.client_name.trim();
          const space = name.indexOf(" ");
          await db
            .insertInto("clients")
            .values({
              id: gone,
              agent_id: o.agent_id,
              first_name: space > 0 ? name.slice(0, space) : name || "Deleted client",
              last_name: space > 0 ? name.slice(space + 1) : "",
              email: "",
              status: "active",
              notes: "Deleted in an earlier release after paying; kept, archived, so its paid order lines stay whole.",
              created_at: o.created_at,
              updated_at: stamp,
              archived_at: stamp,
            })
            .execute();
          live.add(gone);
        }
        // A session cancelled after payment kept its refund's state on the booking: it moves to its line.
        const sessionIds = items.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
        const refunds = new Map(
          (sessionIds.length
            ? await db
                .selectFrom("mentor_bookings")
                .select(["id", "refund_status"])
                .where("id", "in", sessionIds)
                .where("order_id", "=", o.id)
                .execute()
            : []
          ).map((b) => [b.id as number, b.refund_status as string | null]),
        );
        const rows = items.map((i, position) => {
          const refund = i.item_type === "mentor_booking" ? refunds.get(i.item_id) : null;
          return {
            order_id: o.id,
            position,
            cart_item_id: i.cart_item_id,
            client_id: i.client_id,
            client_name: i.client_name,
            item_type: i.item_type,
            item_id: i.item_id,
            description: i.description,
            price_minor: i.price_minor,
            currency: i.currency,
            ...(refund === "due" || refund === "refunded"
              ? { refund_status: refund, refund_reason: "The session was cancelled." }
              : {}),
          };
        });
        if (rows.length) await db.insertInto("order_items").values(rows).execute();
      }
      await db.schema.alterTable("orders").dropColumn("items").execute();

      await db.schema.createIndex("mentor_bookings_order_idx").on("mentor_bookings").column("order_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("mentor_bookings_order_idx").ifExists().execute();
      await db.schema.alterTable("clients").dropColumn("archived_at").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("items", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema.dropTable("order_items").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("expires_at").execute();
      await sql`drop index if exists orders_one_pending_per_agent_uq`.execute(db);
    },
  };
}
