import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 41: session packs and agents' commissions, both held as ledgers (DESIGN.md §7).
 *
 * - `session_packs` (with `session_pack_mentors` when only some mentors give them): what the office sells. A paid
 *   pack line gives its client a grant (`client_credits`, one per order line), whose every movement is a row of
 *   `credit_moves`: granted, used, returned, expired, refunded.
 * - `commission_rules`: what an agent earns on a line (a percentage or an amount, from a date, for a service, plan,
 *   relocation, job placement or pack, or for one agent). Every accrual, reversal, payout and returned payout is a row
 *   of `commission_moves`; `commission_payouts` are the payouts staff recorded (or sent through Stripe Connect).
 *
 * Both ledgers are chains: each row names the one before it (`prev_seq`, `prev_balance`, a foreign key to that row's
 * `seq` and `balance`) and checks its balance is that one's plus its own amount, so the balance a row carries is the
 * sum of the rows up to it, and the database itself refuses a credit below zero and a payout of more than is owed.
 * One row per order line and event (a grant, an accrual, a reversal) is a unique index. Only added: no row of before
 * is changed or dropped.
 */
export function packsAndCommissions(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("session_packs"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        /** The name and description in Arabic, Spanish and French (JSON, lib/catalogue-texts.ts `Translations`) */
        .addColumn("texts", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("sessions", "integer", (c) => c.notNull().check(sql`sessions between 1 and 100`))
        .addColumn("session_minutes", "integer", (c) => c.notNull().check(sql`session_minutes between 15 and 60`))
        .addColumn("all_mentors", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("price_minor", "integer", (c) => c.notNull().check(sql`price_minor > 0`))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("valid_days", "integer", (c) => c.notNull().check(sql`valid_days between 1 and 1000`))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("session_pack_mentors")
        .addColumn("pack_id", "integer", (c) => c.notNull().references("session_packs.id").onDelete("cascade"))
        .addColumn("mentor_id", "integer", (c) => c.notNull().references("mentors.id"))
        .addPrimaryKeyConstraint("session_pack_mentors_pk", ["pack_id", "mentor_id"])
        .execute();

      await id(db.schema.createTable("client_credits"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("pack_id", "integer", (c) => c.notNull().references("session_packs.id"))
        .addColumn("order_item_id", "integer", (c) => c.notNull().unique().references("order_items.id"))
        .addColumn("sessions", "integer", (c) => c.notNull().check(sql`sessions > 0`))
        .addColumn("session_minutes", "integer", (c) => c.notNull())
        /** The mentors who give them, as sold (JSON array of ids); null: every mentor */
        .addColumn("mentor_ids", "text")
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("reminded_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("client_credits_client").on("client_credits").columns(["client_id", "expires_at"]).execute();

      await db.schema
        .alterTable("mentor_bookings")
        .addColumn("credit_id", "integer", (c) => c.references("client_credits.id").onDelete("set null"))
        .execute();

      await id(db.schema.createTable("credit_moves"))
        .addColumn("credit_id", "integer", (c) => c.notNull().references("client_credits.id").onDelete("cascade"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('granted', 'used', 'returned', 'expired', 'refunded')`))
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("balance", "integer", (c) => c.notNull().check(sql`balance >= 0`))
        .addColumn("prev_seq", "integer")
        .addColumn("prev_balance", "integer")
        .addColumn("booking_id", "integer", (c) => c.references("mentor_bookings.id").onDelete("set null"))
        /** Who moved it: "agent:3", "staff:1", "system" */
        .addColumn("by", "text", (c) => c.notNull())
        .addColumn("at", time, (c) => c.notNull())
        .addUniqueConstraint("credit_moves_seq", ["credit_id", "seq"])
        .addUniqueConstraint("credit_moves_link", ["credit_id", "seq", "balance"])
        .addForeignKeyConstraint("credit_moves_prev", ["credit_id", "prev_seq", "prev_balance"], "credit_moves", [
          "credit_id",
          "seq",
          "balance",
        ])
        .addCheckConstraint(
          "credit_moves_chain",
          sql`(seq = 1 and kind = 'granted' and prev_seq is null and prev_balance is null and balance = amount)
            or (seq > 1 and kind <> 'granted' and prev_seq = seq - 1 and prev_balance is not null and balance = prev_balance + amount)`,
        )
        .addCheckConstraint(
          "credit_moves_sign",
          sql`(kind in ('granted', 'returned') and amount > 0) or (kind in ('used', 'expired', 'refunded') and amount < 0)`,
        )
        .execute();
      // A session takes one credit and gives it back at most once.
      await db.schema
        .createIndex("credit_moves_use")
        .on("credit_moves")
        .columns(["booking_id", "kind"])
        .unique()
        .where(sql<boolean>`booking_id is not null`)
        .execute();

      await id(db.schema.createTable("commission_rules"))
        /** service (1-3), plan, relocation, job, pack (target_id: one of them; null: all of that kind), session */
        .addColumn("target", "text", (c) =>
          c.notNull().check(sql`target in ('service', 'plan', 'relocation', 'job', 'pack', 'session')`),
        )
        .addColumn("target_id", "integer")
        /** null: every agent; else this agent's own rate */
        .addColumn("agent_id", "integer", (c) => c.references("agents.id"))
        /** Hundredths of a per cent (1000 = 10 %), or an amount in minor units */
        .addColumn("percent_bp", "integer", (c) => c.check(sql`percent_bp between 0 and 10000`))
        .addColumn("amount_minor", "integer", (c) => c.check(sql`amount_minor >= 0`))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("starts_on", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.notNull().references("staff.id"))
        .addColumn("created_at", time, (c) => c.notNull())
        .addCheckConstraint("commission_rules_one_rate", sql`(percent_bp is null) <> (amount_minor is null)`)
        .execute();

      await id(db.schema.createTable("commission_payouts"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("paid_on", "text", (c) => c.notNull())
        .addColumn("reference", "text", (c) => c.notNull())
        /** manual: recorded by hand; stripe: a Connect transfer */
        .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('manual', 'stripe')`))
        /** recorded (by hand) | sending → sent | failed (its amount returned to the balance) */
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('recorded', 'sending', 'sent', 'failed')`))
        .addColumn("destination", "text")
        .addColumn("transfer_id", "text")
        .addColumn("failure", "text")
        .addColumn("created_by", "integer", (c) => c.notNull().references("staff.id"))
        .addColumn("created_at", time, (c) => c.notNull())
        .addUniqueConstraint("commission_payouts_reference", ["agent_id", "reference"])
        .execute();

      await id(db.schema.createTable("commission_moves"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('accrued', 'reversed', 'paid_out', 'payout_returned')`))
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("balance", "integer", (c) => c.notNull())
        .addColumn("prev_seq", "integer")
        .addColumn("prev_balance", "integer")
        .addColumn("order_item_id", "integer", (c) => c.references("order_items.id"))
        .addColumn("rule_id", "integer", (c) => c.references("commission_rules.id"))
        .addColumn("payout_id", "integer", (c) => c.references("commission_payouts.id"))
        .addColumn("at", time, (c) => c.notNull())
        .addUniqueConstraint("commission_moves_seq", ["agent_id", "currency", "seq"])
        .addUniqueConstraint("commission_moves_link", ["agent_id", "currency", "seq", "balance"])
        .addForeignKeyConstraint(
          "commission_moves_prev",
          ["agent_id", "currency", "prev_seq", "prev_balance"],
          "commission_moves",
          ["agent_id", "currency", "seq", "balance"],
        )
        .addCheckConstraint(
          "commission_moves_chain",
          sql`(seq = 1 and prev_seq is null and prev_balance is null and balance = amount)
            or (seq > 1 and prev_seq = seq - 1 and prev_balance is not null and balance = prev_balance + amount)`,
        )
        .addCheckConstraint(
          "commission_moves_sign",
          sql`(kind in ('accrued', 'payout_returned') and amount >= 0) or (kind in ('reversed', 'paid_out') and amount <= 0)`,
        )
        // Nothing is paid out that is not owed: a payout's row never leaves the balance below zero.
        .addCheckConstraint("commission_moves_owed", sql`kind <> 'paid_out' or balance >= 0`)
        .execute();
      await db.schema
        .createIndex("commission_moves_line")
        .on("commission_moves")
        .columns(["order_item_id", "kind"])
        .unique()
        .where(sql<boolean>`order_item_id is not null`)
        .execute();
      await db.schema
        .createIndex("commission_moves_payout")
        .on("commission_moves")
        .columns(["payout_id", "kind"])
        .unique()
        .where(sql<boolean>`payout_id is not null`)
        .execute();

      await db.schema.alterTable("agents").addColumn("connect_account_id", "text").execute();
      /** What a refund of the line gives back when it is less than its price (a pack's unused credits, pro rata) */
      await db.schema.alterTable("order_items").addColumn("refund_minor", "integer").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("order_items").dropColumn("refund_minor").execute();
      await db.schema.alterTable("agents").dropColumn("connect_account_id").execute();
      await db.schema.dropTable("commission_moves").execute();
      await db.schema.dropTable("commission_payouts").execute();
      await db.schema.dropTable("commission_rules").execute();
      await db.schema.dropTable("credit_moves").execute();
      await db.schema.alterTable("mentor_bookings").dropColumn("credit_id").execute();
      await db.schema.dropTable("client_credits").execute();
      await db.schema.dropTable("session_pack_mentors").execute();
      await db.schema.dropTable("session_packs").execute();
    },
  };
}
