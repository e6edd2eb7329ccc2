/** What a mentor sees of the sessions they give (lib/contract/mentoring.ts): never a client's papers or a price. */
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type {
  MentorAgenda,
  mentorHoursBody,
  MentorOwnProfile,
  mentorProfileBody,
  MentorSession,
  SessionOutcome,
} from "../../lib/contract.js";
import { asLang } from "../../lib/i18n/languages.js";
import { audit } from "../audit.js";
import { getMentor, replaceHours } from "../bookings/mentors.js";
import { firstNameAndInitial, joinUrl, sessionsWithPeople } from "../bookings/session-facts.js";
import { changeWeek, type Week, type WeekRules } from "../bookings/week-change.js";
import { clientEvent } from "../clients/case-file.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";

type Db = Kysely<Database>;

type MentorProfileValues = z.output<typeof mentorProfileBody>;
type MentorHoursValues = z.output<typeof mentorHoursBody>;

const PAST_SHOWN = 50;

/** The sessions a mentor sees: the paid ones (confirmed, or cancelled once paid), with whom and where. */
function agendaQuery(db: Db, mentorId: number) {
  return (
    sessionsWithPeople(db)
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
        "mentor_bookings.outcome",
        "mentor_bookings.outcome_summary",
        "mentor_bookings.move_requested_at",
        "mentor_bookings.move_reason",
      ])
      .where("mentor_bookings.mentor_id", "=", mentorId)
      // Held sessions are not sold yet, released ones never were: the mentor hears of a session once it is paid.
      .where("mentor_bookings.status", "in", ["confirmed", "canceled"])
      .where((eb) => eb.or([eb("mentor_bookings.status", "=", "confirmed"), eb("mentor_bookings.order_id", "is not", null)]))
  );
}

type AgendaRow = Awaited<ReturnType<ReturnType<typeof agendaQuery>["execute"]>>[number];

/** A session as its mentor is shown it: the client by first name and initial, never a paper or a price. */
function shown(r: AgendaRow): MentorSession {
  return {
    id: r.id,
    start_at: r.start_at,
    end_at: r.end_at,
    status: r.status === "canceled" ? "canceled" : "confirmed",
    topic: r.topic,
    client: firstNameAndInitial(r.first_name, r.last_name),
    agent: { name: r.agent_name, email: r.agent_email },
    join_url: r.join_url,
    outcome: (r.outcome as MentorSession["outcome"]) ?? null,
    outcome_summary: r.outcome_summary ?? null,
    move_requested:
      r.move_requested_at && r.status === "confirmed" ? { reason: r.move_reason ?? "", at: r.move_requested_at } : null,
  };
}

export async function mentorAgenda(db: Db, mentorId: number, now = new Date()): Promise<MentorAgenda> {
  const base = agendaQuery(db, mentorId);
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
  return { time_zone, upcoming: upcoming.map(shown), past: past.map(shown) };
}

const outcomeWords: Record<SessionOutcome, string> = {
  held: "held",
  client_no_show: "not attended: the client did not come",
};

/** One of the mentor's sessions as their agenda shows it (another mentor's: not found). */
export async function mentorSession(db: Db, mentorId: number, bookingId: number) {
  const row = await agendaQuery(db, mentorId).where("mentor_bookings.id", "=", bookingId).executeTakeFirst();
  if (!row) throw new NotFound("session.not_found", "No such session.");
  return shown(row);
}

/**
 * The mentor marks their session once it has started: held (with a summary, which goes on the client's timeline
 * for the agent) or the client did not come. One guarded update (the mentor's own, confirmed, started, not marked
 * yet), so two marks at once leave one; another mentor's session is not found.
 */
export async function markOutcome(
  db: Db,
  mentorId: number,
  bookingId: number,
  input: { outcome: SessionOutcome; summary?: string },
  now = new Date(),
): Promise<MentorSession> {
  const at = now.toISOString();
  const summary = input.outcome === "held" ? (input.summary ?? null) : input.summary || null;
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("mentor_bookings")
      .set({ outcome: input.outcome, outcome_summary: summary, outcome_at: at, outcome_by: `mentor:${mentorId}`, updated_at: at })
      .where("id", "=", bookingId)
      .where("mentor_id", "=", mentorId)
      .where("status", "=", "confirmed")
      .where("start_at", "<=", at)
      .where("outcome", "is", null)
      // Asked to move and not moved: it is cancelled and refunded at its start, not held.
      .where("move_requested_at", "is", null)
      .returning(["agent_id", "client_id", "start_at"])
      .executeTakeFirst();
    if (!marked) {
      const row = await trx
        .selectFrom("mentor_bookings")
        .select(["status", "start_at", "outcome", "move_requested_at"])
        .where("id", "=", bookingId)
        .where("mentor_id", "=", mentorId)
        .executeTakeFirst();
      if (!row) throw new NotFound("session.not_found", "No such session.");
      if (row.outcome) throw new Conflict("session.marked", "This session was marked already.");
      if (row.status !== "confirmed") throw new Conflict("session.not_confirmed", "Only a confirmed session can be marked.");
      if (row.move_requested_at && row.start_at <= at) {
        throw new Conflict(
          "session.move_lapsed",
          "You asked to move this session and no new time was chosen: it is cancelled and refunded.",
        );
      }
      throw new Conflict("session.not_started", "A session can be marked once it has started.");
    }
    const { name } = await trx.selectFrom("mentors").select("name").where("id", "=", mentorId).executeTakeFirstOrThrow();
    await clientEvent(
      trx,
      {
        agentId: marked.agent_id,
        clientId: marked.client_id,
        kind: input.outcome === "held" ? "session.held" : "session.no_show",
        summary: `Session with ${name} ${outcomeWords[input.outcome]}${summary ? `: ${summary}` : "."}`,
        ref: `booking:${bookingId}`,
      },
      now,
    );
  });
  return mentorSession(db, mentorId, bookingId);
}

/** The mentor's own profile and week, as they edit them. */
export async function ownProfile(db: Db, mentorId: number): Promise<MentorOwnProfile> {
  const [profile, row] = await Promise.all([
    getMentor(db, mentorId, { inactive: true }),
    db.selectFrom("mentors").select(["meeting_url", "language"]).where("id", "=", mentorId).executeTakeFirstOrThrow(),
  ]);
  return { ...profile, meeting_url: row.meeting_url, language: asLang(row.language) };
}

/** Their bio, expertise, languages, zone and standing link: saved, and audited as the mentor's own change. */
export async function saveOwnProfile(db: Db, mentorId: number, v: MentorProfileValues, rules: WeekRules, now = new Date()) {
  const before = await ownProfile(db, mentorId);
  const language = v.language ?? before.language;
  const after = {
    bio: v.bio,
    expertise: JSON.stringify(v.expertise),
    languages: JSON.stringify(v.languages),
    time_zone: v.time_zone,
    meeting_url: v.meeting_url ?? null,
    language,
  };
  // The same hours read in a new zone are other instants: sessions they leave out are decided on first.
  const week =
    v.time_zone === before.time_zone ? null : { hours: before.availability, time_off: before.time_off, time_zone: v.time_zone };
  return ownChange(
    db,
    mentorId,
    { week, decided: v, rules, now },
    {
      write: (trx) => trx.updateTable("mentors").set(after).where("id", "=", mentorId).execute(),
      kind: "mentor.profile",
      before: {
        time_zone: before.time_zone,
        meeting_url: before.meeting_url,
        expertise: before.expertise,
        language: before.language,
      },
      after: { time_zone: v.time_zone, meeting_url: v.meeting_url ?? null, expertise: v.expertise, language },
    },
  );
}

/**
 * Their weekly hours and days off, replaced whole as the office does; confirmed sessions the new week leaves out
 * need a decision each (week-change.ts), and `settle` refunds what was cancelled.
 */
export async function saveOwnHours(db: Db, mentorId: number, v: MentorHoursValues, rules: WeekRules, now = new Date()) {
  const before = await ownProfile(db, mentorId);
  const week = { hours: v.hours, time_off: v.time_off, time_zone: before.time_zone };
  return ownChange(
    db,
    mentorId,
    { week, decided: v, rules, now },
    {
      write: (trx) => replaceHours(trx, mentorId, v),
      kind: "mentor.hours",
      before: { hours: before.availability, time_off: before.time_off },
      after: { hours: v.hours, time_off: v.time_off, ...(Object.keys(v.affected).length ? { sessions: v.affected } : {}) },
    },
  );
}

/**
 * A change the mentor makes to their own profile or week: the sessions a new week leaves out settled as they
 * decided (week-change.ts), the write, and its audit entry as the mentor's, in one transaction; then the profile as
 * it now stands.
 */
async function ownChange(
  db: Db,
  mentorId: number,
  {
    week,
    decided,
    rules,
    now,
  }: { week: Week | null; decided: MentorHoursValues | MentorProfileValues; rules: WeekRules; now: Date },
  entry: { write: (trx: Transaction<Database>) => Promise<unknown>; kind: string; before: unknown; after: unknown },
) {
  const change = { week, affected: decided.affected, reason: decided.affected_reason, by: "mentor" as const };
  await changeWeek(
    db,
    mentorId,
    change,
    rules,
    async (trx) => {
      await entry.write(trx);
      const { kind, before, after } = entry;
      await audit(trx, { staffId: null, mentorId, kind, subject: `mentor:${mentorId}`, before, after }, now);
    },
    now,
  );
  return ownProfile(db, mentorId);
}
