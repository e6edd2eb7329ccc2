/** Mentors, their weeks, and the sessions agents book (lib/contract/mentors.ts). */
import { endpoints } from "../../lib/contract.js";
import type { BookingRules } from "../../lib/rules.js";
import { assertOwnId } from "../accounts/guard.js";
import type { CalendarDeps } from "../calendars/deps.js";
import { refreshMentor } from "../calendars/sync.js";
import type { Payments } from "../payments/checkout.js";
import { settleRefunds } from "../payments/refunds.js";
import type { Server } from "../serve.js";
import { book, cancelBooking, listBookings } from "./bookings.js";
import { keepSessionTime } from "./client-moves.js";
import { bookWithCredit } from "./credit-booking.js";
import { getMentor, listMentorsWithNextFree, mentorDirectory, schedule } from "./mentors.js";
import { moveBooking } from "./moves.js";

export function mentorRoutes(serve: Server, p: Payments, bookings: BookingRules, calendars: CalendarDeps | null = null) {
  const { db } = p;
  /** The mentor's own calendars read again before a slot is held or moved to, if a minute old (issue 69). */
  const fresh = async (mentorId: number | undefined) => {
    if (calendars && mentorId) await refreshMentor(db, calendars, mentorId);
  };
  // The first moment a session can still be booked (the minimum notice): free slots are counted from it.
  const earliest = () => new Date(Date.now() + bookings.minNoticeHours * 3_600_000);
  serve(endpoints.mentors, async ({ query }) => listMentorsWithNextFree(db, query, bookings.maxDaysAhead, earliest()));
  serve(endpoints.mentorDirectory, async ({ query }) => mentorDirectory(db, query, bookings.maxDaysAhead, earliest()));
  serve(endpoints.mentor, async ({ body }) => getMentor(db, body.mentor_id));
  serve(endpoints.schedule, async ({ caller, body }) =>
    schedule(db, {
      mentorId: body.mentor_id,
      timeZone: body.time_zone ?? caller.person.time_zone,
      weekStart: body.week_start,
      horizonDays: bookings.maxDaysAhead,
      minNoticeHours: bookings.minNoticeHours,
    }),
  );
  serve(endpoints.book, async ({ caller, body }) => {
    const { credit_id, ...input } = body;
    await fresh(input.mentor_id);
    return credit_id ? bookWithCredit(db, caller.id, { ...input, credit_id }, bookings) : book(db, caller.id, input, bookings);
  });
  serve(endpoints.cancelBooking, async ({ caller, body }) =>
    cancelBooking(db, caller.id, body.id, bookings.cancelCutoffHours, (orderId) => settleRefunds(p, orderId)),
  );
  serve(endpoints.keepSessionTime, async ({ caller, params, body }) => keepSessionTime(db, caller.id, params.id, body.answer));
  serve(endpoints.moveBooking, async ({ caller, body }) => {
    const session = await db.selectFrom("mentor_bookings").select("mentor_id").where("id", "=", body.id).executeTakeFirst();
    await fresh(session?.mentor_id);
    return moveBooking(db, caller.id, body.id, body.start, bookings);
  });
  serve(endpoints.bookings, async ({ caller, params }) => {
    assertOwnId(caller, params.agentId);
    return listBookings(db, params.agentId);
  });
}
