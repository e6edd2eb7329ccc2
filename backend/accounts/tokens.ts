/**
 * Tokens of every kind of account: 256 random bits handed out once, stored only as a SHA-256 hash, with an expiry.
 * A token is live while it is unexpired and its account active; deactivating an account deletes its tokens.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { tokenKinds as kinds, type KindTable, type TokenKind as SignInKind } from "./kinds.js";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Who a live token is: the same four fields for every kind. */
/** Who a token is; `role` for staff only (owner or staff, read at every call: a change takes effect at once) */
export type Person = {
  id: number;
  name: string;
  email: string;
  time_zone: string;
  role?: "owner" | "staff";
  /** A client's language (their page and e-mails) */
  language?: string;
};

/** A new token for the account, noted as its sign-in; its expired tokens are cleared while we are here. */
export async function issueToken(db: Kysely<Database>, kind: SignInKind, id: number, ttlDays: number, now = new Date()) {
  const t: KindTable = kinds[kind];
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await sql`insert into ${sql.table(t.tokens)} (${sql.ref(t.owner)}, token_hash, created_at, expires_at)
      values (${id}, ${hashToken(token)}, ${now.toISOString()}, ${expiresAt})`.execute(trx);
    await sql`update ${sql.table(t.accounts)} set last_sign_in_at = ${now.toISOString()} where id = ${id}`.execute(trx);
    await t.noted?.(trx, id, "sign_in", now);
  });
  await sql`delete from ${sql.table(t.tokens)} where ${sql.ref(t.owner)} = ${id} and expires_at <= ${now.toISOString()}`.execute(
    db,
  );
  return { token, expiresAt };
}

/** The active account a live token of this kind belongs to, and when the token expires; null otherwise. */
export async function personForToken(
  db: Kysely<Database>,
  kind: SignInKind,
  token: string,
  now = new Date(),
): Promise<{ person: Person; expires_at: string } | null> {
  if (token.length > 200) return null;
  const t: KindTable = kinds[kind];
  const { rows } = await sql<Person & { expires_at: string }>`
    select ${t.person ?? sql`a.id, a.name, a.email, a.time_zone`}, t.expires_at
    from ${sql.table(t.tokens)} t join ${sql.table(t.accounts)} a on a.id = ${sql.ref(`t.${t.owner}`)}
    where t.token_hash = ${hashToken(token)} and t.expires_at > ${now.toISOString()} and ${t.live ?? sql`a.active = 1`}`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return null;
  const { expires_at, ...person } = row;
  return { person: { ...person, id: Number(person.id) }, expires_at };
}

export async function revokeToken(db: Kysely<Database>, kind: SignInKind, token: string): Promise<void> {
  await sql`delete from ${sql.table(kinds[kind].tokens)} where token_hash = ${hashToken(token)}`.execute(db);
}

/** Ends every session of the account, or every one but `except` (a token). Returns how many ended. */
export async function endSessions(db: Kysely<Database>, kind: SignInKind, id: number, except?: string): Promise<number> {
  const t = kinds[kind];
  const result = await sql`delete from ${sql.table(t.tokens)} where ${sql.ref(t.owner)} = ${id}
    ${except === undefined ? sql`` : sql`and token_hash <> ${hashToken(except)}`}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
