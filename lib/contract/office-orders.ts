/** The back office's orders and sessions: the lists, an order's review and refunds, a session cancelled or missed. */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, optionalChoice, optionalDay, pageField, requiredText } from "./fields.js";
import type { Page } from "./fields.js";
import type { Booking } from "./mentors.js";
import type { AuditEntry } from "./office.js";
import { orderStatuses, type Order } from "./orders.js";

/** What staff say of a mentor's absence (kept on the session, the refund and the audit). */
export const mentorAbsentBody = z.object({
  note: z
    .string({ required_error: "Say what happened", invalid_type_error: "The note must be text" })
    .trim()
    .min(1, "Say what happened")
    .max(500, "A note has at most 500 characters"),
});

export const officeOrdersQuery = z.object({
  status: optionalChoice(orderStatuses, "Choose a status from the list"),
  agent: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  /** A client named on one of the order's lines (name, as the line has it) */
  client: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
  /** `due`: only orders with a line whose refund is due (waiting for Stripe or for a retry) */
  refund: optionalChoice(["due"], "Choose a refund state from the list"),
  from: optionalDay,
  to: optionalDay,
  page: pageField,
});

/** An order in the office's list: whose it is, and why it was flagged. */
export type OfficeOrderRow = Order & { agent_id: number; agent_name: string; agent_email: string; flag_reason: string | null };

export type OfficeOrder = OfficeOrderRow & {
  checkout_session_id: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  review_note: string | null;
  /** Staff changes to this order, oldest first */
  history: AuditEntry[];
  /**
   * What happened to the order itself (checkout opened, paid, flagged, expired, lines refunded), oldest first;
   * a refund still due comes last with no time (`at` null)
   */
  events: Array<{ at: string | null; what: string }>;
};

export const orderReviewBody = z.object({ note: requiredText(1000, "Note") });
export const orderRefundBody = z.object({
  /** The order lines to refund; every line not refunded yet when absent (an empty list names none: 400) */
  item_ids: z.array(idParam).min(1, "Choose the lines to refund").max(100).optional(),
  note: requiredText(1000, "Note"),
});

export const officeBookingsQuery = z.object({
  mentor: z.preprocess(blankToNull, idParam.nullable().optional()),
  from: optionalDay,
  days: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(31, "At most 31 days").nullable().optional()),
  /** `lapsing`: instead of the agenda, the unpaid holds whose hold ends within the hour, soonest first */
  holds: optionalChoice(["lapsing"], "Choose a view from the list"),
  /** `unmarked`: instead of the agenda, the paid sessions nobody marked 48 hours after their end, oldest first */
  view: optionalChoice(["unmarked"], "Choose a view from the list"),
});

export type OfficeBooking = Booking & { agent_id: number; agent_name: string };

const staff = ["staff"] as const;
const id = { id: idParam };

export const officeOrderEndpoints = {
  officeOrders: endpoint({
    method: "GET",
    path: "office/orders",
    auth: staff,
    summary: "Every agent's orders, by status, agent, refund and days",
    query: officeOrdersQuery,
    answer: answer<Page<OfficeOrderRow>>(),
  }),
  officeOrder: endpoint({
    method: "GET",
    path: "office/orders/:id",
    auth: staff,
    summary: "One order, with its history",
    params: id,
    answer: answer<OfficeOrder>(),
  }),
  reviewOrder: endpoint({
    method: "POST",
    path: "office/orders/:id/review",
    auth: staff,
    summary: "Marks a flagged order reviewed, with a note",
    params: id,
    body: orderReviewBody,
    answer: answer<OfficeOrder>(),
  }),
  refundOrder: endpoint({
    method: "POST",
    path: "office/orders/:id/refund",
    auth: staff,
    summary: "Refunds lines of an order (a session still to come is cancelled)",
    params: id,
    body: orderRefundBody,
    answer: answer<OfficeOrder>(),
  }),
  retryRefunds: endpoint({
    method: "POST",
    path: "office/orders/:id/retry-refunds",
    auth: staff,
    summary: "Asks Stripe again for the refunds still due",
    params: id,
    answer: answer<OfficeOrder>(),
  }),
  officeBookings: endpoint({
    method: "GET",
    path: "office/bookings",
    auth: staff,
    summary: "The mentors' agenda, the holds lapsing within the hour, or the sessions left unmarked",
    query: officeBookingsQuery,
    answer: answer<{ from: string; days: number; holds: "lapsing" | null; view: "unmarked" | null; items: OfficeBooking[] }>(),
  }),
  cancelForAgent: endpoint({
    method: "POST",
    path: "office/bookings/:id/cancel",
    auth: staff,
    summary: "Cancels a session for its agent",
    params: id,
    answer: answer<Booking>(),
  }),
  markMentorAbsent: endpoint({
    method: "POST",
    path: "office/bookings/:id/mentor-no-show",
    auth: staff,
    summary:
      "Records that the mentor did not come to a session that started, and refunds it in full (its order; null: a pack credit's session, whose credit is returned)",
    params: id,
    body: mentorAbsentBody,
    answer: answer<OfficeOrder | null>(),
  }),
} as const;
