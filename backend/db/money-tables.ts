/** Session packs, clients' credits and agents' commissions (issue 41, migration 035): each ledger a chain of rows. */
import type { ColumnType, Generated } from "kysely";

export interface SessionPacksTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** The name and description in Arabic, Spanish and French (JSON `Translations<{ name, description }>`) */
  texts: ColumnType<string, string | undefined, string>;
  sessions: number;
  session_minutes: number;
  /** 1: every active mentor gives them; 0: only those in session_pack_mentors */
  all_mentors: number;
  price_minor: number;
  currency: string;
  valid_days: number;
  published: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface SessionPackMentorsTable {
  pack_id: number;
  mentor_id: number;
}

/** One paid pack line's credits for its client: the movements are `credit_moves`, the balance their sum. */
export interface ClientCreditsTable {
  id: Generated<number>;
  client_id: number;
  agent_id: number;
  pack_id: number;
  order_item_id: number;
  sessions: number;
  session_minutes: number;
  /** JSON array of the mentors' ids as sold; null: every mentor */
  mentor_ids: string | null;
  expires_at: string;
  reminded_at: string | null;
  created_at: string;
}

export type CreditMoveKind = "granted" | "used" | "returned" | "expired" | "refunded";
export interface CreditMovesTable {
  id: Generated<number>;
  credit_id: number;
  seq: number;
  kind: CreditMoveKind;
  amount: number;
  balance: number;
  prev_seq: number | null;
  prev_balance: number | null;
  booking_id: number | null;
  by: string;
  at: string;
}

export type CommissionTarget = "service" | "plan" | "relocation" | "job" | "pack" | "session";
export interface CommissionRulesTable {
  id: Generated<number>;
  target: CommissionTarget;
  target_id: number | null;
  agent_id: number | null;
  percent_bp: number | null;
  amount_minor: number | null;
  currency: string;
  starts_on: string;
  created_by: number;
  created_at: string;
}

export interface CommissionPayoutsTable {
  id: Generated<number>;
  agent_id: number;
  amount_minor: number;
  currency: string;
  paid_on: string;
  reference: string;
  method: "manual" | "stripe";
  status: "recorded" | "sending" | "sent" | "failed";
  destination: string | null;
  transfer_id: string | null;
  failure: string | null;
  created_by: number;
  created_at: string;
}

export type CommissionMoveKind = "accrued" | "reversed" | "paid_out" | "payout_returned";
export interface CommissionMovesTable {
  id: Generated<number>;
  agent_id: number;
  currency: string;
  seq: number;
  kind: CommissionMoveKind;
  amount: number;
  balance: number;
  prev_seq: number | null;
  prev_balance: number | null;
  order_item_id: number | null;
  rule_id: number | null;
  payout_id: number | null;
  at: string;
}
