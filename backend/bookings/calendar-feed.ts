/**
 * Private calendar feeds (issue 23, point 11): an agent's or a mentor's sessions as one iCalendar file, fetched by
 * calendar programs at an address holding a long random token. Events carry the same UID and SEQUENCE as the
 * invites the same sessions were e-mailed with, so a calendar that has both shows one event; a moved session shows
 * at its new time, a cancelled one as cancelled. A deactivated account's feed answers as no feed.
 */
import { randomBytes } from "node:crypto";
import ical, { ICalEventStatus } from "ical-generator";
import type { Kysely } from "kysely";
import type { FeedAddress } from "../../lib/contract.js";
import type { ApiFile } from "../../lib/transport.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { icsName, oneLine } from "../mail/compose.js";
import { firstNameAndInitial, joinUrl, sessionCore, sessionsWithPeople } from "./session-facts.js";

type Db = Kysely<Database>;
export type FeedKind = "agent" | "mentor";

const tables = { agent: "agents", mentor: "mentors" } as const;
/** Sessions this long past stay in the feed (a calendar keeps what it already has). */
const PAST_DAYS = 90;

function addressOf(publicUrl: string, token: string | null): FeedAddress {
  if (!token) return { url: null, webcal: null };
  const url = `${publicUrl.replace(/\/$/, "")}/feeds/${token}/calendar.ics`;
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}

export async function feedAddress(db: Db, kind: FeedKind, id: number, publicUrl: string): Promise<FeedAddress> {
  const row = await db.selectFrom(tables[kind]).select("feed_token").where("id", "=", id).executeTakeFirst();
  return addressOf(publicUrl, row?.feed_token ?? null);
}

/** A new token for the account's feed: the old address answers as no feed from now on. */
export async function replaceFeed(db: Db, kind: FeedKind, id: number, publicUrl: string): Promise<FeedAddress> {
  const token = randomBytes(32).toString("base64url");
  await db.updateTable(tables[kind]).set({ feed_token: token }).where("id", "=", id).execute();
  return addressOf(publicUrl, token);
}

async function ownerOf(db: Db, token: string) {
  const [agent, mentor] = await Promise.all([
    db
      .selectFrom("agents")
      .select(["id", "name", "time_zone"])
      .where("feed_token", "=", token)
      .where("active", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("mentors")
      .select(["id", "name", "time_zone"])
      .where("feed_token", "=", token)
      .where("active", "=", 1)
      .executeTakeFirst(),
  ]);
  if (agent) return { kind: "agent" as const, ...agent };
  if (mentor) return { kind: "mentor" as const, ...mentor };
  return null;
}

export async function calendarFeed(
  db: Db,
  token: string,
  o: { publicUrl: string; company: string },
  now = new Date(),
): Promise<ApiFile> {
  const owner = await ownerOf(db, token);
  if (!owner) throw new NotFound("feed.not_found", "No such feed.");
  const rows = await sessionsWithPeople(db)
    .select([
      ...sessionCore,
      "mentors.name as mentor_name",
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
      "agents.email as agent_email",
      joinUrl.as("join_url"),
    ])
    .where(owner.kind === "agent" ? "mentor_bookings.agent_id" : "mentor_bookings.mentor_id", "=", owner.id)
    // Sold sessions only: confirmed ones, and cancelled ones that had been paid (a hold is not in anyone's diary).
    .where((eb) =>
      eb.or([
        eb("mentor_bookings.status", "=", "confirmed"),
        eb.and([eb("mentor_bookings.status", "=", "canceled"), eb("mentor_bookings.order_id", "is not", null)]),
      ]),
    )
    .where("mentor_bookings.end_at", ">", new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString())
    .orderBy("mentor_bookings.start_at")
    .limit(2000)
    .execute();
  const host = new URL(o.publicUrl).hostname || "portal";
  const cal = ical({
    prodId: { company: oneLine(o.company), product: "portal", language: "EN" },
    name: oneLine(`${o.company}: ${owner.name}'s sessions`),
    ttl: 15 * 60,
  });
  // The owner's zone, named (X-WR-TIMEZONE): the times themselves are UTC instants, which every calendar places
  // right without a VTIMEZONE block, shown in the zone of the calendar that reads them.
  cal.x([{ key: "X-WR-TIMEZONE", value: owner.time_zone }]);
  for (const r of rows) {
    const client = owner.kind === "mentor" ? firstNameAndInitial(r.first_name, r.last_name) : `${r.first_name} ${r.last_name}`;
    const cancelled = r.status === "canceled";
    cal.createEvent({
      id: `booking-${r.id}@${host}`,
      // A cancellation outranks the last invite (sent with the session's sequence), as the e-mailed one does.
      sequence: r.sequence + (cancelled ? 1 : 0),
      start: new Date(r.start_at),
      end: new Date(r.end_at),
      summary: `${cancelled ? "Cancelled: " : ""}Mentor session: ${r.mentor_name} with ${client}`,
      description: `Topic: ${r.topic}\nBooked by ${r.agent_name} (${r.agent_email}) through ${o.company}.${r.join_url ? `\nJoin: ${r.join_url}` : ""}`,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: { name: icsName(o.company), email: r.agent_email },
      ...(r.join_url ? { location: r.join_url } : {}),
      url: r.join_url ?? `${o.publicUrl}${owner.kind === "mentor" ? "/mentoring" : "/bookings"}`,
    });
  }
  return { bytes: new TextEncoder().encode(cal.toString()), type: "text/calendar; charset=utf-8", name: "calendar.ics" };
}
