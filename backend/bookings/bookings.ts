/**
 * The booking lifecycle: hold (with a cart item) → pay → confirmed; an unpaid hold is released after the hold
 * time; a paid booking may be cancelled until the cut-off, and its line on the order is then refunded. Here the
 * rules and the hold; what reads bookings is queries.ts, what confirms and cancels them changes.ts.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Booking, MentorProfile, CodeParams, RefusalCode } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { BookingRules } from "../../lib/rules.js";
import { utcStamp } from "../../lib/utc-stamp.js";
import { overlapsBusy } from "../calendars/busy-ics.js";
import { busyBetween } from "../calendars/sync.js";
import { clientEvent } from "../clients/case-file.js";
import { getClient } from "../clients/clients.js";
import { ownClient } from "../clients/ownership.js";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid } from "../errors.js";
import { changeCart } from "../holds/cart-lock.js";
import { releaseExpiredHolds } from "../holds/holds.js";
import { lockMentor } from "./mentor-lock.js";
import { getMentor } from "./mentors.js";
import { getBooking } from "./queries.js";
import { isSlot, isTimeOff, SLOT_MINUTES } from "./slots.js";

export * from "./changes.js";
export * from "./queries.js";

export const defaultBookingRules: BookingRules = {
  holdMinutes: 30,
  cancelCutoffHours: 24,
  maxHoldsPerMentor: 3,
  maxHolds: 10,
  maxDaysAhead: 90,
  minNoticeHours: 12,
  meetingUrlTemplate: "https://meet.jit.si/{room}",
};

/** A room of the session's own on the video service: 128 random bits, so nobody finds it by guessing. */
export function sessionRoomUrl(template: string): string {
  return template.replace("{room}", `Waypoint-${randomBytes(16).toString("hex")}`);
}

/** A session's time refused beside the field that chose it. */
export const slotError = (field: string, code: RefusalCode, message: string, params?: CodeParams) =>
  new Invalid("validation.failed", FIX_FIELDS, { [field]: [fieldError(code, message, params)] });

/**
 * Whether a session with this mentor may start at `start`, by the rules an agent books by (the mentor's week, days
 * off, the minimum notice, the horizon): a field error on `start` when not. Whether it is free is the database's
 * answer, when it is taken.
 */
export function checkBookable(mentor: MentorProfile, start: Date, rules: BookingRules, now: Date) {
  if (!isSlot(mentor.availability, mentor.time_zone, start.toISOString())) {
    throw slotError("start", "booking.not_a_slot", "Choose a time from the mentor's week");
  }
  if (isTimeOff(mentor.time_off, mentor.time_zone, start.toISOString())) {
    throw slotError("start", "booking.away", `${mentor.name} is away that day: choose another`, { mentor: mentor.name });
  }
  if (start.getTime() <= now.getTime()) throw slotError("start", "booking.past", "That time has passed");
  if (start.getTime() < now.getTime() + rules.minNoticeHours * 3_600_000) {
    throw slotError(
      "start",
      "booking.too_soon",
      `Sessions are booked at least ${rules.minNoticeHours} hours ahead: choose a later time`,
      {
        hours: rules.minNoticeHours,
      },
    );
  }
  if (start.getTime() > now.getTime() + rules.maxDaysAhead * 86_400_000) {
    throw slotError("start", "booking.too_far", `Sessions can be booked up to ${rules.maxDaysAhead} days ahead`, {
      days: rules.maxDaysAhead,
    });
  }
}

/**
 * The agent's client a session is booked for: not found is the query's answer (getClient's NotFound; a database that
 * does not answer is an outage, 503), and an archived client has nothing more booked.
 */
export async function bookableClient(db: Kysely<Database>, agentId: number, clientId: number) {
  const client = await getClient(db, agentId, clientId);
  if (client.archived_at)
    throw new Conflict("client.archived_booking", "This client is archived: nothing more can be booked for them.");
  return client;
}

/**
 * The mentor a session is booked with, checked in the booking's own transaction, in this order: the client still
 * the agent's (a hand-over may have landed since it was read), the mentor's week read under its lock (a change of
 * hours saved at this moment is seen whole, and sees this booking once it is made: week-change.ts), and the time
 * one the rules let an agent book. A hold and a booking paid with a credit both start here.
 */
export async function mentorToBook(
  trx: Kysely<Database>,
  agentId: number,
  input: { client_id: number; mentor_id: number },
  start: Date,
  rules: BookingRules,
  now: Date,
): Promise<MentorProfile> {
  await ownClient(trx, agentId, input.client_id, "change");
  await lockMentor(trx, input.mentor_id, "share");
  const mentor = await getMentor(trx, input.mentor_id);
  checkBookable(mentor, start, rules, now);
  await checkNotBusy(trx, mentor, start, now);
  return mentor;
}

/**
 * Whether the mentor's own calendars (issue 69) show them busy at this time: a slot shown free that became busy
 * since is refused here, beside the time chosen, by the busy times kept (read again just before: sync.ts).
 */
export async function checkNotBusy(trx: Kysely<Database>, mentor: MentorProfile, start: Date, now: Date) {
  const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
  const busy = (await busyBetween(trx, [mentor.id], start, end, now)).get(mentor.id) ?? [];
  if (overlapsBusy(busy, start.getTime(), end.getTime())) {
    throw slotError(
      "start",
      "booking.calendar_busy",
      `${mentor.name} is busy at that time in their own calendar: choose another`,
      {
        mentor: mentor.name,
      },
    );
  }
}

/**
 * A new session of the mentor's with the agent's client: held for the cart, or confirmed on a pack's credit. It gets
 * its own room, kept with the session (it moves with it), so links already sent stay good if the template changes.
 * The database refuses a second live session in one slot (mentor_bookings_live_slot_uq).
 */
export async function insertSession(
  trx: Kysely<Database>,
  s: {
    agentId: number;
    clientId: number;
    mentor: { id: number; currency: string };
    start: string;
    end: string;
    topic: string;
    status: "held" | "confirmed";
    heldUntil: string | null;
    /** What the mentor's statement counts for it */
    priceMinor: number;
    creditId: number | null;
    rules: Pick<BookingRules, "meetingUrlTemplate">;
    stamp: string;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto("mentor_bookings")
    .values({
      agent_id: s.agentId,
      client_id: s.clientId,
      mentor_id: s.mentor.id,
      start_at: s.start,
      end_at: s.end,
      topic: s.topic,
      status: s.status,
      held_until: s.heldUntil,
      price_minor: s.priceMinor,
      currency: s.mentor.currency,
      order_id: null,
      refund_status: null,
      credit_id: s.creditId,
      meeting_url: sessionRoomUrl(s.rules.meetingUrlTemplate),
      created_at: s.stamp,
      updated_at: s.stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

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
  const client = await bookableClient(db, agentId, input.client_id);
  const start = new Date(input.start);
  await releaseExpiredHolds(db, now);
  const startAt = start.toISOString();
  const endAt = new Date(start.getTime() + SLOT_MINUTES * 60_000).toISOString();
  const stamp = now.toISOString();
  try {
    const id = await changeCart(db, agentId, async (trx) => {
      const mentor = await mentorToBook(trx, agentId, input, start, rules, now);
      const holds = await trx
        .selectFrom("mentor_bookings")
        .select(["mentor_id"])
        .where("agent_id", "=", agentId)
        .where("status", "=", "held")
        .execute();
      if (holds.filter((h) => h.mentor_id === mentor.id).length >= rules.maxHoldsPerMentor) {
        throw new Conflict(
          "booking.holds_per_mentor",
          `You already hold ${rules.maxHoldsPerMentor} unpaid sessions with ${mentor.name}. Pay for them, or remove one from the cart, to book another.`,
        );
      }
      if (holds.length >= rules.maxHolds) {
        throw new Conflict(
          "booking.holds",
          `You already hold ${rules.maxHolds} unpaid sessions. Pay for them, or remove some from the cart, to book more.`,
        );
      }
      const id = await insertSession(trx, {
        agentId,
        clientId: client.id,
        mentor,
        start: startAt,
        end: endAt,
        topic: input.topic,
        status: "held",
        heldUntil: new Date(now.getTime() + rules.holdMinutes * 60_000).toISOString(),
        priceMinor: mentor.rate_minor,
        creditId: null,
        rules,
        stamp,
      });
      await trx
        .insertInto("cart_items")
        .values({
          agent_id: agentId,
          client_id: client.id,
          item_type: "mentor_booking",
          item_id: id,
          description: `Mentor session: ${mentor.name}, ${utcStamp(startAt)} (${input.topic})`,
          price_minor: mentor.rate_minor,
          currency: mentor.currency,
          created_at: stamp,
        })
        .execute();
      await clientEvent(
        trx,
        {
          agentId,
          clientId: client.id,
          kind: "session.booked",
          summary: `Mentor session with ${mentor.name} held until paid (${input.topic})`,
          ref: `booking:${id}`,
        },
        now,
      );
      return id;
    });
    return getBooking(db, agentId, id);
  } catch (error) {
    throw bookingRefusal(error);
  }
}

/** What a booking's insert meeting the database's rules means: its slot taken meanwhile, its client removed. */
export function bookingRefusal(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    return new Conflict("booking.slot_taken", "That slot has just been booked by someone else. Please choose another time.");
  }
  if (isForeignKeyViolation(error)) return new Conflict("client.removed", "This client has just been removed. Reload the page.");
  return error;
}
