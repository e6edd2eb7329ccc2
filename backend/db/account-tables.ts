/** Table types for the accounts that sign in (agents, staff, mentors), their tokens, links and sessions. */
import type { ColumnType, Generated } from "kysely";

export interface AgentsTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  phone: string | null;
  time_zone: string;
  /** When the agent (or its browser at the first sign-in) chose `time_zone`; null while it is the default */
  time_zone_set_at: string | null;
  created_at: string;
  /** 1, or 0 once staff deactivated the account (its tokens and sessions end at once) */
  active: Generated<number>;
  last_sign_in_at: string | null;
  /** Name and e-mail folded for search (lib/search.ts); null only for a row written before it existed */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The private calendar feed's token (null until the agent makes one) */
  feed_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agent's Stripe Connect account (issue 41): payouts are transfers to it when STRIPE_CONNECT is on */
  connect_account_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The consultancy's own people: they sign in to the back office. */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  /** null until set through a set-password link */
  password_hash: string | null;
  active: Generated<number>;
  created_at: string;
  last_sign_in_at: string | null;
  time_zone: Generated<string>;
  phone: string | null;
  /** owner: everything, staff accounts and business settings among it; staff: the rest of the back office */
  role: Generated<"owner" | "staff">;
}

/** A change of an account's e-mail address, waiting for the new address to confirm it (the link stored hashed). */
export interface EmailChangesTable {
  id: Generated<number>;
  /** agent | staff | mentor */
  account_kind: string;
  account_id: number;
  new_email: string;
  old_email: string;
  token_hash: string;
  /** The staff member who asked for it */
  requested_by: number | null;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  /** Replaced by a later change, or the account was deactivated */
  canceled_at: string | null;
}

export interface StaffTokensTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** One-time links to set a password (24 h, single use), for an agent or a staff account. */
export interface PasswordLinksTable {
  id: Generated<number>;
  token_hash: string;
  account_kind: string;
  account_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** set (back office or office:user, 24 h) | reset (forgot password, 1 h) */
  purpose: Generated<string>;
}

/** Every staff change and staff sign-in, written in the change's own transaction. */
export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  /** A mentor who changed their own hours or profile (staff_id is then null) */
  mentor_id: ColumnType<number | null, number | null | undefined, number | null>;
  kind: string;
  subject: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  agent_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface PortalSessionsTable {
  id: string;
  data: string;
  expires_at: string | null;
}

export interface MentorTokensTable {
  id: Generated<number>;
  mentor_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}
