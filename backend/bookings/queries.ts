/** Reading bookings: an agent's, every agent's (the back office's agenda), one, a client's still to come. */
import { sql, type Kysely } from "kysely";
import type { Booking, BookingStatus } from "../../lib/contract.js";
import { moveRequestUntil } from "../../lib/rules.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { releaseExpiredHolds } from "../holds/holds.js";
import { joinUrl } from "./session-facts.js";

const lineWhere = sql`order_items.order_id = mentor_bookings.order_id and order_items.item_type = 'mentor_booking' and order_items.item_id = mentor_bookings.id`;
const lineOf = sql`select 1 from order_items where ${lineWhere}`;

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
  joinUrl.as("join_url"),
  "mentor_bookings.move_requested_at",
  "mentor_bookings.move_reason",
  "mentor_bookings.client_move_reason",
  "mentor_bookings.client_move_requested_at",
  "mentor_bookings.client_move_answered_at",
  "mentor_bookings.outcome",
  "clients.time_zone as client_time_zone",
  "mentor_bookings.credit_id",
  // A paid session's money has one state, its order line's (issue 21, point 8): the booking's own column is read
  // only for a session with no line (none paid).
  sql<
    string | null
  >`case when exists (${lineOf}) then (select order_items.refund_status from order_items where ${lineWhere}) else mentor_bookings.refund_status end`.as(
    "refund_status",
  ),
] as const;

/** Every agent's bookings with their mentor and client (the back office's agenda); bookingsQuery is one agent's. */
export function allBookingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .select(bookingColumns);
}

function bookingsQuery(db: Kysely<Database>, agentId: number) {
  return allBookingsQuery(db).where("mentor_bookings.agent_id", "=", agentId);
}

type BookingRow = Omit<
  Booking,
  "client_name" | "status" | "refund_status" | "move_request" | "client_move_request" | "outcome"
> & {
  client_move_reason: string | null;
  client_move_requested_at: string | null;
  client_move_answered_at: string | null;
  outcome: string | null;
  first_name: string;
  last_name: string;
  status: string;
  refund_status: string | null;
  move_requested_at: string | null;
  move_reason: string | null;
};

export function toBooking({
  first_name,
  last_name,
  status,
  refund_status,
  move_requested_at,
  move_reason,
  client_move_reason,
  client_move_requested_at,
  client_move_answered_at,
  outcome,
  ...r
}: BookingRow): Booking {
  return {
    ...r,
    outcome: outcome as Booking["outcome"],
    client_name: `${first_name} ${last_name}`,
    status: status as BookingStatus,
    refund_status: refund_status as Booking["refund_status"],
    // Asked of a session still confirmed: once it moves the request is answered, once cancelled it is moot.
    move_request:
      move_requested_at && status === "confirmed"
        ? { reason: move_reason ?? "", requested_at: move_requested_at, until: moveRequestUntil(r.start_at) }
        : null,
    client_move_request:
      client_move_requested_at && !client_move_answered_at && status === "confirmed"
        ? { reason: client_move_reason ?? "", requested_at: new Date(client_move_requested_at).toISOString() }
        : null,
  };
}

export async function getBooking(db: Kysely<Database>, agentId: number, id: number): Promise<Booking> {
  const row = await bookingsQuery(db, agentId).where("mentor_bookings.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("booking.not_found", "No such booking.");
  return toBooking(row);
}

export async function listBookings(db: Kysely<Database>, agentId: number): Promise<Booking[]> {
  await releaseExpiredHolds(db);
  const rows = await bookingsQuery(db, agentId).orderBy("mentor_bookings.start_at").orderBy("mentor_bookings.id").execute();
  return rows.map(toBooking);
}

/** A client's sessions still to come (held or confirmed), soonest first: the client's page shows where each meets. */
export async function upcomingSessionsOf(db: Kysely<Database>, agentId: number, clientId: number, now = new Date()) {
  const rows = await bookingsQuery(db, agentId)
    .where("mentor_bookings.client_id", "=", clientId)
    .where("mentor_bookings.status", "in", ["held", "confirmed"])
    .where("mentor_bookings.end_at", ">", now.toISOString())
    .orderBy("mentor_bookings.start_at")
    .orderBy("mentor_bookings.id")
    .execute();
  return rows.map(toBooking);
}
