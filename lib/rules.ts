/**
 * Business rules both sides need, each with one name and one home: the API enforces them, the portal
 * explains them before the agent tries.
 */

/** The three services (spec §1): ids fixed by the spec's `/servicesPage?id=1|2|3`. */
export const SERVICES = { mentorship: 1, relocation: 2, jobPlacement: 3 } as const;

/**
 * A relocation plan is for a client who is moving: one with a destination country other than the country they
 * live in now. Returns why this client cannot have one yet, or null when they can.
 */
export function relocationPlanBlocker(client: {
  destination_country: string | null;
  current_country: string | null;
}): string | null {
  if (!client.destination_country) return "This client has no destination country yet";
  if (client.destination_country === client.current_country) return "This client's destination is the country they live in now";
  return null;
}

/**
 * A mentor who cannot give a session asks for a new time (issue 23, point 5): the agent may then choose any free
 * time of the mentor's up to this many days after the session's original start, at no charge.
 */
export const MOVE_WINDOW_DAYS = 14;

/** The last moment a requested move's new time may start: the original start plus the window. */
export function moveRequestUntil(startAt: string): string {
  return new Date(Date.parse(startAt) + MOVE_WINDOW_DAYS * 86_400_000).toISOString();
}

/** Why a session cannot be moved: unpaid, cancelled, begun, or past the cut-off (a page says it from the catalogue). */
export type MoveBlock = "held" | "cancelled" | "started" | "cutoff";

/**
 * Whether the agent may move a session now, and why not (null when it may): a paid session still to come, until
 * the cancellation cut-off, or until its start when its mentor asked for a new time.
 */
export function moveBlocker(
  b: { status: string; start_at: string; move_request: unknown },
  cutoffHours: number,
  now: Date,
): MoveBlock | null {
  if (b.status === "held") return "held";
  if (b.status !== "confirmed") return "cancelled";
  const left = Date.parse(b.start_at) - now.getTime();
  if (left <= 0) return "started";
  if (!b.move_request && left < cutoffHours * 3_600_000) return "cutoff";
  return null;
}

/** How mentor sessions are booked (BOOKING_* settings; defaults in backend/bookings/bookings.ts). */
export type BookingRules = {
  holdMinutes: number;
  cancelCutoffHours: number;
  /** Unpaid holds one agent may have with one mentor, and in all */
  maxHoldsPerMentor: number;
  maxHolds: number;
  /** How far ahead a session can be booked */
  maxDaysAhead: number;
  /** How soon a session can be booked: never less than this many hours before it starts */
  minNoticeHours: number;
  /** A session's own meeting room when its mentor has no standing link (`{room}`: an unguessable name) */
  meetingUrlTemplate: string;
};
