/** What the back office reads: the day's overview and the contact-us inbox. */
import type { Kysely } from "kysely";
import type { ContactMessage, OfficeOverview, OutboxEntry } from "../../lib/contract.js";
import { dayStart } from "../../lib/day-start.js";
import { addDays, dayIn } from "../../lib/days.js";
import { audit } from "../audit.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { retryMessage } from "../mail/outbox.js";
import { unmarkedSessions } from "./bookings.js";
import { contactReply } from "./contact-notices.js";

const count = (n: { n: number | string }) => Number(n.n);

/** What needs a person today; today and tomorrow are days in the staff member's own zone. */
export async function officeOverview(db: Kysely<Database>, now = new Date(), zone = "UTC"): Promise<OfficeOverview> {
  const today = dayIn(zone, now);
  const at = (d: number) => dayStart(addDays(today, d), zone);
  const sessionsBetween = (from: string, to: string) =>
    db
      .selectFrom("mentor_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "confirmed")
      .where("start_at", ">=", from)
      .where("start_at", "<", to)
      .executeTakeFirstOrThrow();
  const [flagged, refunds, unread, lapsing, todays, tomorrows, mailFailed, unmarked] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "flagged")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("order_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("refund_status", "=", "due")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("handled_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mentor_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "held")
      .where("held_until", ">", now.toISOString())
      .where("held_until", "<=", new Date(now.getTime() + 3_600_000).toISOString())
      .executeTakeFirstOrThrow(),
    sessionsBetween(at(0), at(1)),
    sessionsBetween(at(1), at(2)),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mentor_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(unmarkedSessions(now))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    flagged_orders: count(flagged),
    refunds_due: count(refunds),
    unread_messages: count(unread),
    holds_lapsing: count(lapsing),
    sessions_today: count(todays),
    sessions_tomorrow: count(tomorrows),
    mail_failed: count(mailFailed),
    sessions_unmarked: count(unmarked),
  };
}

/** The contact-us inbox, newest first; `status` unread (the default), handled or all; `q` in name, email or subject. */
export async function listMessages(
  db: Kysely<Database>,
  opts: { status?: "unread" | "handled" | "all" | null; q?: string | null; id?: number; page?: number | null; perPage?: number },
) {
  const perPage = opts.perPage ?? 25;
  const page = opts.page ?? 1;
  let q = db
    .selectFrom("contact_messages")
    .leftJoin("staff", "staff.id", "contact_messages.handled_by")
    .leftJoin("agents", "agents.id", "contact_messages.agent_id");
  const status = opts.status ?? "unread";
  if (status === "unread") q = q.where("contact_messages.handled_at", "is", null);
  if (status === "handled") q = q.where("contact_messages.handled_at", "is not", null);
  if (opts.id) q = q.where("contact_messages.id", "=", opts.id);
  if (opts.q) {
    const like = containsPattern(opts.q);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["contact_messages.name"]), "like", like),
        eb(eb.fn("lower", ["contact_messages.email"]), "like", like),
        eb(eb.fn("lower", ["contact_messages.subject"]), "like", like),
      ]),
    );
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      "contact_messages.id",
      "contact_messages.name",
      "contact_messages.email",
      "contact_messages.phone",
      "contact_messages.subject",
      "contact_messages.message",
      "contact_messages.created_at",
      "contact_messages.handled_at",
      "staff.name as handled_by_name",
      "agents.id as agent_id",
      "agents.name as agent_name",
    ])
    .orderBy("contact_messages.created_at", "desc")
    .orderBy("contact_messages.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = Number(n);
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  const items: ContactMessage[] = rows.map(({ agent_id, agent_name, ...m }) => ({
    ...m,
    agent: agent_id && agent_name ? { id: agent_id, name: agent_name } : null,
    replies: replies.get(m.id) ?? [],
  }));
  return { items, page, per_page: perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

async function repliesOf(db: Kysely<Database>, messageIds: number[]) {
  const byMessage = new Map<number, ContactMessage["replies"]>();
  if (!messageIds.length) return byMessage;
  const rows = await db
    .selectFrom("contact_replies")
    .innerJoin("staff", "staff.id", "contact_replies.staff_id")
    .select([
      "contact_replies.id",
      "contact_replies.message_id",
      "contact_replies.body",
      "contact_replies.created_at",
      "staff.name as staff_name",
    ])
    .where("contact_replies.message_id", "in", messageIds)
    .orderBy("contact_replies.id")
    .execute();
  for (const { message_id, ...r } of rows) byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), r]);
  return byMessage;
}

/**
 * Answers a contact message: the reply is kept with it and e-mailed to its sender through the outbox (reply-to: the
 * staff inbox), the message marked handled, and the audit row written, in one transaction.
 */
export async function replyToMessage(db: Kysely<Database>, staffId: number, id: number, body: string, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const message = await trx.selectFrom("contact_messages").select(["id", "handled_at"]).where("id", "=", id).executeTakeFirst();
    if (!message) throw new NotFound("message.not_found", "No such message.");
    const { id: replyId } = await trx
      .insertInto("contact_replies")
      .values({ message_id: id, staff_id: staffId, body, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await contactReply(trx, replyId, now);
    await trx
      .updateTable("contact_messages")
      .set({ handled_at: now.toISOString(), handled_by: staffId })
      .where("id", "=", id)
      .where("handled_at", "is", null)
      .execute();
    await audit(trx, { staffId, kind: "message.reply", subject: `message:${id}`, after: { reply: body } }, now);
  });
  const found = await listMessages(db, { status: "all", id });
  return found.items[0]!;
}

/** Marks a message handled (once: a second marking changes nothing), with its audit row, in one transaction. */
export async function markMessageHandled(db: Kysely<Database>, staffId: number, id: number, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("contact_messages").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) throw new NotFound("message.not_found", "No such message.");
    const done = await trx
      .updateTable("contact_messages")
      .set({ handled_at: now.toISOString(), handled_by: staffId })
      .where("id", "=", id)
      .where("handled_at", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await audit(
        trx,
        { staffId, kind: "message.handled", subject: `message:${id}`, before: { handled: false }, after: { handled: true } },
        now,
      );
    }
  });
  return { handled: true as const };
}

/** The outbox, newest first: everything by default, or one status. */
export async function listOutbox(
  db: Kysely<Database>,
  opts: { status?: OutboxEntry["status"] | "all" | null; page?: number | null; perPage?: number },
) {
  const perPage = opts.perPage ?? 25;
  const page = opts.page ?? 1;
  let q = db.selectFrom("outbox");
  // Everything recent by default: the failed ones are a filter away (and counted on the overview).
  const status = opts.status ?? "all";
  if (status !== "all") q = q.where("status", "=", status);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      "id",
      "kind",
      "channel",
      "to_address",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "next_attempt_at",
      "sent_at",
      "delivery_status",
      "delivery_error",
      "delivery_at",
    ])
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = Number(n);
  return {
    items: rows.map(({ delivery_status, delivery_error, delivery_at, ...r }): OutboxEntry => ({
      ...r,
      channel: r.channel as OutboxEntry["channel"],
      status: r.status as OutboxEntry["status"],
      delivery: delivery_status ? { status: delivery_status, error: delivery_error, at: delivery_at } : null,
    })),
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** A failed e-mail sent again: due now with fresh attempts, once however many ask; audited. */
export async function retryOutbox(db: Kysely<Database>, staffId: number, id: number, now = new Date()) {
  const row = await db.selectFrom("outbox").select(["status", "kind"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("outbox.not_found", "No such e-mail.");
  await db.transaction().execute(async (trx) => {
    if (!(await retryMessage(trx, id, now))) throw new Conflict("outbox.not_failed", "Only a failed e-mail is sent again.");
    await audit(
      trx,
      { staffId, kind: "mail.retry", subject: `outbox:${id}`, before: { status: "failed" }, after: { status: "pending" } },
      now,
    );
  });
  return { retried: true as const };
}
