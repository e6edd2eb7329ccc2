/**
 * The catalogue as staff keep it, what its parts share: jobs (jobs.ts), mentors (mentors.ts), relocation
 * packages and service plans (packages.ts) are made, edited, published and unpublished, never deleted (carts,
 * orders and bookings may name them). A price change reaches the carts that hold the item (the agent sees the new
 * price before paying) and never an order already placed. Each change is audited in its own transaction.
 */
import { sql, type Kysely } from "kysely";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";

export async function checkCountry(db: Kysely<Database>, code: string) {
  const found = await db.selectFrom("countries").select("code").where("code", "=", code).executeTakeFirst();
  if (!found)
    throw new Invalid("validation.failed", FIX_FIELDS, {
      country_code: [fieldError("validation.country", "Choose a country from the list")],
    });
}

type CartItemType = "job" | "relocation" | "service_plan" | "session_pack";

/** How many carts hold a catalogue item: a column of the item's own query (`idRef`: its id column). */
export function inCartsColumn(
  itemType: CartItemType,
  idRef: "jobs.id" | "relocations.id" | "service_plans.id" | "session_packs.id",
) {
  return sql<
    number | string
  >`(select count(*) from cart_items where cart_items.item_type = ${itemType} and cart_items.item_id = ${sql.ref(idRef)})`.as(
    "in_carts",
  );
}

/** An edited item's new price and name reach the carts holding it at once (placed orders keep theirs). */
export async function repriceCarts(
  trx: Kysely<Database>,
  itemType: CartItemType,
  id: number,
  priceMinor: number,
  description: string,
) {
  await trx
    .updateTable("cart_items")
    .set({ price_minor: priceMinor, description })
    .where("item_type", "=", itemType)
    .where("item_id", "=", id)
    .execute();
}

const publishable = { job: "jobs", relocation: "relocations", plan: "service_plans", pack: "session_packs" } as const;

/** Publishes or unpublishes a job, package or plan, with its audit row: unpublished, agents can no longer add it. */
export async function setPublished(
  db: Kysely<Database>,
  staffId: number,
  kind: keyof typeof publishable,
  id: number,
  published: boolean,
  now = new Date(),
) {
  const table = publishable[kind];
  const row = await db.selectFrom(table).select("published").where("id", "=", id).executeTakeFirst();
  if (!row)
    throw kind === "plan"
      ? new NotFound("plan.not_found", "No such service plan.")
      : kind === "relocation"
        ? new NotFound("relocation.not_found", "No such relocation package.")
        : kind === "pack"
          ? new NotFound("pack.not_found", "No such session pack.")
          : new NotFound("job.not_found", "No such job.");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(table)
      .set({ published: published ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await audit(
      trx,
      {
        staffId,
        kind: `${kind}.${published ? "publish" : "unpublish"}`,
        subject: `${kind}:${id}`,
        before: { published: row.published === 1 },
        after: { published },
      },
      now,
    );
  });
}
