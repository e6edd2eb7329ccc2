/**
 * A session as its mentor's own calendar holds it (issue 69): read with the notices' own helpers (the client as the
 * mentor sees them, where it meets) and in the invite's words in the mentor's language, under the invite's UID, so
 * the event written and the invite e-mailed are one event in any program. The outbox's `calendar` rows are delivered
 * here (backend/calendars/writes.ts writes it).
 */
import type { Kysely } from "kysely";
import { translator } from "../../lib/i18n/index.js";
import { asLang } from "../../lib/i18n/languages.js";
import type { CalendarDeps } from "../calendars/deps.js";
import { deliverSessionWrite, type SessionToWrite } from "../calendars/writes.js";
import type { Database } from "../db/schema.js";
import type { PhoneDelivery } from "../mail/outbox.js";
import { firstNameAndInitial, joinUrl, sessionCore, sessionsWithPeople } from "./session-facts.js";

export async function sessionToWrite(
  db: Kysely<Database>,
  bookingId: number,
  ctx: { publicUrl: string; company: string },
): Promise<SessionToWrite | null> {
  const row = await sessionsWithPeople(db)
    .select([
      ...sessionCore,
      "mentor_bookings.mentor_id",
      "mentors.name as mentor_name",
      "mentors.language as mentor_language",
      joinUrl.as("join_url"),
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
    ])
    .where("mentor_bookings.id", "=", bookingId)
    .executeTakeFirst();
  if (!row) return null;
  const t = translator(asLang(row.mentor_language));
  const client = firstNameAndInitial(row.first_name, row.last_name);
  const host = new URL(ctx.publicUrl).hostname || "portal";
  return {
    mentor_id: row.mentor_id,
    confirmed: row.status === "confirmed",
    event: {
      uid: `booking-${row.id}@${host}`,
      sequence: row.sequence,
      start: new Date(row.start_at).toISOString(),
      end: new Date(row.end_at).toISOString(),
      summary: t("mentorMail.inviteSummary", { mentor: row.mentor_name, client }),
      description: t("mentorMail.inviteDescription", { topic: row.topic, agent: row.agent_name, company: ctx.company }),
      location: row.join_url,
      url: row.join_url ?? `${ctx.publicUrl}/mentoring`,
    },
  };
}

/** The outbox's way to deliver a `calendar` row: the session made to match in the mentor's calendar. */
export function calendarDelivery(db: Kysely<Database>, deps: CalendarDeps): PhoneDelivery {
  return async (row, company) => {
    const { booking_id } = JSON.parse(row.payload) as { booking_id: number };
    return deliverSessionWrite(
      db,
      deps,
      booking_id,
      await sessionToWrite(db, booking_id, { publicUrl: deps.publicUrl, company }),
    );
  };
}
