/**
 * The notices of mentor sessions, each written in the transaction of what caused it (`trx`): the facts are read
 * there and kept in the outbox row, so the message tells what was true when it happened. A client's messages use the
 * client's own zone when their agent has set one (else the agent's), named; the invite puts the session in their
 * calendar in whatever zone they live.
 */
import { sql, type Kysely } from "kysely";
import { queueSessionWrite } from "../calendars/writes.js";
import { clientZone } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import type { Facts, Recipient, SessionFacts } from "../mail/messages.js";
import { enqueueReminder } from "../phone/enqueue.js";
import { firstNameAndInitial, joinUrl, sessionCore, sessionsWithPeople } from "./session-facts.js";

type Db = Kysely<Database>;

/** A session's facts and the people in it, as its notices and invites give them. */
export async function sessionOf(trx: Db, bookingId: number) {
  const row = await sessionsWithPeople(trx)
    .select([
      ...sessionCore,
      "mentor_bookings.agent_id",
      "mentor_bookings.client_id",
      "mentor_bookings.mentor_id",
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
      clientZone.as("client_or_agent_zone"),
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
        zone: row.client_or_agent_zone,
        role: "client",
        lang: row.client_language,
      }
    : null;
  // A mentor staff have given an address hears of their sessions in their own zone and language.
  const mentor: Recipient | null = row.mentor_email
    ? { email: row.mentor_email, name: row.mentor_name, zone: row.mentor_zone, role: "mentor", lang: row.mentor_language }
    : null;
  // Who each is, for a reminder by phone to one who chose it (issue 42)
  const ids = { agent: row.agent_id, client: row.client_id, mentor: row.mentor_id };
  return { session, agent, client, mentor, ids, status: row.status };
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
      const person = { kind: to.role as "agent" | "client" | "mentor", id: s.ids[to.role as "agent" | "client" | "mentor"] };
      await enqueueReminder(
        trx,
        { dedupeKey: `${kind}:${sessionKey(s)}:${to.role}`, to: to.email, facts: facts(to), person },
        now,
      );
    }
  }
}

/** Confirmed (paid): to the agent, the client and the mentor, each with the invite (one UID for all). */
export async function bookingConfirmed(trx: Db, bookingId: number, now = new Date()) {
  await queueSessionWrite(trx, bookingId, now);
  const s = await sessionOf(trx, bookingId);
  if (s) await toEach(trx, s, "booking.confirmed", (to) => ({ kind: "booking.confirmed", to, session: s.session }), now);
}

/** Cancelled after it was confirmed: the calendar cancellation to each, the refund state to the agent. */
export async function bookingCancelled(
  trx: Db,
  bookingId: number,
  refund: "refunded" | "due" | "none" | "credit_returned" | "credit_used",
  by: "agent" | "staff" | "mentor" | "mentor_change",
  now = new Date(),
) {
  await queueSessionWrite(trx, bookingId, now);
  const s = await sessionOf(trx, bookingId);
  if (s)
    await toEach(trx, s, "booking.cancelled", (to) => ({ kind: "booking.cancelled", to, session: s.session, refund, by }), now);
}

/** Moved (read after the move): the invite again to each, with the same UID and its SEQUENCE one higher. */
export async function bookingMoved(trx: Db, bookingId: number, from: { start_at: string; end_at: string }, now = new Date()) {
  await queueSessionWrite(trx, bookingId, now);
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
