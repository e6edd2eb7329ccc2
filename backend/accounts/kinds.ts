/**
 * The kinds of account that sign in with a password, as a table: where each keeps its accounts and its tokens, and
 * what it says to a token of another kind. Sign-in, tokens, the bearer check, password links and one's own account
 * (the rest of backend/accounts/) work from this table alone: a new kind is an entry here, its tables, and its
 * endpoints in lib/contract/.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { AccountKind } from "../../lib/contract.js";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";

export type KindTable = {
  /** Its accounts: id, name, email, phone, time_zone, password_hash, active, last_sign_in_at */
  accounts: "agents" | "staff" | "mentors" | "clients";
  /** Its tokens: token_hash, owner, created_at, expires_at */
  tokens: "api_tokens" | "staff_tokens" | "mentor_tokens" | "client_tokens";
  owner: "agent_id" | "staff_id" | "mentor_id" | "client_id";
  /** Who an account (`a`) is, as id, name, email, time_zone; and when it may be signed in (both: the default) */
  person?: RawBuilder<unknown>;
  live?: RawBuilder<unknown>;
  /** Said when an account of another kind calls an endpoint only this kind may */
  onlyFor: string;
  /** Written in the transaction of a sign-in, and of a password set through a link (staff: the audit log) */
  noted?: (db: Kysely<Database>, id: number, what: "sign_in" | "password_set", now: Date) => Promise<void>;
};

export const kinds = {
  agent: { accounts: "agents", tokens: "api_tokens", owner: "agent_id", onlyFor: "This is for agents." },
  staff: {
    accounts: "staff",
    tokens: "staff_tokens",
    owner: "staff_id",
    onlyFor: "This is for the consultancy's staff.",
    person: sql`a.id, a.name, a.email, a.time_zone, a.role`,
    noted: (db, id, what, now) => audit(db, { staffId: id, kind: `staff.${what}`, subject: `staff:${id}` }, now),
  },
  // A mentor without an e-mail address (staff have not invited them) has no way in.
  mentor: { accounts: "mentors", tokens: "mentor_tokens", owner: "mentor_id", onlyFor: "This is for mentors." },
} as const satisfies Partial<Record<AccountKind, KindTable>>;

/** The kinds that sign in with a password. */
export type SignInKind = keyof typeof kinds;
export const signInKinds = Object.keys(kinds) as SignInKind[];

export const isSignInKind = (kind: string): kind is SignInKind => kind in kinds;

/**
 * Every kind that holds tokens: those above, and the client, who signs in by a one-time link (clients/links.ts)
 * and whose session ends with their agent's word (access ended) or when they are archived.
 */
export const tokenKinds = {
  ...kinds,
  client: {
    accounts: "clients",
    tokens: "client_tokens",
    owner: "client_id",
    onlyFor: "This is for clients.",
    person: sql`a.id, a.first_name || ' ' || a.last_name as name, a.email,
      coalesce(a.time_zone, (select g.time_zone from agents g where g.id = a.agent_id)) as time_zone, a.language`,
    live: sql`a.archived_at is null and a.access_ended_at is null`,
  },
} as const satisfies Record<AccountKind, KindTable>;

export type TokenKind = keyof typeof tokenKinds;
export const allTokenKinds = Object.keys(tokenKinds) as TokenKind[];
export const isTokenKind = (kind: string): kind is TokenKind => kind in tokenKinds;
