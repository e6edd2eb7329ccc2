/**
 * Booking a session with a client's session pack credit (issue 41): no hold and no checkout. In one transaction the
 * session is confirmed and its credit used (a ledger row that the database refuses below zero), so twenty bookings
 * at once against three credits make three sessions, and a booking racing the pack's refund never uses a refunded
 * credit. Locks are taken in the order every credit change takes them: the mentor's, then the grant's.
 */
import type { Kysely } from "kysely";
import type { Booking } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { BookingRules } from "../../lib/rules.js";
import { clientEvent } from "../clients/case-file.js";
import { lockLedger } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { Invalid } from "../errors.js";
import { bookableClient, bookingRefusal, insertSession, mentorToBook, slotError } from "./bookings.js";
import { moveCredit } from "./credits.js";
import { bookingConfirmed } from "./notices.js";
import { getBooking } from "./queries.js";

const creditError = (code: "credit.not_found" | "credit.mentor" | "credit.expired", message: string) =>
  new Invalid("validation.failed", FIX_FIELDS, { credit_id: [fieldError(code, message)] });

export async function bookWithCredit(
  db: Kysely<Database>,
  agentId: number,
  input: { mentor_id: number; client_id: number; start: string; topic: string; credit_id: number },
  rules: BookingRules,
  now = new Date(),
): Promise<Booking> {
  const client = await bookableClient(db, agentId, input.client_id);
  const start = new Date(input.start);
  const stamp = now.toISOString();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const mentor = await mentorToBook(trx, agentId, input, start, rules, now);
      const grant = await trx
        .selectFrom("client_credits")
        .innerJoin("session_packs", "session_packs.id", "client_credits.pack_id")
        .select([
          "client_credits.id",
          "client_credits.mentor_ids",
          "client_credits.expires_at",
          "client_credits.session_minutes",
          "session_packs.name",
        ])
        .where("client_credits.id", "=", input.credit_id)
        .where("client_credits.client_id", "=", client.id)
        .executeTakeFirst();
      if (!grant) throw creditError("credit.not_found", "Choose one of this client's session packs");
      await lockLedger(trx, "credit", grant.id);
      const mentors = grant.mentor_ids ? (JSON.parse(grant.mentor_ids) as number[]) : null;
      if (mentors && !mentors.includes(mentor.id))
        throw creditError("credit.mentor", `${grant.name} is not for sessions with ${mentor.name}`);
      const ends = new Date(grant.expires_at);
      if (ends.getTime() <= now.getTime()) throw creditError("credit.expired", `The credits of ${grant.name} have expired`);
      if (start.getTime() >= ends.getTime())
        throw slotError(
          "start",
          "credit.after_end",
          `The credits last until ${ends.toISOString().slice(0, 10)}: choose an earlier time`,
          {
            day: ends.toISOString().slice(0, 10),
          },
        );
      const id = await insertSession(trx, {
        agentId,
        clientId: client.id,
        mentor,
        start: start.toISOString(),
        end: new Date(start.getTime() + grant.session_minutes * 60_000).toISOString(),
        topic: input.topic,
        status: "confirmed",
        heldUntil: null,
        // The mentor's rate for its length.
        priceMinor: Math.round((mentor.rate_minor * grant.session_minutes) / 60),
        creditId: grant.id,
        rules,
        stamp,
      });
      await moveCredit(trx, grant.id, { kind: "used", amount: -1, by: `agent:${agentId}`, at: now, booking_id: id });
      await clientEvent(
        trx,
        {
          agentId,
          clientId: client.id,
          kind: "session.booked",
          summary: `Mentor session with ${mentor.name} booked with a credit of ${grant.name} (${input.topic})`,
          ref: `booking:${id}`,
        },
        now,
      );
      // Confirmed at once: the agent, the client and the mentor hear of it with the invite, as after a payment.
      await bookingConfirmed(trx, id, now);
      return id;
    });
    return getBooking(db, agentId, id);
  } catch (error) {
    throw bookingRefusal(error);
  }
}
