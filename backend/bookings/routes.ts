/** Mentors, their weeks, and the sessions agents book (lib/contract/mentors.ts). */
import { endpoints } from "../../lib/contract.js";
import type { BookingRules } from "../../lib/rules.js";
import { assertOwnId } from "../accounts/guard.js";
import type { Payments } from "../payments/checkout.js";
import { settleRefunds } from "../payments/refunds.js";
import type { Server } from "../serve.js";
import { book, cancelBooking, listBookings } from "./bookings.js";
import { keepSessionTime } from "./client-moves.js";
import { bookWithCredit } from "./credit-booking.js";
import { getMentor, listMentorsWithNextFree, mentorDirectory, schedule } from "./mentors.js";
import { moveBooking } from "./moves.js";

export function mentorRoutes(serve: Server, p: Payments, bookings: BookingRules) {
  const { db } = p;
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
    return credit_id ? bookWithCredit(db, caller.id, { ...input, credit_id }, bookings) : book(db, caller.id, input, bookings);
  });
  serve(endpoints.cancelBooking, async ({ caller, body }) =>
    cancelBooking(db, caller.id, body.id, bookings.cancelCutoffHours, (orderId) => settleRefunds(p, orderId)),
  );
  serve(endpoints.keepSessionTime, async ({ caller, params, body }) => keepSessionTime(db, caller.id, params.id, body.answer));
  serve(endpoints.moveBooking, async ({ caller, body }) => moveBooking(db, caller.id, body.id, body.start, bookings));
  serve(endpoints.bookings, async ({ caller, params }) => {
    assertOwnId(caller, params.agentId);
    return listBookings(db, params.agentId);
  });
}
