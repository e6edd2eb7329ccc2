/** What a mentor sees of the sessions they give (lib/contract/mentoring.ts): never a client's papers or a price. */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { MentorAgenda, mentorHoursBody, MentorOwnProfile, mentorProfileBody, MentorSession } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { audit } from "./audit.js";
import { getMentor } from "./mentors.js";
import { replaceHours } from "./office-mentors.js";
import { firstNameAndInitial, joinUrl } from "./session-facts.js";

type MentorProfileValues = z.output<typeof mentorProfileBody>;
type MentorHoursValues = z.output<typeof mentorHoursBody>;

const PAST_SHOWN = 50;

export async function mentorAgenda(db: Kysely<Database>, mentorId: number, now = new Date()): Promise<MentorAgenda> {
  const base = db
    .selectFrom("mentor_bookings")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .innerJoin("agents", "agents.id", "mentor_bookings.agent_id")
    .select([
      "mentor_bookings.id",
      "mentor_bookings.start_at",
      "mentor_bookings.end_at",
      "mentor_bookings.status",
      "mentor_bookings.topic",
      "clients.first_name",
      "clients.last_name",
      "agents.name as agent_name",
      "agents.email as agent_email",
      joinUrl.as("join_url"),
    ])
    .where("mentor_bookings.mentor_id", "=", mentorId)
    // Held sessions are not sold yet, released ones never were: the mentor hears of a session once it is paid.
    .where("mentor_bookings.status", "in", ["confirmed", "canceled"])
    .where((eb) => eb.or([eb("mentor_bookings.status", "=", "confirmed"), eb("mentor_bookings.order_id", "is not", null)]));
  const at = now.toISOString();
  const [{ time_zone }, upcoming, past] = await Promise.all([
    db.selectFrom("mentors").select("time_zone").where("id", "=", mentorId).executeTakeFirstOrThrow(),
    base
      .where("mentor_bookings.end_at", ">", at)
      .orderBy("mentor_bookings.start_at", "asc")
      .orderBy("mentor_bookings.id")
      .execute(),
    base
      .where("mentor_bookings.end_at", "<=", at)
      .orderBy("mentor_bookings.start_at", "desc")
      .orderBy("mentor_bookings.id", "desc")
      .limit(PAST_SHOWN)
      .execute(),
  ]);
  const shown = (r: (typeof upcoming)[number]): MentorSession => ({
    id: r.id,
    start_at: r.start_at,
    end_at: r.end_at,
    status: r.status === "canceled" ? "canceled" : "confirmed",
    topic: r.topic,
    client: firstNameAndInitial(r.first_name, r.last_name),
    agent: { name: r.agent_name, email: r.agent_email },
    join_url: r.join_url,
  });
  return { time_zone, upcoming: upcoming.map(shown), past: past.map(shown) };
}

/** The mentor's own profile and week, as they edit them. */
export async function ownProfile(db: Kysely<Database>, mentorId: number): Promise<MentorOwnProfile> {
  const [profile, row] = await Promise.all([
    getMentor(db, mentorId, { inactive: true }),
    db.selectFrom("mentors").select("meeting_url").where("id", "=", mentorId).executeTakeFirstOrThrow(),
  ]);
  return { ...profile, meeting_url: row.meeting_url };
}

/** Their bio, expertise, languages, zone and standing link: saved, and audited as the mentor's own change. */
export async function saveOwnProfile(db: Kysely<Database>, mentorId: number, v: MentorProfileValues, now = new Date()) {
  const before = await ownProfile(db, mentorId);
  const after = {
    bio: v.bio,
    expertise: JSON.stringify(v.expertise),
    languages: JSON.stringify(v.languages),
    time_zone: v.time_zone,
    meeting_url: v.meeting_url ?? null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("mentors").set(after).where("id", "=", mentorId).execute();
    await audit(
      trx,
      {
        staffId: null,
        mentorId,
        kind: "mentor.profile",
        subject: `mentor:${mentorId}`,
        before: { time_zone: before.time_zone, meeting_url: before.meeting_url, expertise: before.expertise },
        after: { time_zone: v.time_zone, meeting_url: v.meeting_url ?? null, expertise: v.expertise },
      },
      now,
    );
  });
  return ownProfile(db, mentorId);
}

/** Their weekly hours and days off, replaced whole as the office does (booked sessions are never touched). */
export async function saveOwnHours(db: Kysely<Database>, mentorId: number, v: MentorHoursValues, now = new Date()) {
  const before = await ownProfile(db, mentorId);
  await db.transaction().execute(async (trx) => {
    await replaceHours(trx, mentorId, v);
    await audit(
      trx,
      {
        staffId: null,
        mentorId,
        kind: "mentor.hours",
        subject: `mentor:${mentorId}`,
        before: { hours: before.availability, time_off: before.time_off },
        after: { hours: v.hours, time_off: v.time_off },
      },
      now,
    );
  });
  return ownProfile(db, mentorId);
}
