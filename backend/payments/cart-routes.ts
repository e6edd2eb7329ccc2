/** The agent's cart (lib/contract/cart.ts). */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { assertOwnId } from "../accounts/guard.js";
import type { Database } from "../db/schema.js";
import { releaseExpiredHolds } from "../holds/holds.js";
import type { Server } from "../serve.js";
import { addToCart, listCart, removeFromCart } from "./cart.js";

export function cartRoutes(serve: Server, { db }: { db: Kysely<Database> }) {
  serve(endpoints.cartList, async ({ caller, params }) => {
    assertOwnId(caller, params.agentId);
    await releaseExpiredHolds(db);
    return listCart(db, params.agentId);
  });
  serve(endpoints.addCart, async ({ caller, body }) => addToCart(db, caller.id, body));
  // The job form: that job's placement service, for a client, into the cart.
  serve(endpoints.jobServices, async ({ caller, body }) =>
    addToCart(db, caller.id, { client_id: body.client_id, item_type: "job", item_id: body.job_id }),
  );
  serve(endpoints.deleteCart, async ({ caller, body }) => removeFromCart(db, caller.id, body.id));
}
