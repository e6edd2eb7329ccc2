import type { Kysely } from "kysely";
import type { CartItem, ItemType } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";

/** An agent's cart, oldest first, each item with its client's name. */
export async function listCart(db: Kysely<Database>, agentId: number): Promise<CartItem[]> {
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("clients", "clients.id", "cart_items.client_id")
    .select([
      "cart_items.id",
      "cart_items.client_id",
      "clients.first_name",
      "clients.last_name",
      "cart_items.item_type",
      "cart_items.item_id",
      "cart_items.description",
      "cart_items.price_minor",
      "cart_items.currency",
      "cart_items.created_at",
    ])
    .where("cart_items.agent_id", "=", agentId)
    .orderBy("cart_items.created_at")
    .orderBy("cart_items.id")
    .execute();
  return rows.map(({ first_name, last_name, item_type, ...r }) => ({
    ...r,
    item_type: item_type as ItemType,
    client_name: `${first_name} ${last_name}`,
  }));
}
