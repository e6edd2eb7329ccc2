/**
 * One's own account, for every kind alike (kinds.ts): name, phone and time zone; a password changed with the current
 * one (every other session ends); every other session signed out; and a reset link asked for by e-mail address.
 */
import { sql, type Kysely } from "kysely";
import type { AccountData, RefusalCode } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { agentSearchText } from "../../lib/search.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { kinds, signInKinds, type SignInKind } from "./kinds.js";
import { passwordChanged } from "./notices.js";
import { issuePasswordLink } from "./password-links.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { endSessions } from "./tokens.js";

export async function getAccount(db: Kysely<Database>, kind: SignInKind, id: number): Promise<AccountData> {
  const row = await db
    .selectFrom(kinds[kind].accounts)
    .select(["id", "name", "email", "phone", "time_zone"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  // Whoever signed in has an address: a mentor without one cannot.
  return { kind, ...row, email: row.email ?? "" };
}

export async function updateAccount(
  db: Kysely<Database>,
  kind: SignInKind,
  id: number,
  input: { name: string; phone?: string | null; time_zone: string },
) {
  const values = { name: input.name, phone: input.phone ?? null, time_zone: input.time_zone };
  if (kind === "agent") {
    const { email } = await db.selectFrom("agents").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    await db
      .updateTable("agents")
      .set({ ...values, search_text: agentSearchText({ name: input.name, email }), time_zone_set_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  } else {
    await db.updateTable(kinds[kind].accounts).set(values).where("id", "=", id).execute();
  }
  return getAccount(db, kind, id);
}

export async function signOutOthers(db: Kysely<Database>, kind: SignInKind, id: number, keepToken: string) {
  return { signed_out: await endSessions(db, kind, id, keepToken) };
}

/**
 * A new password, given the current one: set, every other session ended, and the account's address told, in one
 * transaction. A wrong current password is said beside its field.
 */
export async function changePassword(
  db: Kysely<Database>,
  kind: SignInKind,
  id: number,
  keepToken: string,
  input: { current_password: string; new_password: string },
  /** The sign-in limits, applied to the current password (each check is an Argon2 hash: unlimited, they were a
   * way to guess a password and to slow everyone's sign-in) */
  attempts?: {
    before(email: string): Promise<void>;
    failed(email: string): Promise<void>;
    succeeded(email: string): Promise<void>;
  },
  now = new Date(),
) {
  const row = await db
    .selectFrom(kinds[kind].accounts)
    .select(["email", "password_hash"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const invalid = (field: string, code: RefusalCode, message: string) =>
    new ApiError(400, "validation.failed", FIX_FIELDS, { [field]: [fieldError(code, message)] });
  const email = (row.email ?? "").toLowerCase();
  await attempts?.before(email);
  if (!row.password_hash || !(await verifyPassword(row.password_hash, input.current_password))) {
    await attempts?.failed(email);
    throw invalid("current_password", "password.not_current", "This is not your current password");
  }
  await attempts?.succeeded(email);
  if (email && input.new_password.toLowerCase().includes(email))
    throw invalid("new_password", "password.has_email", "Do not use your email address");
  if (input.new_password === input.current_password)
    throw invalid("new_password", "password.unchanged", "Choose a password other than the current one");
  const hash = await hashPassword(input.new_password);
  return db.transaction().execute(async (trx) => {
    await sql`update ${sql.table(kinds[kind].accounts)} set password_hash = ${hash} where id = ${id}`.execute(trx);
    const ended = await endSessions(trx, kind, id, keepToken);
    await passwordChanged(trx, { kind, id }, "account", now);
    return { changed: true as const, signed_out: ended };
  });
}

/**
 * /forgot-password: an active account with this email (an agent's, else a staff member's) gets a reset link (one
 * hour, single use, stored hashed) by e-mail. The answer never says whether there was one; the e-mail goes later,
 * from the worker, so the request's time differs only by the few inserts of the link and its outbox row.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, publicUrl: string, now = new Date()) {
  const address = email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    // The first kind with an active account of this address (an e-mail address names one account of each kind).
    for (const kind of signInKinds) {
      const { rows } = await sql<{ id: number }>`select id from ${sql.table(kinds[kind].accounts)}
        where lower(email) = ${address} and active = 1`.execute(trx);
      if (rows[0]) return issuePasswordLink(trx, kind, Number(rows[0].id), now, { purpose: "reset", mailTo: { publicUrl } });
    }
  });
  return { sent: true as const };
}
