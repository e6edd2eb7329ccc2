/**
 * A client's session pack credits (issue 41, DESIGN.md §7): a paid pack line gives a grant (`client_credits`), and
 * every movement of it is a row of `credit_moves` (granted, used, returned, expired, refunded), added under the
 * grant's lock through the ledger's chain: the balance is the last row's, the sum of the rows, and the database
 * refuses a row that would take it below zero. Booking with a credit is credit-booking.ts.
 */
import type { Kysely } from "kysely";
import type { ClientCredit, CreditMove } from "../../lib/contract.js";
import { clientEvent } from "../clients/case-file.js";
import { creditBalance, lastCreditMove, lockLedger, nextLink } from "../db/ledger.js";
import type { CreditMoveKind, Database } from "../db/schema.js";
import { Conflict } from "../errors.js";

type Db = Kysely<Database>;

/** Adds one movement to a grant, under its lock (taken here: a caller may have taken it already). */
export async function moveCredit(
  trx: Db,
  creditId: number,
  move: { kind: CreditMoveKind; amount: number; by: string; at: Date; booking_id?: number | null },
) {
  await lockLedger(trx, "credit", creditId);
  const last = await lastCreditMove(trx, creditId);
  const link = nextLink(last, move.amount);
  if (link.balance < 0) throw new Conflict("credit.none_left", "This client has no credits left in that pack.");
  await trx
    .insertInto("credit_moves")
    .values({
      credit_id: creditId,
      ...link,
      kind: move.kind,
      amount: move.amount,
      booking_id: move.booking_id ?? null,
      by: move.by,
      at: move.at.toISOString(),
    })
    .execute();
  return link.balance;
}

/** What is left of a grant now, read under its lock (taken here). */
export async function creditsLeft(trx: Db, creditId: number) {
  await lockLedger(trx, "credit", creditId);
  return (await lastCreditMove(trx, creditId))?.balance ?? 0;
}

/**
 * A paid pack line's credits, given in the payment's transaction: the pack's sessions, its mentors as sold, and its
 * end `valid_days` from the payment. A line gives one grant (a unique index), however often fulfilment runs.
 */
export async function grantCredits(
  trx: Db,
  agentId: number,
  item: { id: number; client_id: number; item_id: number; description: string },
  orderId: number,
  now: Date,
) {
  const pack = await trx
    .selectFrom("session_packs")
    .select(["id", "sessions", "session_minutes", "all_mentors", "valid_days"])
    .where("id", "=", item.item_id)
    .executeTakeFirst();
  if (!pack) return;
  const mentors = pack.all_mentors
    ? null
    : (
        await trx
          .selectFrom("session_pack_mentors")
          .select("mentor_id")
          .where("pack_id", "=", pack.id)
          .orderBy("mentor_id")
          .execute()
      ).map((m) => m.mentor_id);
  const expires = new Date(now.getTime() + pack.valid_days * 86_400_000);
  const { id } = await trx
    .insertInto("client_credits")
    .values({
      client_id: item.client_id,
      agent_id: agentId,
      pack_id: pack.id,
      order_item_id: item.id,
      sessions: pack.sessions,
      session_minutes: pack.session_minutes,
      mentor_ids: mentors ? JSON.stringify(mentors) : null,
      expires_at: expires.toISOString(),
      reminded_at: null,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await moveCredit(trx, id, { kind: "granted", amount: pack.sessions, by: "system", at: now });
  await clientEvent(
    trx,
    {
      agentId,
      clientId: item.client_id,
      kind: "credits.granted",
      summary: `${pack.sessions} session credits from order ${orderId} (${item.description}), until ${expires.toISOString().slice(0, 10)}`,
      ref: `order:${orderId}`,
    },
    now,
  );
}

/** A session paid by a credit and cancelled in time (or by the mentor's side): its credit back, once. */
export async function returnCredit(trx: Db, booking: { id: number; credit_id: number | null }, by: string, now: Date) {
  if (!booking.credit_id) return;
  await moveCredit(trx, booking.credit_id, { kind: "returned", amount: 1, by, at: now, booking_id: booking.id });
}

/**
 * A pack line refunded: its unused credits leave the ledger ("refunded") in the refund's transaction, and the part
 * of the price they stand for (pro rata, rounded down) is what the line's refund gives back. Null when the line gave
 * no credits (not delivered: its whole price goes back); 0 credits left, nothing to refund.
 */
export async function refundUnusedCredits(trx: Db, orderItemId: number, by: string, now: Date) {
  const grant = await trx
    .selectFrom("client_credits")
    .innerJoin("order_items", "order_items.id", "client_credits.order_item_id")
    .select(["client_credits.id", "client_credits.sessions", "client_credits.agent_id", "client_credits.client_id"])
    .select(["order_items.price_minor", "order_items.order_id", "order_items.description"])
    .where("client_credits.order_item_id", "=", orderItemId)
    .executeTakeFirst();
  if (!grant) return null;
  const left = await creditsLeft(trx, grant.id);
  if (left === 0) return { left: 0, refund_minor: 0 };
  await moveCredit(trx, grant.id, { kind: "refunded", amount: -left, by, at: now });
  await clientEvent(
    trx,
    {
      agentId: grant.agent_id,
      clientId: grant.client_id,
      kind: "credits.refunded",
      summary: `${left} unused session credits refunded from order ${grant.order_id} (${grant.description})`,
      ref: `order:${grant.order_id}`,
    },
    now,
  );
  return { left, refund_minor: Math.floor((grant.price_minor * left) / grant.sessions) };
}

/** Credits past their end: what is left of each grant expires (one row each), the client's timeline says so. */
export async function expireCredits(db: Db, now = new Date()) {
  const due = await db
    .selectFrom("client_credits")
    .select(["id", "agent_id", "client_id"])
    .where("expires_at", "<=", now.toISOString())
    .where((eb) => eb(creditBalance(eb), ">", 0))
    .limit(500)
    .execute();
  let expired = 0;
  for (const grant of due) {
    await db.transaction().execute(async (trx) => {
      const left = await creditsLeft(trx, grant.id);
      if (!left) return;
      await moveCredit(trx, grant.id, { kind: "expired", amount: -left, by: "system", at: now });
      await clientEvent(
        trx,
        {
          agentId: grant.agent_id,
          clientId: grant.client_id,
          kind: "credits.expired",
          summary: `${left} unused session credits expired`,
        },
        now,
      );
      expired++;
    });
  }
  return expired;
}

/** A client's grants, newest first, each with its movements (one query each for grants and movements). */
export async function clientCredits(db: Db, clientId: number, now = new Date()): Promise<ClientCredit[]> {
  const grants = await db
    .selectFrom("client_credits")
    .innerJoin("session_packs", "session_packs.id", "client_credits.pack_id")
    .innerJoin("order_items", "order_items.id", "client_credits.order_item_id")
    .select([
      "client_credits.id",
      "client_credits.pack_id",
      "session_packs.name as pack_name",
      "client_credits.sessions",
      "client_credits.session_minutes",
      "client_credits.mentor_ids",
      "client_credits.expires_at",
      "order_items.order_id",
    ])
    .where("client_credits.client_id", "=", clientId)
    .orderBy("client_credits.expires_at", "desc")
    .orderBy("client_credits.id", "desc")
    .execute();
  if (!grants.length) return [];
  const moves = await db
    .selectFrom("credit_moves")
    .select(["credit_id", "kind", "amount", "balance", "at", "booking_id"])
    .where(
      "credit_id",
      "in",
      grants.map((g) => g.id),
    )
    .orderBy("credit_id")
    .orderBy("seq")
    .execute();
  return grants.map((g) => {
    const own: CreditMove[] = moves
      .filter((m) => m.credit_id === g.id)
      .map((m) => ({
        kind: m.kind,
        amount: m.amount,
        balance: m.balance,
        at: new Date(m.at).toISOString(),
        booking_id: m.booking_id,
      }));
    const expires = new Date(g.expires_at).toISOString();
    return {
      ...g,
      mentor_ids: g.mentor_ids ? (JSON.parse(g.mentor_ids) as number[]) : null,
      expires_at: expires,
      expired: Date.parse(expires) <= now.getTime(),
      left: own.at(-1)?.balance ?? 0,
      moves: own,
    };
  });
}
