/** A refund's session pack lines (issue 41): what each gives back is its unused credits' share of the price. */
import type { Kysely } from "kysely";
import type { OfficeOrder } from "../../lib/contract.js";
import { refundUnusedCredits } from "../bookings/credits.js";
import type { Database } from "../db/schema.js";
import { Conflict } from "../errors.js";

/**
 * The lines to mark due, a pack's with its share: its unused credits leave the client's ledger here (under its lock,
 * so a booking racing the refund uses a credit before or not at all) and the line gives back their part of the price.
 * A pack whose credits are all used has nothing to give back: left out, and refused when it was all that was asked.
 */
export async function packShares(
  trx: Kysely<Database>,
  items: OfficeOrder["items"],
  wanted: number[],
  staffId: number,
  now: Date,
): Promise<number[]> {
  const marking: number[] = [];
  let spent = 0;
  for (const line of items.filter((i) => wanted.includes(i.id) && !i.refund_status)) {
    if (line.item_type !== "session_pack") {
      marking.push(line.id);
      continue;
    }
    const share = await refundUnusedCredits(trx, line.id, `staff:${staffId}`, now);
    // No credits were given (the line was not delivered): its whole price.
    if (share === null) marking.push(line.id);
    else if (share.left === 0) spent++;
    else {
      await trx.updateTable("order_items").set({ refund_minor: share.refund_minor }).where("id", "=", line.id).execute();
      marking.push(line.id);
    }
  }
  if (spent && !marking.length)
    throw new Conflict(
      "pack.no_unused_credits",
      "Every credit of this pack is used or expired: there is nothing left to refund.",
    );
  return marking;
}
