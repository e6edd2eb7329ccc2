/** Mentors as staff keep them: profile, weekly hours and time off, rate, active or not. */
import { type Kysely } from "kysely";
import type { MentorTexts } from "../../lib/catalogue-texts.js";
import type { MentorValues, OfficeMentor, SessionDecision } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { asLang } from "../../lib/i18n/languages.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import { pendingEmails } from "../accounts/email-changes.js";
import { expirePasswordLinks, issuePasswordLink } from "../accounts/password-links.js";
import { endSessions } from "../accounts/tokens.js";
import { audit } from "../audit.js";
import { mentorProfiles, replaceHours } from "../bookings/mentors.js";
import { changeWeek, type WeekRules } from "../bookings/week-change.js";
import { saveTexts, textsOf } from "../catalogue/texts.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { checkCountry } from "./catalogue.js";

export async function getOfficeMentor(db: Kysely<Database>, id: number, now = new Date()): Promise<OfficeMentor> {
  const [mentor] = await officeMentors(db, [id], now);
  if (!mentor) throw new NotFound("mentor.not_found", "No such mentor.");
  return mentor;
}

export async function listOfficeMentors(db: Kysely<Database>, now = new Date()) {
  return officeMentors(db, "all", now);
}

/** Mentors as the office sees them, active or not, by name: a fixed number of queries whatever their number. */
async function officeMentors(db: Kysely<Database>, which: number[] | "all", now: Date): Promise<OfficeMentor[]> {
  const mentors = await mentorProfiles(db, which, { inactive: true });
  const ids = mentors.map((m) => m.id);
  if (!ids.length) return [];
  const [rows, texts, pending] = await Promise.all([
    db
      .selectFrom("mentors")
      .select((eb) => [
        "id",
        "active",
        "email",
        "meeting_url",
        "language",
        eb.fn<number>("coalesce", [eb.fn<number>("length", ["password_hash"]), eb.val(0)]).as("password_length"),
        eb
          .selectFrom("mentor_bookings")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("mentor_bookings.mentor_id", "=", "mentors.id")
          .where("mentor_bookings.status", "in", ["held", "confirmed"])
          .where("mentor_bookings.start_at", ">", now.toISOString())
          .as("upcoming"),
      ])
      .where("id", "in", ids)
      .execute(),
    textsOf<MentorTexts>(db, "mentor", ids, ["expertise"]),
    pendingEmails(db, "mentor", ids, now),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return mentors.map((mentor) => {
    const row = byId.get(mentor.id)!;
    return {
      ...mentor,
      texts: texts.get(mentor.id) ?? {},
      active: row.active === 1,
      upcoming_sessions: Number(row.upcoming ?? 0),
      email: row.email,
      meeting_url: row.meeting_url,
      language: asLang(row.language),
      signed_up: Number(row.password_length) > 0,
      pending_email: pending.get(mentor.id) ?? null,
    };
  });
}

function mentorRow(v: MentorValues) {
  return {
    name: v.name,
    email: v.email ?? null,
    title: v.title,
    bio: v.bio,
    expertise: JSON.stringify(v.expertise),
    languages: JSON.stringify(v.languages),
    country_code: v.country_code!,
    time_zone: v.time_zone,
    rate_minor: v.rate_minor,
    currency: CATALOGUE_CURRENCY,
    photo_url: v.photo_url ?? null,
    meeting_url: v.meeting_url ?? null,
    // Left out, the language stays (the column's default for a new mentor: English).
    ...(v.language ? { language: v.language } : {}),
  };
}

/** Another mentor has this address: said beside the field (the unique index decides, whoever saves first). */
function sameEmail(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new Invalid("validation.failed", FIX_FIELDS, {
      email: [fieldError("email.taken", "Another mentor has this e-mail address")],
    });
  }
  throw error;
}

export async function createMentor(db: Kysely<Database>, staffId: number, v: MentorValues, now = new Date()) {
  await checkCountry(db, v.country_code!);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx.insertInto("mentors").values(mentorRow(v)).returning("id").executeTakeFirstOrThrow();
      await replaceHours(trx, id, v);
      await saveTexts(trx, "mentor", id, v.texts, now);
      await audit(
        trx,
        { staffId, kind: "mentor.create", subject: `mentor:${id}`, after: { ...mentorRow(v), hours: v.hours } },
        now,
      );
      return id;
    })
    .catch(sameEmail);
  return getOfficeMentor(db, id, now);
}

/**
 * Edits a mentor's profile and weekly hours. Confirmed sessions the new week (hours, days off, zone) leaves out
 * need a decision each, made in the same transaction (week-change.ts); `settle` then refunds what was cancelled.
 */
export async function editMentor(
  db: Kysely<Database>,
  staffId: number,
  id: number,
  v: MentorValues & { affected?: Record<string, SessionDecision>; affected_reason?: string | null },
  rules: WeekRules,
  now = new Date(),
) {
  const before = await getOfficeMentor(db, id, now);
  await checkCountry(db, v.country_code!);
  const week = { hours: v.hours, time_off: v.time_off, time_zone: v.time_zone };
  await changeWeek(
    db,
    id,
    { week, affected: v.affected, reason: v.affected_reason, by: "staff" },
    rules,
    async (trx) => {
      if (before.email && before.email !== (v.email ?? null)) {
        // A new address (or none): whoever holds the old one is signed out, and links sent there stop working.
        await endSessions(trx, "mentor", id);
        await expirePasswordLinks(trx, "mentor", id, now);
      }
      await trx.updateTable("mentors").set(mentorRow(v)).where("id", "=", id).execute();
      await replaceHours(trx, id, v);
      await saveTexts(trx, "mentor", id, v.texts, now);
      await audit(
        trx,
        {
          staffId,
          kind: "mentor.edit",
          subject: `mentor:${id}`,
          before: {
            email: before.email,
            rate_minor: before.rate_minor,
            time_zone: before.time_zone,
            hours: before.availability,
            time_off: before.time_off,
            language: before.language,
          },
          after: {
            email: v.email ?? null,
            rate_minor: v.rate_minor,
            time_zone: v.time_zone,
            hours: v.hours,
            time_off: v.time_off,
            language: v.language ?? before.language,
            ...(Object.keys(v.affected ?? {}).length ? { sessions: v.affected } : {}),
          },
        },
        now,
      );
    },
    now,
  ).catch(sameEmail);
  return getOfficeMentor(db, id, now);
}

/**
 * Inactive: the mentor leaves the agents' list and takes no new bookings; booked sessions stay. They are signed out
 * and cannot sign in, and links sent to them stop working.
 */
export async function setMentorActive(db: Kysely<Database>, staffId: number, id: number, active: boolean, now = new Date()) {
  const before = await getOfficeMentor(db, id, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("mentors")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    if (!active) {
      await endSessions(trx, "mentor", id);
      await expirePasswordLinks(trx, "mentor", id, now);
    }
    await audit(
      trx,
      {
        staffId,
        kind: active ? "mentor.activate" : "mentor.deactivate",
        subject: `mentor:${id}`,
        before: { active: before.active },
        after: { active },
      },
      now,
    );
  });
  return getOfficeMentor(db, id, now);
}

/** Invites a mentor (or sends a new link): a set-password link to their address, answered for staff to hand over. */
export async function newMentorPasswordLink(
  db: Kysely<Database>,
  staffId: number,
  mentorId: number,
  publicUrl: string,
  now = new Date(),
) {
  const mentor = await getOfficeMentor(db, mentorId, now);
  if (!mentor.email)
    throw new Invalid("mentor.no_address", "Give the mentor an e-mail address first, then invite them.", {
      email: [fieldError("mentor.no_address", "Required to invite")],
    });
  if (!mentor.active) throw new Invalid("mentor.inactive", "Make the mentor active first: an inactive mentor cannot sign in.");
  return db.transaction().execute(async (trx) => {
    const link = await issuePasswordLink(trx, "mentor", mentorId, now, { mailTo: { publicUrl } });
    await audit(trx, { staffId, kind: "mentor.password_link", subject: `mentor:${mentorId}` }, now);
    return link;
  });
}
