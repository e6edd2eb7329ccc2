import type { Kysely } from "kysely";

/** One of a kind per client in the cart: the database refuses a second, whatever the race. */
export function cartUnique() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("cart_items_one_per_client_uq")
        .on("cart_items")
        .columns(["client_id", "item_type", "item_id"])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("cart_items_one_per_client_uq").execute();
    },
  };
}
