/**
 * The notices the portal sends, each written in the transaction of what caused it (`trx`): the facts are read
 * there and kept in the outbox row, so the message tells what was true when it happened. A client's messages use the
 * client's own zone when their agent has set one (else the agent's), named; the invite puts the session in their
 * calendar in whatever zone they live.
 */
import { sql, type Kysely } from "kysely";
import { kinds, type SignInKind } from "../accounts/kinds.js";
import { hashToken } from "../accounts/tokens.js";
import type { Database } from "../db/schema.js";
import { firstNameAndInitial, joinUrl, sessionCore, sessionsWithPeople } from "../services/session-facts.js";
import type { Facts, Line, Recipient, SessionFacts } from "./messages.js";
import { enqueue } from "./outbox.js";

type Db = Kysely<Database>;

/** A session's facts and the people in it, as its notices and invites give them. */
export async function sessionOf(trx: Db, bookingId: number) {
  const row = await sessionsWithPeople(trx)
    .select([
      ...sessionCore,
      "mentors.name as mentor_name",
      "mentors.time_zone as mentor_zone",
      "mentors.email as mentor_email",
      "mentors.language as mentor_language",
      joinUrl.as("join_url"),
      "clients.first_name",
      "clients.last_name",
      "clients.email as client_email",
      "clients.time_zone as client_zone",
      "clients.language as client_language",
      "agents.name as agent_name",
      "agents.email as agent_email",
      "agents.time_zone as agent_zone",
    ])
    .where("mentor_bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!row) return null;
  const client_name = `${row.first_name} ${row.last_name}`;
  const session: SessionFacts = {
    booking_id: row.id,
    mentor_name: row.mentor_name,
    mentor_zone: row.mentor_zone,
    client_name,
    client_zone: row.client_zone,
    client_short: firstNameAndInitial(row.first_name, row.last_name),
    agent_name: row.agent_name,
    agent_email: row.agent_email,
    topic: row.topic,
    start_at: new Date(row.start_at).toISOString(),
    end_at: new Date(row.end_at).toISOString(),
    join_url: row.join_url,
    sequence: row.sequence,
  };
  const agent: Recipient = { email: row.agent_email, name: row.agent_name, zone: row.agent_zone, role: "agent" };
  const client: Recipient | null = row.client_email
    ? {
        email: row.client_email,
        name: client_name,
        zone: row.client_zone ?? row.agent_zone,
        role: "client",
        lang: row.client_language,
      }
    : null;
  // A mentor staff have given an address hears of their sessions in their own zone and language.
  const mentor: Recipient | null = row.mentor_email
    ? { email: row.mentor_email, name: row.mentor_name, zone: row.mentor_zone, role: "mentor", lang: row.mentor_language }
    : null;
  return { session, agent, client, mentor, status: row.status };
}

type Session = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

/**
 * A session's key in the outbox: its id, and its move count once it has moved (a moved session is told again;
 * the keys of sessions that never moved are those written before sessions could).
 */
const sessionKey = (s: Session) =>
  s.session.sequence ? `${s.session.booking_id}.${s.session.sequence}` : `${s.session.booking_id}`;

/**
 * One message about a session to each person in it: its agent, its client and its mentor (each when they have an
 * address, and among `roles` when given), one outbox row each.
 */
async function toEach(
  trx: Db,
  s: Session,
  kind: string,
  facts: (to: Recipient) => Facts,
  now: Date,
  roles: ReadonlyArray<Recipient["role"]> = ["agent", "client", "mentor"],
) {
  for (const to of [s.agent, s.client, s.mentor]) {
    if (to && roles.includes(to.role)) {
      await enqueue(trx, { dedupeKey: `${kind}:${sessionKey(s)}:${to.role}`, to: to.email, facts: facts(to) }, now);
    }
  }
}

/** Confirmed (paid): to the agent, the client and the mentor, each with the invite (one UID for all). */
export async function bookingConfirmed(trx: Db, bookingId: number, now = new Date()) {
  const s = await sessionOf(trx, bookingId);
  if (s) await toEach(trx, s, "booking.confirmed", (to) => ({ kind: "booking.confirmed", to, session: s.session }), now);
}

/** Cancelled after it was confirmed: the calendar cancellation to each, the refund state to the agent. */
export async function bookingCancelled(
  trx: Db,
  bookingId: number,
  refund: "refunded" | "due" | "none",
  by: "agent" | "staff" | "mentor" | "mentor_change",
  now = new Date(),
) {
  const s = await sessionOf(trx, bookingId);
  if (s)
    await toEach(trx, s, "booking.cancelled", (to) => ({ kind: "booking.cancelled", to, session: s.session, refund, by }), now);
}

/** Moved (read after the move): the invite again to each, with the same UID and its SEQUENCE one higher. */
export async function bookingMoved(trx: Db, bookingId: number, from: { start_at: string; end_at: string }, now = new Date()) {
  const s = await sessionOf(trx, bookingId);
  if (s) await toEach(trx, s, "booking.moved", (to) => ({ kind: "booking.moved", to, session: s.session, from }), now);
}

/** The mentor asks for a new time: the agent is told why, until when a new time can be chosen, and where. */
export async function moveRequested(trx: Db, bookingId: number, reason: string, until: string, now = new Date()) {
  const s = await sessionOf(trx, bookingId);
  if (s) {
    await toEach(
      trx,
      s,
      "booking.move_requested",
      (to) => ({ kind: "booking.move_requested", to, session: s.session, reason, until }),
      now,
      ["agent"],
    );
  }
}

/**
 * The reminders due (issue 23, point 9): the agent and the client hear of a confirmed session a day before its
 * refund's cut-off (48 hours before it with the usual 24-hour cut-off), while it can still be moved or cancelled
 * with a refund; the mentor a day before it. A session booked (or moved) later than that was told in its own
 * notice. Two workers doing this at once write each reminder once (the outbox's unique key, which names the move).
 */
export async function queueReminders(db: Db, cancelCutoffHours: number, now = new Date()) {
  let queued = 0;
  for (const { hours, roles } of [
    { hours: cancelCutoffHours + 24, roles: ["agent", "client"] as const },
    { hours: 24, roles: ["mentor"] as const },
  ]) {
    const key = sql<string>`'booking.reminder:' || mentor_bookings.id || case when mentor_bookings.sequence > 0 then '.' || mentor_bookings.sequence else '' end || ':' || ${roles[0]}`;
    const soon = await db
      .selectFrom("mentor_bookings")
      .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
      .select(["mentor_bookings.id", "mentor_bookings.start_at", "mentor_bookings.updated_at"])
      .where("mentor_bookings.status", "=", "confirmed")
      .where("mentor_bookings.start_at", ">", now.toISOString())
      .where("mentor_bookings.start_at", "<=", new Date(now.getTime() + hours * 3_600_000).toISOString())
      // The mentor's reminder goes to a mentor with an address
      .$if(roles[0] === "mentor", (q) => q.where("mentors.email", "is not", null))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("outbox").select("outbox.id").where("outbox.dedupe_key", "=", key))),
      )
      .limit(500)
      .execute();
    for (const b of soon) {
      // Paid or moved less than this ahead: the confirmation (or the move's notice) was the reminder.
      if (Date.parse(b.start_at) - Date.parse(b.updated_at) < hours * 3_600_000) continue;
      await db.transaction().execute(async (trx) => {
        const s = await sessionOf(trx, b.id);
        if (s?.status === "confirmed") {
          await toEach(trx, s, "booking.reminder", (to) => ({ kind: "booking.reminder", to, session: s.session }), now, roles);
        }
      });
      queued++;
    }
  }
  return queued;
}

async function agentRecipient(trx: Db, agentId: number): Promise<Recipient | null> {
  const a = await trx.selectFrom("agents").select(["email", "name", "time_zone"]).where("id", "=", agentId).executeTakeFirst();
  return a ? { email: a.email, name: a.name, zone: a.time_zone, role: "agent" } : null;
}

/** Paid: the receipt to the agent, each session's confirmation, and a notice for any line that could not be delivered. */
export async function orderPaid(trx: Db, orderId: number, now = new Date()) {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order || order.status !== "paid") return;
  const to = await agentRecipient(trx, order.agent_id);
  const items = await trx.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("position").execute();
  if (to) {
    await enqueue(
      trx,
      {
        dedupeKey: `order.receipt:${orderId}`,
        to: to.email,
        facts: {
          kind: "order.receipt",
          to,
          order: {
            id: order.id,
            paid_at: new Date(order.paid_at ?? now).toISOString(),
            amount_minor: order.amount_minor,
            currency: order.currency,
            mode: order.mode,
            lines: await linesOf(trx, items),
          },
        },
      },
      now,
    );
  }
  for (const item of items) {
    if (item.item_type === "mentor_booking" && item.refund_status === null) await bookingConfirmed(trx, item.item_id, now);
  }
  const due = items.filter((i) => i.refund_status === "due").map((i) => i.id);
  if (due.length) await refundNotice(trx, orderId, due, "due", now);
}

/** An order's lines as e-mails list them; a session's with its mentor, start and topic (one query for all). */
async function linesOf(
  trx: Db,
  items: Array<{
    item_type: string;
    item_id: number;
    description: string;
    client_name: string;
    price_minor: number;
    currency: string;
    refund_reason: string | null;
  }>,
): Promise<Line[]> {
  const ids = items.filter((i) => i.item_type === "mentor_booking").map((i) => i.item_id);
  const sessions = ids.length
    ? await trx
        .selectFrom("mentor_bookings")
        .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
        .select(["mentor_bookings.id", "mentors.name as mentor_name", "mentor_bookings.start_at", "mentor_bookings.topic"])
        .where("mentor_bookings.id", "in", ids)
        .execute()
    : [];
  return items.map((i) => {
    const s = i.item_type === "mentor_booking" ? sessions.find((x) => x.id === i.item_id) : undefined;
    return {
      description: i.description,
      client_name: i.client_name,
      price_minor: i.price_minor,
      currency: i.currency,
      reason: i.refund_reason,
      session: s ? { mentor_name: s.mentor_name, start_at: new Date(s.start_at).toISOString(), topic: s.topic } : null,
    };
  });
}

/** Refund done (money moved, or marked refunded in the demo mode) or due, for some lines of an order: to the agent. */
export async function refundNotice(trx: Db, orderId: number, itemIds: number[], state: "done" | "due", now = new Date()) {
  if (!itemIds.length) return;
  const order = await trx.selectFrom("orders").select(["agent_id", "mode"]).where("id", "=", orderId).executeTakeFirst();
  const to = order ? await agentRecipient(trx, order.agent_id) : null;
  if (!to) return;
  const items = await trx.selectFrom("order_items").selectAll().where("id", "in", itemIds).orderBy("position").execute();
  await enqueue(
    trx,
    {
      dedupeKey: `refund.${state}:${orderId}:${[...itemIds].sort((a, b) => a - b).join(",")}`,
      to: to.email,
      facts: {
        kind: "refund.notice",
        to,
        order_id: orderId,
        state,
        item_ids: itemIds,
        lines: await linesOf(trx, items),
        demo: order?.mode === "demo",
      },
    },
    now,
  );
}

/** A contact-us message: to the staff inbox, with reply-to set to the sender. */
/** Staff's reply to a contact message, to its sender (reply-to: the staff inbox, set when it is sent). */
export async function contactReply(trx: Db, replyId: number, now = new Date()) {
  const r = await trx
    .selectFrom("contact_replies")
    .innerJoin("contact_messages as m", "m.id", "contact_replies.message_id")
    .innerJoin("staff", "staff.id", "contact_replies.staff_id")
    .leftJoin("agents", "agents.id", "m.agent_id")
    .select([
      "contact_replies.body",
      "staff.name as staff_name",
      "m.name",
      "m.email",
      "m.subject",
      "m.message",
      "m.created_at",
      "agents.time_zone as agent_zone",
    ])
    .where("contact_replies.id", "=", replyId)
    .executeTakeFirst();
  if (!r) return;
  const to: Recipient = { email: r.email, name: r.name, zone: r.agent_zone ?? "UTC", role: r.agent_zone ? "agent" : "client" };
  await enqueue(
    trx,
    {
      dedupeKey: `contact.reply:${replyId}`,
      to: r.email,
      facts: {
        kind: "contact.reply",
        to,
        message: { subject: r.subject, message: r.message, at: new Date(r.created_at).toISOString() },
        reply: r.body,
        staff_name: r.staff_name,
      },
    },
    now,
  );
}

export async function contactReceived(trx: Db, messageId: number, now = new Date()) {
  const m = await trx.selectFrom("contact_messages").selectAll().where("id", "=", messageId).executeTakeFirst();
  if (!m) return;
  await enqueue(
    trx,
    {
      dedupeKey: `contact.received:${messageId}`,
      to: null,
      replyTo: m.email,
      facts: {
        kind: "contact.received",
        message: {
          id: m.id,
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          at: new Date(m.created_at).toISOString(),
        },
      },
    },
    now,
  );
}

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

// ---- the client's own area (issue 24) -----------------------------------------

/** A client as their messages address them: their own zone when the agent set one (else the agent's), named. */
async function clientPeople(trx: Db, clientId: number) {
  const row = await trx
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select([
      "clients.first_name",
      "clients.last_name",
      "clients.email",
      "clients.time_zone",
      "clients.language",
      "agents.name as agent_name",
      "agents.email as agent_email",
      "agents.time_zone as agent_zone",
    ])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!row?.email) return null;
  const to: Recipient = {
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
    zone: row.time_zone ?? row.agent_zone,
    role: "client",
    lang: row.language,
  };
  return { to, agent: { name: row.agent_name, email: row.agent_email } };
}

export type ClientLink = { url: string; token: string; expiresAt: string };

/** The agent asks for documents (or the sweep reminds of them): the list, the agent's word, and a link in. */
export async function documentsRequested(
  trx: Db,
  r: { clientId: number; requestId: number; items: string[]; message: string | null; times: number; reminder: boolean },
  link: ClientLink,
  now = new Date(),
) {
  const people = await clientPeople(trx, r.clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.documents_requested:${r.requestId}:${r.reminder ? "reminder" : r.times}`,
      to: people.to.email,
      replyTo: people.agent.email,
      facts: {
        kind: "client.documents_requested",
        to: people.to,
        agent: people.agent,
        items: r.items,
        message: r.message,
        reminder: r.reminder,
        link: link.url,
        expires_at: link.expiresAt,
      },
    },
    now,
  );
}

/** The agent turned a file the client sent down: why, and a link to send another. */
export async function documentRejected(
  trx: Db,
  r: { clientId: number; documentId: number; title: string; reason: string },
  link: ClientLink,
  now = new Date(),
) {
  const people = await clientPeople(trx, r.clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.document_rejected:${r.documentId}:${now.toISOString()}`,
      to: people.to.email,
      replyTo: people.agent.email,
      facts: {
        kind: "client.document_rejected",
        to: people.to,
        agent: people.agent,
        title: r.title,
        reason: r.reason,
        link: link.url,
        expires_at: link.expiresAt,
      },
    },
    now,
  );
}

/** A fresh link asked for at /my/sign-in. */
export async function clientSignInLink(trx: Db, clientId: number, link: ClientLink, now = new Date()) {
  const people = await clientPeople(trx, clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.sign_in_link:${hashToken(link.token).slice(0, 32)}`,
      to: people.to.email,
      facts: { kind: "client.sign_in_link", to: people.to, agent: people.agent, link: link.url, expires_at: link.expiresAt },
    },
    now,
  );
}
