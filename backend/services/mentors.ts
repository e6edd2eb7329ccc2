/**
 * Mentors, their weeks, and bookings: hold (with a cart item) → pay → confirmed; an unpaid hold is
 * released after the hold time; a paid booking may be cancelled until the cut-off, and is then due a refund.
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Booking, BookingStatus, Mentor, MentorProfile, Schedule } from "../../lib/contract.js";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { changeCart } from "./cart-lock.js";
import { getClient } from "./clients.js";
import { isSlot, SLOT_MINUTES, slotsBetween, weekWindow } from "./slots.js";

const mentorColumns = [
  "mentors.id",
  "mentors.name",
  "mentors.title",
  "mentors.bio",
  "mentors.expertise",
  "mentors.languages",
  "mentors.country_code",
  "countries.name as country_name",
  "mentors.time_zone",
  "mentors.rate_minor",
  "mentors.currency",
  "mentors.photo_url",
] as const;

type MentorRow = Omit<Mentor, "expertise" | "languages"> & { expertise: string; languages: string };
const toMentor = (r: MentorRow): Mentor => ({ ...r, expertise: JSON.parse(r.expertise), languages: JSON.parse(r.languages) });

export async function listMentors(db: Kysely<Database>, filter: { expertise?: string | null; language?: string | null }) {
  const rows = await db
    .selectFrom("mentors")
    .innerJoin("countries", "countries.code", "mentors.country_code")
    .select(mentorColumns)
    .orderBy("mentors.name")
    .execute();
  // Few mentors, JSON lists: filtered here, exactly (a LIKE on JSON text would match parts of words).
  const want = (list: string[], v?: string | null) => !v || list.some((x) => x.toLowerCase() === v.toLowerCase());
  return rows.map(toMentor).filter((m) => want(m.expertise, filter.expertise) && want(m.languages, filter.language));
}

export async function getMentor(db: Kysely<Database>, id: number): Promise<MentorProfile> {
  const row = await db
    .selectFrom("mentors")
    .innerJoin("countries", "countries.code", "mentors.country_code")
    .select(mentorColumns)
    .where("mentors.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, "No such mentor.");
  const availability = await db
    .selectFrom("mentor_availability")
    .select(["weekday", "start_minute", "end_minute"])
    .where("mentor_id", "=", id)
    .orderBy("weekday")
    .orderBy("start_minute")
    .execute();
  return { ...toMentor(row), availability };
}

/** The mentor's free slots in a week seen from `timeZone`: availability, minus live bookings, minus the past. */
export async function schedule(
  db: Kysely<Database>,
  input: { mentorId: number; timeZone: string; weekStart?: string | null },
  now = new Date(),
): Promise<Schedule> {
  const mentor = await getMentor(db, input.mentorId);
  const week = weekWindow(input.timeZone, now, input.weekStart);
  if (!week.start.isValid) throw new ApiError(400, "Enter the week as YYYY-MM-DD", { week_start: ["Enter a real date"] });
  const all = slotsBetween(mentor.availability, mentor.time_zone, week.start.toJSDate(), week.end.toJSDate());
  const taken = await db
    .selectFrom("mentor_bookings")
    .select("start_at")
    .where("mentor_id", "=", mentor.id)
    .where("status", "in", ["held", "confirmed"])
    .where("start_at", ">=", week.start.toISO()!)
    .where("start_at", "<", week.end.toISO()!)
    .execute();
  const takenAt = new Set(taken.map((t) => Date.parse(t.start_at)));
  return {
    mentor_id: mentor.id,
    mentor_time_zone: mentor.time_zone,
    time_zone: input.timeZone,
    week_start: week.weekStart,
    previous_week: week.previous,
    next_week: week.next,
    slots: all.filter((s) => Date.parse(s.start) > now.getTime() && !takenAt.has(Date.parse(s.start))),
  };
}

export type BookingRules = {
  holdMinutes: number;
  cancelCutoffHours: number;
  /** Unpaid holds one agent may have with one mentor, and in all */
  maxHoldsPerMentor: number;
  maxHolds: number;
  /** How far ahead a session can be booked */
  maxDaysAhead: number;
};

export const defaultBookingRules: BookingRules = {
  holdMinutes: 30,
  cancelCutoffHours: 24,
  maxHoldsPerMentor: 3,
  maxHolds: 10,
  maxDaysAhead: 90,
};

const fieldError = (field: string, message: string) => new ApiError(400, "Please correct the highlighted fields.", { [field]: [message] });

/**
 * Holds a slot for a client of the agent and puts it in the cart, in one transaction under the cart lock.
 * The database forbids two live bookings of one slot; the lock makes the hold limits exact.
 */
export async function book(
  db: Kysely<Database>,
  agentId: number,
  input: { mentor_id: number; client_id: number; start: string; topic: string },
  rules: BookingRules,
  now = new Date(),
): Promise<Booking> {
  const client = await getClient(db, agentId, input.client_id).catch(() => {
    throw new ApiError(404, "No such client.");
  });
  if (client.archived_at) throw new ApiError(409, "This client is archived: nothing more can be booked for them.");
  const mentor = await getMentor(db, input.mentor_id);
  const start = new Date(input.start);
  if (!isSlot(mentor.availability, mentor.time_zone, start.toISOString())) {
    throw fieldError("start", "Choose a time from the mentor's week");
  }
  if (start.getTime() <= now.getTime()) throw fieldError("start", "That time has passed");
  if (start.getTime() > now.getTime() + rules.maxDaysAhead * 86_400_000) {
    throw fieldError("start", `Sessions can be booked up to ${rules.maxDaysAhead} days ahead`);
  }
  await releaseExpiredHolds(db, now);
  const startAt = start.toISOString();
  const endAt = new Date(start.getTime() + SLOT_MINUTES * 60_000).toISOString();
  const stamp = now.toISOString();
  try {
    const id = await changeCart(db, agentId, async (trx) => {
      const holds = await trx
        .selectFrom("mentor_bookings")
        .select(["mentor_id"])
        .where("agent_id", "=", agentId)
        .where("status", "=", "held")
        .execute();
      if (holds.filter((h) => h.mentor_id === mentor.id).length >= rules.maxHoldsPerMentor) {
        throw new ApiError(
          409,
          `You already hold ${rules.maxHoldsPerMentor} unpaid sessions with ${mentor.name}. Pay for them, or remove one from the cart, to book another.`,
        );
      }
      if (holds.length >= rules.maxHolds) {
        throw new ApiError(409, `You already hold ${rules.maxHolds} unpaid sessions. Pay for them, or remove some from the cart, to book more.`);
      }
      const { id } = await trx
        .insertInto("mentor_bookings")
        .values({
          agent_id: agentId,
          client_id: client.id,
          mentor_id: mentor.id,
          start_at: startAt,
          end_at: endAt,
          topic: input.topic,
          status: "held",
          held_until: new Date(now.getTime() + rules.holdMinutes * 60_000).toISOString(),
          price_minor: mentor.rate_minor,
          currency: mentor.currency,
          order_id: null,
          refund_status: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("cart_items")
        .values({
          agent_id: agentId,
          client_id: client.id,
          item_type: "mentor_booking",
          item_id: id,
          description: `Mentor session: ${mentor.name}, ${startAt.slice(0, 16).replace("T", " ")} UTC (${input.topic})`,
          price_minor: mentor.rate_minor,
          currency: mentor.currency,
          created_at: stamp,
        })
        .execute();
      return id;
    });
    return getBooking(db, agentId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(409, "That slot has just been booked by someone else. Please choose another time.");
    }
    if (isForeignKeyViolation(error)) throw new ApiError(409, "This client has just been removed. Reload the page.");
    throw error;
  }
}

const bookingColumns = [
  "mentor_bookings.id",
  "mentor_bookings.mentor_id",
  "mentors.name as mentor_name",
  "mentors.time_zone as mentor_time_zone",
  "mentor_bookings.client_id",
  "clients.first_name",
  "clients.last_name",
  "mentor_bookings.start_at",
  "mentor_bookings.end_at",
  "mentor_bookings.topic",
  "mentor_bookings.status",
  "mentor_bookings.held_until",
  "mentor_bookings.price_minor",
  "mentor_bookings.currency",
  "mentor_bookings.order_id",
  "mentor_bookings.refund_status",
] as const;

function bookingsQuery(db: Kysely<Database>, agentId: number) {
  return db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .select(bookingColumns)
    .where("mentor_bookings.agent_id", "=", agentId);
}

function toBooking({ first_name, last_name, status, refund_status, ...r }: any): Booking {
  return {
    ...r,
    client_name: `${first_name} ${last_name}`,
    status: status as BookingStatus,
    refund_status: refund_status as Booking["refund_status"],
  };
}

export async function getBooking(db: Kysely<Database>, agentId: number, id: number): Promise<Booking> {
  const row = await bookingsQuery(db, agentId).where("mentor_bookings.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, "No such booking.");
  return toBooking(row);
}

export async function listBookings(db: Kysely<Database>, agentId: number): Promise<Booking[]> {
  await releaseExpiredHolds(db);
  const rows = await bookingsQuery(db, agentId).orderBy("mentor_bookings.start_at").orderBy("mentor_bookings.id").execute();
  return rows.map(toBooking);
}

/** Holds not in an open checkout. A hold in one stays until the checkout ends (it may still be paid). */
function notInOpenCheckout(eb: ExpressionBuilder<Database, "mentor_bookings">) {
  return eb.or([
    eb("mentor_bookings.order_id", "is", null),
    eb("mentor_bookings.order_id", "not in", eb.selectFrom("orders").select("orders.id").where("orders.status", "=", "pending")),
  ]);
}

/** Holds past their time are released and leave the cart, unless a checkout that may still be paid has them. */
export async function releaseExpiredHolds(db: Kysely<Database>, now = new Date()): Promise<number> {
  const expired = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("status", "=", "held")
    .where("held_until", "<=", now.toISOString())
    .where(notInOpenCheckout)
    .execute();
  if (!expired.length) return 0;
  return (await releaseBookings(db, expired.map((b) => b.id))).length;
}

/** Releases these holds (a guarded update: never one in an open checkout) and takes them out of the cart. */
export async function releaseBookings(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const released = await db
    .updateTable("mentor_bookings")
    .set({ status: "released", updated_at: new Date().toISOString() })
    .where("id", "in", ids)
    .where("status", "=", "held")
    .where(notInOpenCheckout)
    .returning("id")
    .execute();
  const done = released.map((r) => r.id);
  if (done.length) {
    await db.deleteFrom("cart_items").where("item_type", "=", "mentor_booking").where("item_id", "in", done).execute();
  }
  return done;
}

/**
 * A paid order confirms one of its bookings. A hold released meanwhile is taken back if its slot is still
 * free. Returns why the session cannot be delivered (it is then cancelled, refund due), or null.
 */
export async function confirmBooking(trx: Kysely<Database>, orderId: number, id: number): Promise<string | null> {
  const now = new Date().toISOString();
  const b = await trx.selectFrom("mentor_bookings").select(["id", "status", "order_id"]).where("id", "=", id).executeTakeFirst();
  if (!b) return "The mentor session no longer exists.";
  if (b.status === "confirmed") return b.order_id === orderId ? null : "The mentor session was already paid by another order.";
  if (b.status === "canceled") {
    await trx.updateTable("mentor_bookings").set({ order_id: orderId, refund_status: "due", updated_at: now }).where("id", "=", id).execute();
    return "The mentor session was cancelled before the payment arrived.";
  }
  // Held, or released: confirming it puts it back in the slot's unique index, which a rival may hold now.
  await sql`savepoint confirm_booking`.execute(trx);
  try {
    const result = await trx
      .updateTable("mentor_bookings")
      .set({ status: "confirmed", order_id: orderId, held_until: null, updated_at: now })
      .where("id", "=", id)
      .where("status", "in", ["held", "released"])
      .executeTakeFirst();
    await sql`release savepoint confirm_booking`.execute(trx);
    if (Number(result.numUpdatedRows) === 1) return null;
  } catch (error) {
    await sql`rollback to savepoint confirm_booking`.execute(trx);
    if (!isUniqueViolation(error)) throw error;
  }
  await trx
    .updateTable("mentor_bookings")
    .set({ status: "canceled", order_id: orderId, refund_status: "due", updated_at: now })
    .where("id", "=", id)
    .where("status", "in", ["held", "released"])
    .execute();
  return "The mentor's slot was taken by another booking before the payment arrived.";
}

/**
 * Cancels an upcoming booking. A hold (unpaid) may go any time, as a change to the cart (refused while a
 * checkout is open); a paid one only up to the cut-off, and its item on the order is then due a refund,
 * in the same transaction; `settle` refunds it where a payment provider is configured.
 */
export async function cancelBooking(
  db: Kysely<Database>,
  agentId: number,
  id: number,
  cutoffHours: number,
  settle: (orderId: number) => Promise<unknown>,
  now = new Date(),
): Promise<Booking> {
  const booking = await getBooking(db, agentId, id);
  if (booking.status === "canceled" || booking.status === "released") {
    throw new ApiError(409, "This booking is already cancelled.");
  }
  if (Date.parse(booking.start_at) <= now.getTime()) throw new ApiError(409, "This session has already started or taken place.");
  const stamp = now.toISOString();
  if (booking.status === "held") {
    await changeCart(db, agentId, async (trx) => {
      await trx.updateTable("mentor_bookings").set({ status: "canceled", updated_at: stamp }).where("id", "=", id).where("status", "=", "held").execute();
      await trx.deleteFrom("cart_items").where("item_type", "=", "mentor_booking").where("item_id", "=", id).execute();
    });
    return getBooking(db, agentId, id);
  }
  const hoursLeft = (Date.parse(booking.start_at) - now.getTime()) / 3_600_000;
  if (hoursLeft < cutoffHours) {
    throw new ApiError(
      409,
      `Paid sessions can be cancelled up to ${cutoffHours} hours before they start; this one starts in ${Math.max(1, Math.floor(hoursLeft))} hour${Math.floor(hoursLeft) === 1 ? "" : "s"}.`,
    );
  }
  const cancelled = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("mentor_bookings")
      .set({ status: "canceled", refund_status: "due", updated_at: stamp })
      .where("id", "=", id)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1 || !booking.order_id) return false;
    await trx
      .updateTable("order_items")
      .set({ refund_status: "due", refund_reason: "The mentor session was cancelled." })
      .where("order_id", "=", booking.order_id)
      .where("item_type", "=", "mentor_booking")
      .where("item_id", "=", id)
      .where("refund_status", "is", null)
      .execute();
    return true;
  });
  if (cancelled) await settle(booking.order_id!);
  return getBooking(db, agentId, id);
}

export async function openBookingsCount(db: Kysely<Database>, agentId: number, now = new Date()) {
  const r = await db
    .selectFrom("mentor_bookings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("agent_id", "=", agentId)
    .where("status", "in", ["held", "confirmed"])
    .where("end_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
