/**
 * Sessions land in the mentor's calendar once (issue 69, point 3). Each change of a session (paid, moved, cancelled)
 * writes an outbox row on the `calendar` channel in the change's own transaction; the outbox's worker (one instance
 * claims a row) then makes the mentor's receiving calendar say what the session is now: written (a PUT at an address
 * made from the invite's UID, the same for every retry and every instance, so never two events), moved (the same
 * PUT), or removed when it is no longer confirmed. Where it was written is kept (`calendar_writes`): a session whose
 * mentor chose another receiving calendar is taken out of the old one.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { enqueue } from "../mail/outbox.js";
import { connectionColumns, serviceOf } from "./connections.js";
import type { CalendarDeps } from "./deps.js";
import { CalendarRefused, type SessionEvent } from "./provider.js";
import { markBroken } from "./sync.js";

/**
 * A session changed: the mentor's calendar is made to match, if they have one that receives sessions or the session
 * was written to one. The row's key names the session, its sequence and its state: written once each.
 */
export async function queueSessionWrite(trx: Kysely<Database>, bookingId: number, now = new Date()) {
  const b = await trx
    .selectFrom("mentor_bookings")
    .select(["id", "mentor_id", "status", "sequence"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!b) return;
  const [receiving, written] = await Promise.all([
    trx
      .selectFrom("calendar_sources")
      .select("id")
      .where("mentor_id", "=", b.mentor_id)
      .where("receives", "=", 1)
      .executeTakeFirst(),
    trx.selectFrom("calendar_writes").select("booking_id").where("booking_id", "=", bookingId).executeTakeFirst(),
  ]);
  if (!receiving && !written) return;
  await enqueue(
    trx,
    {
      dedupeKey: `calendar.session:${b.id}:${b.sequence}:${b.status}`,
      to: null,
      facts: { kind: "calendar.session", booking_id: b.id },
      channel: "calendar",
    },
    now,
  );
}

/**
 * The mentor's sessions to come, and those written somewhere that are no longer confirmed, queued again for their
 * (new) receiving calendar: after choosing one, or connecting again.
 */
export async function queueUpcoming(db: Kysely<Database>, mentorId: number, now = new Date()) {
  const upcoming = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("mentor_id", "=", mentorId)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "confirmed"), eb("start_at", ">", now.toISOString())]),
        eb("id", "in", eb.selectFrom("calendar_writes").select("booking_id")),
      ]),
    )
    .execute();
  for (const { id } of upcoming) {
    await db.transaction().execute(async (trx) => {
      const b = await trx.selectFrom("mentor_bookings").select(["sequence", "status"]).where("id", "=", id).executeTakeFirst();
      if (!b) return;
      // A key of its own (the moment it was asked): the session was maybe written before, elsewhere.
      await enqueue(
        trx,
        {
          dedupeKey: `calendar.session:${id}:${b.sequence}:${b.status}:${now.getTime()}`,
          to: null,
          facts: { kind: "calendar.session", booking_id: id },
          channel: "calendar",
        },
        now,
      );
    });
  }
  return upcoming.length;
}

export type CalendarOutcome = { skipped: string } | { taken: { sid: string | null; status: string } } | { refused: string };

/**
 * A session as its mentor's calendar should hold it, read by its caller (backend/bookings/calendar-event.ts, with the
 * invite's own words): null when it is gone.
 */
export type SessionToWrite = { mentor_id: number; confirmed: boolean; event: SessionEvent };

/**
 * Makes the calendar match the session (the outbox's delivery of a `calendar` row). Throws what may pass (a time-out:
 * the outbox tries again later); a refusal breaks the connection, and the row waits for it to be connected again.
 */
export async function deliverSessionWrite(
  db: Kysely<Database>,
  deps: CalendarDeps,
  bookingId: number,
  session: SessionToWrite | null,
  now = new Date(),
): Promise<CalendarOutcome> {
  if (!session) return { skipped: "The session is gone." };
  const [receiving, written] = await Promise.all([
    db
      .selectFrom("calendar_sources")
      .innerJoin("calendar_connections", "calendar_connections.id", "calendar_sources.connection_id")
      .select(["calendar_sources.id as source_id", "calendar_sources.remote_id", ...connectionColumns])
      .where("calendar_sources.mentor_id", "=", session.mentor_id)
      .where("calendar_sources.receives", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("calendar_writes")
      .leftJoin("calendar_sources", "calendar_sources.id", "calendar_writes.source_id")
      .leftJoin("calendar_connections", "calendar_connections.id", "calendar_sources.connection_id")
      .select(["calendar_writes.source_id", "calendar_writes.remote_ref", "calendar_sources.remote_id", ...connectionColumns])
      .where("calendar_writes.booking_id", "=", bookingId)
      .executeTakeFirst(),
  ]);
  const wanted = session.confirmed && receiving ? receiving : null;
  const step = async <T>(
    row: { id: number; mentor_id: number } & Parameters<typeof serviceOf>[1],
    work: (s: NonNullable<ReturnType<typeof serviceOf>>) => Promise<T>,
  ) => {
    const service = serviceOf(deps, row);
    if (!service) throw new CalendarRefused("calendar.password_refused", "The connection's password can no longer be read");
    try {
      return await work(service);
    } catch (error) {
      if (error instanceof CalendarRefused) await markBroken(db, row, error.code, now);
      throw error;
    }
  };
  try {
    // Out of a calendar it should no longer be in: cancelled, or the mentor chose another one to receive sessions.
    if (written?.id && written.remote_id && (!wanted || wanted.source_id !== written.source_id)) {
      if (written.broken_since) return { skipped: "The calendar it was written to is not connected now." };
      await step(
        {
          ...written,
          id: written.id,
          mentor_id: written.mentor_id!,
          provider: written.provider!,
          label: written.label!,
          secret: written.secret!,
        },
        (s) => s.remove(written.remote_id!, written.remote_ref),
      );
      await db.deleteFrom("calendar_writes").where("booking_id", "=", bookingId).execute();
    } else if (written && !wanted) {
      await db.deleteFrom("calendar_writes").where("booking_id", "=", bookingId).execute();
    }
    if (!wanted) return { taken: { sid: null, status: "removed" } };
    if (wanted.broken_since) return { skipped: "The mentor's calendar is not connected now; written when it is again." };
    const { event } = session;
    const ref = await step(wanted, (s) =>
      s.put(wanted.remote_id, event, written?.source_id === wanted.source_id ? written.remote_ref : null),
    );
    const stamp = now.toISOString();
    await db
      .insertInto("calendar_writes")
      .values({ booking_id: bookingId, source_id: wanted.source_id, remote_ref: ref, start_at: event.start, written_at: stamp })
      .onConflict((oc) =>
        oc
          .column("booking_id")
          .doUpdateSet({ source_id: wanted.source_id, remote_ref: ref, start_at: event.start, written_at: stamp }),
      )
      .execute();
    // Cancelled while it was being written (another instance's row saw it first and found nothing to remove): out again.
    const after = await db.selectFrom("mentor_bookings").select("status").where("id", "=", bookingId).executeTakeFirst();
    if (after?.status !== "confirmed") {
      await step(wanted, (s) => s.remove(wanted.remote_id, ref));
      await db.deleteFrom("calendar_writes").where("booking_id", "=", bookingId).execute();
      return { taken: { sid: null, status: "removed" } };
    }
    return { taken: { sid: null, status: "written" } };
  } catch (error) {
    if (error instanceof CalendarRefused) return { skipped: `The mentor's calendar refused the portal (${error.code}).` };
    throw error;
  }
}
