/**
 * api/mentorlist, api/Mentoruser/list (one mentor), api/Mentorbooking (schedule check),
 * api/Mentorbooking/book, api/Mentorbooking/cancel and api/Mentordetails/list/:agentId (the agent's bookings).
 */
import { Router } from "express";
import {
  bookBody,
  cancelBookingBody,
  idParam,
  mentorListQuery,
  mentorUserBody,
  scheduleBody,
  type Booking,
} from "../../lib/contract.js";
import { assertOwnAgentId, currentAgent, requireAuth } from "../auth.js";
import { handler, parse, send } from "../http.js";
import type { Payments } from "../payments/checkout.js";
import { settleRefunds } from "../payments/refunds.js";
import { book, cancelBooking, listBookings, type BookingRules } from "../services/bookings.js";
import { getMentor, listMentorsWithNextFree, schedule } from "../services/mentors.js";

export function mentorRoutes(p: Payments, bookings: BookingRules) {
  const { db } = p;
  const router = Router();
  router.use(["/api/mentorlist", "/api/Mentoruser", "/api/Mentorbooking", "/api/Mentordetails"], requireAuth(db));

  router.get(
    "/api/mentorlist",
    handler(async (req, res) =>
      send(res, await listMentorsWithNextFree(db, parse(mentorListQuery, req.query, "query"), bookings.maxDaysAhead)),
    ),
  );
  router.post(
    "/api/Mentoruser/list",
    handler(async (req, res) => send(res, await getMentor(db, parse(mentorUserBody, req.body).mentor_id))),
  );
  router.post(
    "/api/Mentorbooking",
    handler(async (req, res) => {
      const body = parse(scheduleBody, req.body);
      const timeZone = body.time_zone ?? currentAgent(req).time_zone;
      send(
        res,
        await schedule(db, {
          mentorId: body.mentor_id,
          timeZone,
          weekStart: body.week_start,
          horizonDays: bookings.maxDaysAhead,
        }),
      );
    }),
  );
  router.post(
    "/api/Mentorbooking/book",
    handler(async (req, res) => {
      send<Booking>(res, await book(db, currentAgent(req).id, parse(bookBody, req.body), bookings), 201);
    }),
  );
  router.post(
    "/api/Mentorbooking/cancel",
    handler(async (req, res) => {
      const { id } = parse(cancelBookingBody, req.body);
      const done = await cancelBooking(db, currentAgent(req).id, id, bookings.cancelCutoffHours, (orderId) =>
        settleRefunds(p, orderId),
      );
      send<Booking>(res, done);
    }),
  );
  router.get(
    "/api/Mentordetails/list/:agentId",
    handler(async (req, res) => {
      const agentId = parse(idParam, req.params.agentId, "agentId");
      assertOwnAgentId(req, agentId);
      send<Booking[]>(res, await listBookings(db, agentId));
    }),
  );
  return router;
}
