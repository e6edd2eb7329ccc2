/** The notices of accounts: password links and changes, e-mail changes, and clients handed over between agents. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Facts, Recipient } from "../mail/messages.js";
import { enqueue } from "../mail/outbox.js";
import { kinds, type SignInKind } from "./kinds.js";
import { hashToken } from "./tokens.js";

type Db = Kysely<Database>;

async function accountRecipient(trx: Db, kind: SignInKind, id: number): Promise<Recipient | null> {
  const a = await trx
    .selectFrom(kinds[kind].accounts)
    .select(["email", "name", "time_zone"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!a?.email) return null;
  // A mentor is written to in their own language; agents and staff in English, the office's (issue 26).
  const lang =
    kind === "mentor"
      ? (await trx.selectFrom("mentors").select("language").where("id", "=", id).executeTakeFirst())?.language
      : undefined;
  return { email: a.email, name: a.name, zone: a.time_zone, role: kind, ...(lang ? { lang } : {}) };
}

/**
 * One e-mail about an account, to its person: at the account's address, or at `address` (a new address being
 * confirmed, the old one being told). Nothing is sent to an account that has no address.
 */
async function accountNotice(
  trx: Db,
  account: { kind: SignInKind; id: number },
  now: Date,
  notice: { dedupeKey: string; address?: string; facts: (to: Recipient, who: Recipient) => Facts },
) {
  const who = await accountRecipient(trx, account.kind, account.id);
  if (!who) return;
  const to = notice.address ? { ...who, email: notice.address } : who;
  await enqueue(trx, { dedupeKey: notice.dedupeKey, to: to.email, facts: notice.facts(to, who) }, now);
}

/** A set-password link (made by staff or the office:user command) or a reset link, to the account's address. */
export async function passwordLink(
  trx: Db,
  account: { kind: SignInKind; id: number },
  link: { url: string; token: string; expiresAt: string; purpose: "set" | "reset" },
  now = new Date(),
) {
  await accountNotice(trx, account, now, {
    dedupeKey: `account.password_link:${hashToken(link.token).slice(0, 32)}`,
    facts: (to) => ({ kind: "account.password_link", to, purpose: link.purpose, link: link.url, expires_at: link.expiresAt }),
  });
}

export async function passwordChanged(
  trx: Db,
  account: { kind: SignInKind; id: number },
  how: "reset" | "account" | "link",
  now = new Date(),
) {
  await accountNotice(trx, account, now, {
    dedupeKey: `account.password_changed:${account.kind}:${account.id}:${now.toISOString()}`,
    facts: (to) => ({ kind: "account.password_changed", to, at: now.toISOString(), how }),
  });
}

/** A change to the account's second factor (issue 67), told at its address: added, removed, recovery codes used or made. */
export async function securityChanged(
  trx: Db,
  account: { kind: SignInKind; id: number },
  event: "factor_added" | "factor_removed" | "recovery_used" | "recovery_renewed" | "factors_reset" | "new_browser",
  name: string | null,
  now = new Date(),
) {
  await accountNotice(trx, account, now, {
    dedupeKey: `account.security:${event}:${account.kind}:${account.id}:${now.toISOString()}`,
    facts: (to) => ({ kind: "account.security", to, event, ...(name ? { name } : {}), at: now.toISOString() }),
  });
}

/** A link that confirms an account's new address, to the new address (the account is not changed yet). */
export async function emailChangeLink(
  trx: Db,
  account: { kind: SignInKind; id: number },
  link: { url: string; token: string; expiresAt: string; email: string },
  now = new Date(),
) {
  await accountNotice(trx, account, now, {
    dedupeKey: `account.email_change:${hashToken(link.token).slice(0, 32)}`,
    address: link.email,
    facts: (to, who) => ({
      kind: "account.email_change",
      to,
      old_email: who.email,
      link: link.url,
      expires_at: link.expiresAt,
    }),
  });
}

/** Told to the address an account had: it changed (if it was not its person's wish, they say so). */
export async function emailChanged(
  trx: Db,
  account: { kind: SignInKind; id: number },
  change: { from: string; to: string },
  now = new Date(),
) {
  await accountNotice(trx, account, now, {
    dedupeKey: `account.email_changed:${account.kind}:${account.id}:${now.toISOString()}`,
    address: change.from,
    facts: (to) => ({ kind: "account.email_changed", to, new_email: change.to, at: now.toISOString() }),
  });
}

/** Both agents of a hand-over are told: the giver whom they no longer look after, the taker whom they now do. */
export async function clientsHandedOver(trx: Db, move: { fromId: number; toId: number; clients: string[] }, now = new Date()) {
  const from = await accountRecipient(trx, "agent", move.fromId);
  const to = await accountRecipient(trx, "agent", move.toId);
  if (!from || !to) return;
  for (const [who, role, other] of [
    [from, "from", to],
    [to, "to", from],
  ] as const) {
    await enqueue(
      trx,
      {
        dedupeKey: `agent.clients_handed_over:${role}:${move.fromId}:${move.toId}:${now.toISOString()}`,
        to: who.email,
        facts: {
          kind: "agent.clients_handed_over",
          to: who,
          role,
          other: { name: other.name, email: other.email },
          clients: move.clients,
        },
      },
      now,
    );
  }
}
