/** The notices of orders: paid, and refunded or a refund due, to the agent who placed them. */
import type { Kysely } from "kysely";
import { bookingConfirmed } from "../bookings/notices.js";
import type { Database } from "../db/schema.js";
import type { Line, Recipient } from "../mail/messages.js";
import { enqueue } from "../mail/outbox.js";

type Db = Kysely<Database>;

async function agentRecipient(trx: Db, agentId: number): Promise<Recipient | null> {
  const a = await trx.selectFrom("agents").select(["email", "name", "time_zone"]).where("id", "=", agentId).executeTakeFirst();
  return a ? { email: a.email, name: a.name, zone: a.time_zone, role: "agent" } : null;
}

/** Paid: the receipt to the agent, each session's confirmation, and a notice for any line that could not be delivered. */
export async function orderPaid(trx: Db, orderId: number, now = new Date()) {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order || order.status !== "paid") return;
  const to = await agentRecipient(trx, order.agent_id);
  const items = await trx.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("position").execute();
  if (to) {
    await enqueue(
      trx,
      {
        dedupeKey: `order.receipt:${orderId}`,
        to: to.email,
        facts: {
          kind: "order.receipt",
          to,
          order: {
            id: order.id,
            paid_at: new Date(order.paid_at ?? now).toISOString(),
            amount_minor: order.amount_minor,
            currency: order.currency,
            mode: order.mode,
            lines: await linesOf(trx, items),
          },
        },
      },
      now,
    );
  }
  for (const item of items) {
    if (item.item_type === "mentor_booking" && item.refund_status === null) await bookingConfirmed(trx, item.item_id, now);
  }
  const due = items.filter((i) => i.refund_status === "due").map((i) => i.id);
  if (due.length) await refundNotice(trx, orderId, due, "due", now);
}

/** An order's lines as e-mails list them; a session's with its mentor, start and topic (one query for all). */
async function linesOf(
  trx: Db,
  items: Array<{
    item_type: string;
    item_id: number;
    description: string;
    client_name: string;
    price_minor: number;
    currency: string;
    refund_reason: string | null;
  }>,
): Promise<Line[]> {
  const ids = items.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
  const sessions = ids.length
    ? await trx
        .selectFrom("mentor_bookings")
        .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
        .select(["mentor_bookings.id", "mentors.name as mentor_name", "mentor_bookings.start_at", "mentor_bookings.topic"])
        .where("mentor_bookings.id", "in", ids)
        .execute()
    : [];
  return items.map((i) => {
    const s = i.item_type === "mentor_booking" ? sessions.find((x) => x.id === i.item_id) : undefined;
    return {
      description: i.description,
      client_name: i.client_name,
      price_minor: i.price_minor,
      currency: i.currency,
      reason: i.refund_reason,
      session: s ? { mentor_name: s.mentor_name, start_at: new Date(s.start_at).toISOString(), topic: s.topic } : null,
    };
  });
}

/** Refund done (money moved, or marked refunded in the demo mode) or due, for some lines of an order: to the agent. */
export async function refundNotice(trx: Db, orderId: number, itemIds: number[], state: "done" | "due", now = new Date()) {
  if (!itemIds.length) return;
  const order = await trx.selectFrom("orders").select(["agent_id", "mode"]).where("id", "=", orderId).executeTakeFirst();
  const to = order ? await agentRecipient(trx, order.agent_id) : null;
  if (!to) return;
  const items = (await trx.selectFrom("order_items").selectAll().where("id", "in", itemIds).orderBy("position").execute()).map(
    (i) => ({ ...i, price_minor: i.refund_minor ?? i.price_minor }),
  );
  await enqueue(
    trx,
    {
      dedupeKey: `refund.${state}:${orderId}:${[...itemIds].sort((a, b) => a - b).join(",")}`,
      to: to.email,
      facts: {
        kind: "refund.notice",
        to,
        order_id: orderId,
        state,
        item_ids: itemIds,
        lines: await linesOf(trx, items),
        demo: order?.mode === "demo",
      },
    },
    now,
  );
}
