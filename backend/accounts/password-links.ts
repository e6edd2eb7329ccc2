/**
 * One-time set-password links, for every kind of account (kinds.ts): from the back office or the office:user
 * command ("set", 24 hours) and from /forgot-password ("reset", one hour). Stored hashed; using one sets the
 * password and ends the account's other sessions in one transaction.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { PasswordLinkInfo } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { isSignInKind, kinds, type SignInKind } from "./kinds.js";
import { passwordChanged, passwordLink } from "./notices.js";
import { hashPassword } from "./passwords.js";
import { endSessions, hashToken } from "./tokens.js";

export const PASSWORD_LINK_HOURS = 24;

export const RESET_LINK_HOURS = 1;

/** The page a link opens: `/set-password?token=…` on the portal. */
export const passwordLinkUrl = (publicUrl: string, token: string) =>
  new URL(`/set-password?${new URLSearchParams({ token })}`, publicUrl).toString();

/**
 * A new one-time link for an account (stored hashed). A "set" link (from the back office or the office:user
 * command, 24 hours) ends the account's earlier unused links. A "reset" link (forgot password, one hour) ends none:
 * anyone may ask for one, and a stranger asking must not kill the link the owner is about to use (issue 66). Using
 * any link ends all the others.
 * With `mailTo`, the link is also e-mailed to the account, written to the outbox in the caller's transaction.
 */
export async function issuePasswordLink(
  db: Kysely<Database>,
  kind: SignInKind,
  accountId: number,
  now = new Date(),
  opts: { purpose?: "set" | "reset"; mailTo?: { publicUrl: string } } = {},
): Promise<{ token: string; expiresAt: string }> {
  const purpose = opts.purpose ?? "set";
  const token = randomBytes(32).toString("base64url");
  const hours = purpose === "reset" ? RESET_LINK_HOURS : PASSWORD_LINK_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  if (purpose === "set") await endUnusedLinks(db, kind, accountId, now);
  await db
    .insertInto("password_links")
    .values({
      token_hash: hashToken(token),
      account_kind: kind,
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      purpose,
    })
    .execute();
  if (opts.mailTo) {
    await passwordLink(
      db,
      { kind, id: accountId },
      { url: passwordLinkUrl(opts.mailTo.publicUrl, token), token, expiresAt, purpose },
      now,
    );
  }
  return { token, expiresAt };
}

/** The account's unused links are marked used. */
async function endUnusedLinks(db: Kysely<Database>, kind: SignInKind, accountId: number, now: Date) {
  await db
    .updateTable("password_links")
    .set({ used_at: now.toISOString() })
    .where("account_kind", "=", kind)
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .execute();
}

/** Unused links of the account stop working now (it was deactivated, or its address changed). */
export async function expirePasswordLinks(db: Kysely<Database>, kind: SignInKind, accountId: number, now = new Date()) {
  await db
    .updateTable("password_links")
    .set({ expires_at: now.toISOString() })
    .where("account_kind", "=", kind)
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .execute();
}

const LINK_GONE = "This link has expired or was used already. Ask the consultancy for a new one.";

/** Whose link this is, while it can still be used. */
export async function passwordLinkInfo(db: Kysely<Database>, token: string, now = new Date()): Promise<PasswordLinkInfo> {
  const link = await db
    .selectFrom("password_links")
    .select(["account_kind", "account_id", "expires_at", "used_at", "purpose"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!link || link.used_at || link.expires_at <= now.toISOString()) throw new NotFound("password_link.gone", LINK_GONE);
  const kind = link.account_kind;
  if (!isSignInKind(kind)) throw new NotFound("password_link.gone", LINK_GONE);
  const who = await db
    .selectFrom(kinds[kind].accounts)
    .select(["name", "email"])
    .where("id", "=", link.account_id)
    .executeTakeFirst();
  if (!who?.email) throw new NotFound("password_link.gone", LINK_GONE);
  return {
    kind,
    name: who.name,
    email: who.email,
    expires_at: link.expires_at,
    purpose: link.purpose === "reset" ? "reset" : "set",
  };
}

/**
 * Uses a link once: a guarded update (unused, unexpired) in the same transaction as the new password, so two
 * simultaneous uses set it once. The account's other sessions end.
 */
export async function usePasswordLink(
  db: Kysely<Database>,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ kind: SignInKind; accountId: number }> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable("password_links")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning(["account_kind", "account_id", "purpose"])
      .executeTakeFirst();
    if (!link) throw new NotFound("password_link.gone", LINK_GONE);
    // The account's other links, reset links a stranger made others ask for among them, die with this use.
    await endUnusedLinks(trx, link.account_kind as SignInKind, link.account_id, now);
    // A reset tells the account's address, in case it was not its owner; a first password set through the link
    // staff handed over needs no such word.
    if (link.purpose === "reset") {
      await passwordChanged(trx, { kind: link.account_kind as SignInKind, id: link.account_id }, "reset", now);
    }
    const kind = link.account_kind;
    if (!isSignInKind(kind)) throw new NotFound("password_link.gone", LINK_GONE);
    await sql`update ${sql.table(kinds[kind].accounts)} set password_hash = ${hash} where id = ${link.account_id}`.execute(trx);
    await endSessions(trx, kind, link.account_id);
    const t = kinds[kind];
    if ("noted" in t) await t.noted(trx, link.account_id, "password_set", now);
    return { kind, accountId: link.account_id };
  });
}
