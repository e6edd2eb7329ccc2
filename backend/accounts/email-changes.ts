/**
 * A change of an account's e-mail address (agents, staff, mentors), asked for by staff: nothing changes until the
 * new address confirms it through a one-time link (stored hashed, 48 hours). Confirming is one guarded update of
 * the waiting change, in the transaction that changes the address, so two uses of one link change it once. The old
 * address is told, set-password links sent to it stop working, and both steps are in the audit log.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { EmailChangeInfo, EmailChanged, PendingEmail } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { agentSearchText } from "../../lib/search.js";
import { audit } from "../audit.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { isSignInKind, kinds, type SignInKind } from "./kinds.js";
import { emailChanged, emailChangeLink } from "./notices.js";
import { expirePasswordLinks } from "./password-links.js";
import { hashToken } from "./tokens.js";

export const EMAIL_CHANGE_HOURS = 48;

/** The page a confirmation link opens. */
export const emailChangeUrl = (publicUrl: string, token: string) =>
  new URL(`/confirm-email?${new URLSearchParams({ token })}`, publicUrl).toString();

const TAKEN = "Another account uses this address already.";
const LINK_GONE = "This link has expired, was used already, or a newer change replaced it. Ask the consultancy for a new one.";

async function account(db: Kysely<Database>, kind: SignInKind, id: number) {
  return db.selectFrom(kinds[kind].accounts).select(["id", "name", "email"]).where("id", "=", id).executeTakeFirst();
}

async function addressTaken(db: Kysely<Database>, kind: SignInKind, id: number, email: string) {
  return Boolean(
    await db.selectFrom(kinds[kind].accounts).select("id").where("email", "=", email).where("id", "<>", id).executeTakeFirst(),
  );
}

/** The change waiting for this account's new address, if any. */
export async function pendingEmail(
  db: Kysely<Database>,
  kind: SignInKind,
  id: number,
  now = new Date(),
): Promise<PendingEmail | null> {
  return (await pendingEmails(db, kind, [id], now)).get(id) ?? null;
}

/** The waiting change of each of these accounts that has one (the latest), in one query. */
export async function pendingEmails(
  db: Kysely<Database>,
  kind: SignInKind,
  ids: number[],
  now = new Date(),
): Promise<Map<number, PendingEmail>> {
  const waiting = new Map<number, PendingEmail>();
  if (!ids.length) return waiting;
  const rows = await db
    .selectFrom("email_changes")
    .select(["account_id", "new_email", "created_at", "expires_at"])
    .where("account_kind", "=", kind)
    .where("account_id", "in", ids)
    .where("confirmed_at", "is", null)
    .where("canceled_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    if (!waiting.has(row.account_id)) {
      waiting.set(row.account_id, { email: row.new_email, requested_at: row.created_at, expires_at: row.expires_at });
    }
  }
  return waiting;
}

/**
 * Asks `email` to confirm it as the account's new address: earlier waiting changes of the account are replaced,
 * the link is e-mailed to the new address (written to the outbox in this transaction), and the request audited.
 */
export async function requestEmailChange(
  db: Kysely<Database>,
  staffId: number,
  kind: SignInKind,
  accountId: number,
  email: string,
  publicUrl: string,
  now = new Date(),
): Promise<PendingEmail> {
  const who = await account(db, kind, accountId);
  if (!who)
    throw new NotFound(
      "account.not_found",
      kind === "agent" ? "No such agent." : kind === "mentor" ? "No such mentor." : "No such staff member.",
    );
  if (!who.email)
    throw new Conflict(
      "mentor.no_address",
      "This mentor has no address yet: write it on the mentor's form, then invite them to sign in.",
    );
  if (who.email === email)
    throw new Invalid("email.unchanged", "This is the address already", {
      email: [fieldError("email.unchanged", "This is the address already")],
    });
  if (await addressTaken(db, kind, accountId, email))
    throw new Conflict("email.taken", TAKEN, { email: [fieldError("email.taken", TAKEN)] });
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("email_changes")
      .set({ canceled_at: now.toISOString() })
      .where("account_kind", "=", kind)
      .where("account_id", "=", accountId)
      .where("confirmed_at", "is", null)
      .where("canceled_at", "is", null)
      .execute();
    await trx
      .insertInto("email_changes")
      .values({
        account_kind: kind,
        account_id: accountId,
        new_email: email,
        old_email: who.email!,
        token_hash: hashToken(token),
        requested_by: staffId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        confirmed_at: null,
        canceled_at: null,
      })
      .execute();
    await emailChangeLink(trx, { kind, id: accountId }, { url: emailChangeUrl(publicUrl, token), token, expiresAt, email }, now);
    await audit(
      trx,
      {
        staffId,
        kind: "account.email_change_asked",
        subject: `${kind}:${accountId}`,
        before: { email: who.email },
        after: { email },
      },
      now,
    );
  });
  return { email, requested_at: now.toISOString(), expires_at: expiresAt };
}

async function liveChange(db: Kysely<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom("email_changes")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("confirmed_at", "is", null)
    .where("canceled_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row || !isSignInKind(row.account_kind)) throw new NotFound("email_change.gone", LINK_GONE);
  return { ...row, account_kind: row.account_kind };
}

/** Whose change a link confirms (the page greets before anything changes: mail scanners open links). */
export async function emailChangeInfo(db: Kysely<Database>, token: string, now = new Date()): Promise<EmailChangeInfo> {
  const change = await liveChange(db, token, now);
  const who = await account(db, change.account_kind, change.account_id);
  if (!who) throw new NotFound("email_change.gone", LINK_GONE);
  return { name: who.name, old_email: change.old_email, new_email: change.new_email, expires_at: change.expires_at };
}

/** Confirms the change once: the address becomes the new one, the old one is told. */
export async function confirmEmailChange(db: Kysely<Database>, token: string, now = new Date()): Promise<EmailChanged> {
  const change = await liveChange(db, token, now);
  const kind = change.account_kind;
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("email_changes")
        .set({ confirmed_at: now.toISOString() })
        .where("id", "=", change.id)
        .where("confirmed_at", "is", null)
        .where("canceled_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new NotFound("email_change.gone", LINK_GONE);
      const who = await account(trx, kind, change.account_id);
      if (!who) throw new NotFound("email_change.gone", LINK_GONE);
      // Only from the address the change was asked from: a change made since (by another link) is not undone.
      const changed = await trx
        .updateTable(kinds[kind].accounts)
        .set(
          kind === "agent"
            ? { email: change.new_email, search_text: agentSearchText({ name: who.name, email: change.new_email }) }
            : { email: change.new_email },
        )
        .where("id", "=", change.account_id)
        .where("email", "=", change.old_email)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new NotFound("email_change.gone", LINK_GONE);
      await expirePasswordLinks(trx, kind, change.account_id, now);
      await emailChanged(trx, { kind, id: change.account_id }, { from: change.old_email, to: change.new_email }, now);
      await audit(
        trx,
        {
          staffId: null,
          kind: "account.email_changed",
          subject: `${kind}:${change.account_id}`,
          before: { email: change.old_email },
          after: { email: change.new_email },
        },
        now,
      );
      return { kind, email: change.new_email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("email.taken", TAKEN);
    throw error;
  }
}
