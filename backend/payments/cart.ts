import type { Kysely } from "kysely";
import type { CartItem, CartSession, ItemType } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { relocationPlanBlocker, SERVICES } from "../../lib/rules.js";
import { boughtKey, boughtPlans } from "../catalogue/bought.js";
import { getRelocation, getJob } from "../catalogue/catalogue.js";
import { packForCart } from "../catalogue/packs.js";
import { clientEvent, lineName } from "../clients/case-file.js";
import { getClient } from "../clients/clients.js";
import { ownClient } from "../clients/ownership.js";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { changeCart } from "../holds/cart-lock.js";
import { releaseBookings } from "../holds/holds.js";

const cartColumns = [
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
] as const;

/** An agent's cart (or one client's part of it), oldest first, each item with its client's name. */
/** How many items the agent's cart holds (the badge on every page). */
export async function cartCount(db: Kysely<Database>, agentId: number): Promise<number> {
  const row = await db
    .selectFrom("cart_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("agent_id", "=", agentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listCart(db: Kysely<Database>, agentId: number, clientId?: number): Promise<CartItem[]> {
  let query = db
    .selectFrom("cart_items")
    .innerJoin("clients", "clients.id", "cart_items.client_id")
    .leftJoin("mentor_bookings", (join) =>
      join.onRef("mentor_bookings.id", "=", "cart_items.item_id").on("cart_items.item_type", "=", "mentor_booking"),
    )
    .leftJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .leftJoin("jobs", (join) => join.onRef("jobs.id", "=", "cart_items.item_id").on("cart_items.item_type", "=", "job"))
    .leftJoin("relocations", (join) =>
      join.onRef("relocations.id", "=", "cart_items.item_id").on("cart_items.item_type", "=", "relocation"),
    )
    .leftJoin("service_plans", (join) =>
      join.onRef("service_plans.id", "=", "cart_items.item_id").on("cart_items.item_type", "=", "service_plan"),
    )
    .leftJoin("session_packs", (join) =>
      join.onRef("session_packs.id", "=", "cart_items.item_id").on("cart_items.item_type", "=", "session_pack"),
    )
    .select(cartColumns)
    .select((eb) =>
      eb.fn
        .coalesce(
          "jobs.published",
          "relocations.published",
          "service_plans.published",
          "session_packs.published",
          eb.fn.coalesce("mentors.active", eb.val(1)),
        )
        .as("offered"),
    )
    .select([
      "mentor_bookings.mentor_id",
      "mentors.name as mentor_name",
      "mentor_bookings.start_at",
      "mentor_bookings.topic",
      "mentor_bookings.status as session_status",
      "mentor_bookings.held_until",
    ])
    .where("cart_items.agent_id", "=", agentId);
  if (clientId !== undefined) query = query.where("cart_items.client_id", "=", clientId);
  const rows = await query.orderBy("cart_items.created_at").orderBy("cart_items.id").execute();
  // Only a cart with a plan in it asks what was bought before (every page's badge lists the cart).
  const bought = rows.some((r) => r.item_type === "service_plan") ? await boughtPlans(db, agentId, clientId) : new Map();
  return rows.map(
    ({
      first_name,
      last_name,
      item_type,
      mentor_id,
      mentor_name,
      start_at,
      topic,
      session_status,
      held_until,
      offered,
      ...r
    }) => ({
      ...r,
      offered: Number(offered) === 1,
      item_type: item_type as ItemType,
      bought: item_type === "service_plan" ? (bought.get(boughtKey(r.client_id, r.item_id)) ?? null) : null,
      client_name: `${first_name} ${last_name}`,
      session:
        mentor_id !== null && mentor_name !== null && start_at !== null && topic !== null
          ? {
              mentor_id,
              mentor_name,
              start_at,
              topic,
              status: session_status as CartSession["status"],
              held_until: session_status === "held" ? held_until : null,
            }
          : null,
    }),
  );
}

/** A catalogue item that is not there is the field's problem; any other failure (an outage) stays what it is. */
function notOnOffer(problem: () => Error) {
  return (error: unknown): never => {
    throw error instanceof NotFound ? problem() : error;
  };
}

/** What an item is and costs, read from the database now: prices never come from the browser. */
async function describe(db: Kysely<Database>, itemType: "service_plan" | "job" | "relocation" | "session_pack", itemId: number) {
  if (itemType === "session_pack") return packForCart(db, itemId);
  if (itemType === "job") {
    const job = await getJob(db, itemId).catch(
      notOnOffer(
        () =>
          new Invalid("validation.failed", FIX_FIELDS, {
            item_id: [fieldError("catalogue.not_offered", "That job is not on offer")],
          }),
      ),
    );
    return {
      description: `Job placement: ${job.title}, ${job.company} (${job.city})`,
      price_minor: job.placement_fee_minor,
      currency: job.currency,
    };
  }
  if (itemType === "relocation") {
    const r = await getRelocation(db, itemId).catch(
      notOnOffer(
        () =>
          new Invalid("validation.failed", FIX_FIELDS, {
            item_id: [fieldError("catalogue.not_offered", "That relocation package is not on offer")],
          }),
      ),
    );
    return { description: `Relocation package: ${r.title}`, price_minor: r.price_minor, currency: r.currency };
  }
  const plan = await db
    .selectFrom("service_plans")
    .innerJoin("services", "services.id", "service_plans.service_id")
    .select([
      "service_plans.name",
      "services.name as service_name",
      "service_plans.service_id",
      "service_plans.price_minor",
      "service_plans.currency",
    ])
    .where("service_plans.id", "=", itemId)
    .where("service_plans.published", "=", 1)
    .executeTakeFirst();
  if (!plan)
    throw new Invalid("validation.failed", FIX_FIELDS, {
      item_id: [fieldError("catalogue.not_offered", "That service plan is not on offer")],
    });
  return {
    // "Relocation plan: …" (a service plan) reads apart from "Relocation package: …" (a catalogue package).
    description: `${plan.service_name} plan: ${plan.name}`,
    price_minor: plan.price_minor,
    currency: plan.currency,
    service_id: plan.service_id,
  };
}

export async function addToCart(
  db: Kysely<Database>,
  agentId: number,
  input: { client_id: number; item_type: "service_plan" | "job" | "relocation" | "session_pack"; item_id: number },
): Promise<CartItem> {
  // Not found is the query's answer (getClient's NotFound); a database that does not answer is an outage (503).
  const client = await getClient(db, agentId, input.client_id);
  if (client.archived_at)
    throw new Conflict("client.archived_cart", "This client is archived: nothing more can be bought for them.");
  const item = await describe(db, input.item_type, input.item_id);
  const blocker = "service_id" in item && item.service_id === SERVICES.relocation ? relocationPlanBlocker(client) : null;
  if (blocker) {
    throw new Invalid(
      "cart.relocation_destination",
      "A relocation plan needs a destination country other than where the client lives now.",
      {
        item_id: [fieldError("cart.relocation_destination", blocker)],
      },
    );
  }
  try {
    const id = await changeCart(db, agentId, async (trx) => {
      // Still the agent's, under the lock: a hand-over of the client may have landed since it was read above.
      await ownClient(trx, agentId, client.id, "change");
      const { id } = await trx
        .insertInto("cart_items")
        .values({
          agent_id: agentId,
          client_id: client.id,
          item_type: input.item_type,
          item_id: input.item_id,
          description: item.description,
          price_minor: item.price_minor,
          currency: item.currency,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await clientEvent(trx, {
        agentId,
        clientId: client.id,
        kind: "cart.added",
        summary: `Added to the cart: ${item.description}`,
      });
      return id;
    });
    return (await listCart(db, agentId, client.id)).find((i) => i.id === id)!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Conflict(
        "cart.duplicate",
        `${item.description} is already in the cart for ${client.first_name} ${client.last_name}.`,
      );
    }
    // The client was deleted while this was being added.
    if (isForeignKeyViolation(error)) throw new Conflict("client.removed", "This client has just been removed. Reload the page.");
    throw error;
  }
}

/** Takes an item out of the cart (a held mentor session gives its slot back); refused while a checkout is open. */
export async function removeFromCart(db: Kysely<Database>, agentId: number, itemId: number) {
  const removed = await changeCart(db, agentId, async (trx) => {
    const item = await trx
      .selectFrom("cart_items")
      .select(["item_type", "item_id", "client_id", "description"])
      .where("id", "=", itemId)
      .where("agent_id", "=", agentId)
      .executeTakeFirst();
    if (!item) return false;
    await clientEvent(trx, {
      agentId,
      clientId: item.client_id,
      kind: "cart.removed",
      summary: `Removed from the cart: ${lineName(item.description)}`,
    });
    if (item.item_type === "mentor_booking") {
      await releaseBookings(trx, [item.item_id]);
      // A hold that had already lapsed is released already: its cart row may still be here.
    }
    await trx.deleteFrom("cart_items").where("id", "=", itemId).where("agent_id", "=", agentId).execute();
    return true;
  });
  if (!removed) throw new NotFound("cart.item_not_found", "That item is not in your cart.");
  return { removed: true as const };
}
