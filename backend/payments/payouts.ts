/**
 * Commission payouts (issue 41). A payout is recorded under the agent's ledger lock: its "paid_out" row may not take
 * what is owed below zero (the database's check), so a refund's reversal that lands first leaves less to pay and a
 * payout of the old amount is refused; each reference once per agent (a unique key). With Stripe Connect on
 * (STRIPE_CONNECT=on) and the agent's connected account set, the payout is then a transfer, sent once (idempotency
 * key per payout): refused by Stripe, the payout fails and its amount is owed again (a "payout_returned" row); not
 * answered, it stays "sending" and the next sweep asks again with the same key.
 */
import type { Kysely } from "kysely";
import Stripe from "stripe";
import type { OfficeCommissionStatement } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { formatMoney } from "../../lib/money.js";
import { audit } from "../audit.js";
import { moveCommission } from "../commissions/ledger.js";
import { commissionStatement } from "../commissions/statements.js";
import { isUniqueViolation } from "../db/errors.js";
import { lastCommissionMove, lockLedger } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import type { Payments } from "./payments.js";

type Db = Kysely<Database>;

export async function officeStatement(p: Payments, agentId: number): Promise<OfficeCommissionStatement> {
  const [statement, agent] = await Promise.all([
    commissionStatement(p.db, agentId),
    p.db.selectFrom("agents").select("connect_account_id").where("id", "=", agentId).executeTakeFirst(),
  ]);
  const account = agent?.connect_account_id ?? null;
  return { ...statement, connect_account_id: account, connect: Boolean(p.connect && p.stripe && account) };
}

export async function setConnectAccount(
  p: Payments,
  staffId: number,
  agentId: number,
  accountId: string | null,
  now = new Date(),
) {
  await p.db.transaction().execute(async (trx) => {
    const agent = await trx.selectFrom("agents").select("connect_account_id").where("id", "=", agentId).executeTakeFirst();
    if (!agent) throw new NotFound("agent.not_found", "No such agent.");
    await trx.updateTable("agents").set({ connect_account_id: accountId }).where("id", "=", agentId).execute();
    await audit(
      trx,
      {
        staffId,
        kind: "agent.connect_account",
        subject: `agent:${agentId}`,
        before: { account: agent.connect_account_id },
        after: { account: accountId },
      },
      now,
    );
  });
  return officeStatement(p, agentId);
}

export async function recordPayout(
  p: Payments,
  staffId: number,
  agentId: number,
  v: { amount_minor: number; currency: string; paid_on: string; reference: string },
  now = new Date(),
): Promise<OfficeCommissionStatement> {
  const agent = await p.db.selectFrom("agents").select(["id", "connect_account_id"]).where("id", "=", agentId).executeTakeFirst();
  if (!agent) throw new NotFound("agent.not_found", "No such agent.");
  const viaStripe = Boolean(p.connect && p.stripe && agent.connect_account_id);
  let payoutId: number;
  try {
    payoutId = await p.db.transaction().execute(async (trx) => {
      await lockLedger(trx, "commission", agentId);
      const owed = (await lastCommissionMove(trx, agentId, v.currency))?.balance ?? 0;
      if (v.amount_minor > owed)
        throw new Invalid("validation.failed", FIX_FIELDS, {
          amount_minor: [
            fieldError(
              "payout.more_than_owed",
              `At most ${formatMoney(Math.max(owed, 0), v.currency)} is owed to this agent now`,
              {
                owed: formatMoney(Math.max(owed, 0), v.currency),
              },
            ),
          ],
        });
      const { id } = await trx
        .insertInto("commission_payouts")
        .values({
          agent_id: agentId,
          amount_minor: v.amount_minor,
          currency: v.currency,
          paid_on: v.paid_on,
          reference: v.reference,
          method: viaStripe ? "stripe" : "manual",
          status: viaStripe ? "sending" : "recorded",
          destination: viaStripe ? agent.connect_account_id : null,
          transfer_id: null,
          failure: null,
          created_by: staffId,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await moveCommission(trx, agentId, v.currency, { kind: "paid_out", amount: -v.amount_minor, at: now, payout_id: id });
      await audit(trx, { staffId, kind: "commission.payout", subject: `agent:${agentId}`, after: { payout: id, ...v } }, now);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(
        "payout.reference_taken",
        `A payout with the reference ${v.reference} is recorded already for this agent.`,
      );
    throw error;
  }
  if (viaStripe) await sendTransfer(p, payoutId, now);
  return officeStatement(p, agentId);
}

/** Sends a Connect payout's transfer (again, with the same key, when it was not answered). */
async function sendTransfer(p: Payments, payoutId: number, now: Date) {
  const payout = await p.db.selectFrom("commission_payouts").selectAll().where("id", "=", payoutId).executeTakeFirst();
  if (!payout || payout.status !== "sending" || !p.stripe || !payout.destination) return;
  try {
    const transfer = await p.stripe.transfers.create(
      {
        amount: payout.amount_minor,
        currency: payout.currency.toLowerCase(),
        destination: payout.destination,
        transfer_group: `payout-${payout.id}`,
        metadata: { payout_id: String(payout.id), agent_id: String(payout.agent_id), reference: payout.reference },
      },
      { idempotencyKey: `commission-payout-${payout.id}` },
    );
    await p.db
      .updateTable("commission_payouts")
      .set({ status: "sent", transfer_id: transfer.id })
      .where("id", "=", payout.id)
      .where("status", "=", "sending")
      .execute();
  } catch (error) {
    const unanswered =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError;
    if (unanswered || !(error instanceof Stripe.errors.StripeError)) {
      p.logger.warn({ payout: payout.id, err: String(error) }, "payout transfer not answered: left sending, asked again later");
      return;
    }
    await failPayout(p.db, payout, error.message || "Stripe refused the transfer", now);
    p.logger.error({ payout: payout.id, err: error.message }, "payout transfer refused: the amount is owed again");
    throw new Conflict(
      "payout.transfer_failed",
      `Stripe refused the transfer (${error.message}): nothing was paid out, and the amount is owed again.`,
    );
  }
}

async function failPayout(
  db: Db,
  payout: { id: number; agent_id: number; currency: string; amount_minor: number },
  why: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("commission_payouts")
      .set({ status: "failed", failure: why.slice(0, 500) })
      .where("id", "=", payout.id)
      .where("status", "=", "sending")
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return;
    await moveCommission(trx, payout.agent_id, payout.currency, {
      kind: "payout_returned",
      amount: payout.amount_minor,
      at: now,
      payout_id: payout.id,
    });
  });
}

/** The sweep's turn: Connect payouts left "sending" (Stripe did not answer) for a minute are asked again. */
export async function resendPayouts(p: Payments, now = new Date()) {
  if (!p.stripe) return;
  const waiting = await p.db
    .selectFrom("commission_payouts")
    .select("id")
    .where("status", "=", "sending")
    .where("created_at", "<=", new Date(now.getTime() - 60_000).toISOString())
    .limit(50)
    .execute();
  for (const w of waiting) await sendTransfer(p, w.id, now).catch(() => undefined);
}
