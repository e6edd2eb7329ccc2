/**
 * Reference data (countries, services) always; demo data (catalogue, demo agent and clients)
 * when asked. Every part is idempotent: a second run adds nothing.
 */
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";
import type { Kysely } from "kysely";
import { agentSearchText, clientSearchText } from "../../lib/search.js";
import { utcStamp } from "../../lib/utc-stamp.js";
import { hashPassword } from "../accounts/passwords.js";
import { defaultBookingRules, sessionRoomUrl } from "../bookings/bookings.js";
import { SLOT_MINUTES, slotsBetween } from "../bookings/slots.js";
import { saveTexts } from "../catalogue/texts.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import * as demo from "./demo-data.js";
import { seedDemoPack } from "./demo-packs.js";
import { demoQuestionnaire } from "./demo-questionnaire.js";
import { planTexts } from "./plan-texts.js";
import * as reference from "./reference-data.js";
import { stageDefaults } from "./stage-defaults.js";

const require = createRequire(import.meta.url);
countries.registerLocale(require("i18n-iso-countries/langs/en.json"));

export function countryList(): Array<{ code: string; name: string }> {
  const names = countries.getNames("en", { select: "official" });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const have = new Set((await db.selectFrom("countries").select("code").execute()).map((r) => r.code));
  const missing = countryList().filter((c) => !have.has(c.code));
  if (missing.length)
    await db
      .insertInto("countries")
      .values(missing)
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();

  for (const s of reference.services) {
    await db
      .insertInto("services")
      .values({ id: s.id, slug: s.slug, name: s.name, summary: s.summary })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
  for (const p of reference.servicePlans) {
    const written = planTexts[`${p.service_id}:${p.name}`];
    // A plan already there keeps what the office made of it; a new one starts with what it includes, in every language.
    const made = await db
      .insertInto("service_plans")
      .values({ ...p, currency: "USD", includes: JSON.stringify(written?.includes ?? []) })
      .onConflict((oc) => oc.columns(["service_id", "name"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (made && written) await saveTexts(db, "plan", made.id, written.texts, new Date());
  }
  // Each service's stages, once: a service with any (even all retired) keeps what the office made of them.
  const staged = new Set((await db.selectFrom("case_stages").select("service_id").distinct().execute()).map((r) => r.service_id));
  const stamp = new Date().toISOString();
  for (const [serviceId, stages] of Object.entries(stageDefaults)) {
    if (staged.has(Number(serviceId))) continue;
    await db
      .insertInto("case_stages")
      .values(
        stages.map((s, i) => ({ ...s, service_id: Number(serviceId), position: i + 1, created_at: stamp, updated_at: stamp })),
      )
      .execute();
  }
}

async function isEmpty(db: Kysely<Database>, table: "jobs" | "relocations" | "mentors") {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Returns the demo sign-in when the demo agent was created or already exists. */
export async function seedDemoData(db: Kysely<Database>, now = new Date()) {
  const day = 24 * 3600 * 1000;
  if (await isEmpty(db, "jobs")) {
    await db
      .insertInto("jobs")
      .values(
        demo.jobs.map(({ salary, days_ago, ...j }) => ({
          ...j,
          salary_min_minor: salary?.[0] ?? null,
          salary_max_minor: salary?.[1] ?? null,
          salary_currency: salary?.[2] ?? null,
          currency: "USD",
          posted_at: new Date(now.getTime() - days_ago * day).toISOString(),
        })),
      )
      .execute();
  }
  if (await isEmpty(db, "relocations")) {
    await db
      .insertInto("relocations")
      .values(demo.relocations.map((r) => ({ ...r, includes: JSON.stringify(r.includes) })))
      .execute();
  }
  if (await isEmpty(db, "mentors")) {
    for (const { availability, expertise, languages, ...m } of demo.mentors) {
      const { id } = await db
        .insertInto("mentors")
        .values({ ...m, expertise: JSON.stringify(expertise), languages: JSON.stringify(languages), photo_url: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("mentor_availability")
        .values(
          availability.map(([weekday, start, end]) => ({
            mentor_id: id,
            weekday,
            start_minute: toMinutes(start),
            end_minute: toMinutes(end),
          })),
        )
        .execute();
    }
  }

  const { password, ...agent } = demo.demoAgent;
  const existing = await db.selectFrom("agents").select("id").where("email", "=", agent.email).executeTakeFirst();
  if (!existing) {
    const created = await db
      .insertInto("agents")
      .values({
        ...agent,
        search_text: agentSearchText(agent),
        password_hash: await hashPassword(password),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    // Another start made the demo agent in the meantime: its clients are that start's to add.
    if (created)
      await db
        .insertInto("clients")
        .values(
          demo.demoClients.map((c, i) => ({
            ...c,
            search_text: clientSearchText(c),
            agent_id: created.id,
            created_at: new Date(now.getTime() - (demo.demoClients.length - i) * 60_000).toISOString(),
            updated_at: now.toISOString(),
          })),
        )
        .execute();
  }
  const staff = demo.demoStaff;
  const staffRow = await db.selectFrom("staff").select("id").where("email", "=", staff.email).executeTakeFirst();
  if (!staffRow) {
    await db
      .insertInto("staff")
      .values({
        email: staff.email,
        name: staff.name,
        password_hash: await hashPassword(staff.password),
        // The demo's back office is run by its owner, who invites the rest.
        role: "owner",
        created_at: now.toISOString(),
        last_sign_in_at: null,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  }
  // The demo mentor signs in: an address and a password, once (a mentor of that name left without either by staff
  // is not given them back on the next start).
  const mentor = demo.demoMentor;
  const mentorRow = await db
    .selectFrom("mentors")
    .select(["id", "email"])
    .where("name", "=", mentor.name)
    .orderBy("id")
    .executeTakeFirst();
  const mentorTaken = await db.selectFrom("mentors").select("id").where("email", "=", mentor.email).executeTakeFirst();
  if (mentorRow && !mentorRow.email && !mentorTaken) {
    await db
      .updateTable("mentors")
      .set({ email: mentor.email, password_hash: await hashPassword(mentor.password) })
      .where("id", "=", mentorRow.id)
      .where("email", "is", null)
      .execute()
      // Another start gave it meanwhile (the unique index): theirs stands.
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
  }
  if (mentorRow) await seedDemoSessions(db, mentorRow.id, agent.email, now);
  await seedDemoPack(db, now);
  if (!(await db.selectFrom("questionnaires").select("id").limit(1).executeTakeFirst())) {
    const stamp = now.toISOString();
    const { id } = await db
      .insertInto("questionnaires")
      .values({
        name: demoQuestionnaire.name,
        current_version: 1,
        next_key: demoQuestionnaire.next_key,
        retired_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("questionnaire_versions")
      .values({ questionnaire_id: id, number: 1, content: JSON.stringify(demoQuestionnaire.content), created_at: stamp })
      .execute();
  }
  return {
    email: agent.email,
    password,
    staff: { email: staff.email, password: staff.password },
    mentor: { email: mentor.email, password: mentor.password },
  };
}

/**
 * The demo mentor's sessions (issue 23): three paid by the demo agent for its first clients, one a week ago and
 * held (with a summary on the client's timeline and a line on this month's or last month's statement), two to come,
 * each on its own demo order. Only when the mentor has none yet. Starts do not race here: the seed runs under the
 * start's lock (PostgreSQL's advisory lock, SQLite's immediate transaction), and a failure undoes the whole seed.
 */
async function seedDemoSessions(db: Kysely<Database>, mentorId: number, agentEmail: string, now: Date) {
  const any = await db.selectFrom("mentor_bookings").select("id").where("mentor_id", "=", mentorId).executeTakeFirst();
  const agent = await db.selectFrom("agents").select("id").where("email", "=", agentEmail).executeTakeFirst();
  if (any || !agent) return;
  const clients = await db
    .selectFrom("clients")
    .select(["id", "first_name", "last_name"])
    .where("agent_id", "=", agent.id)
    .orderBy("id")
    .limit(2)
    .execute();
  const mentor = await db
    .selectFrom("mentors")
    .select(["name", "time_zone", "rate_minor", "currency"])
    .where("id", "=", mentorId)
    .executeTakeFirstOrThrow();
  const availability = await db
    .selectFrom("mentor_availability")
    .select(["weekday", "start_minute", "end_minute"])
    .where("mentor_id", "=", mentorId)
    .execute();
  if (!clients.length || !availability.length) return;
  // The first slot of the mentor's week from `daysFromNow` days on.
  const slotFrom = (daysFromNow: number) =>
    slotsBetween(
      availability,
      mentor.time_zone,
      new Date(now.getTime() + daysFromNow * 86_400_000),
      new Date(now.getTime() + (daysFromNow + 8) * 86_400_000),
    )[0]!.start;
  const sessions = [
    {
      start: slotFrom(-9),
      client: clients[0]!,
      topic: "CV review for product roles",
      held: "Tightened the CV to one page; next: practise the case interview.",
    },
    { start: slotFrom(3), client: clients[0]!, topic: "Interview practice", held: null },
    { start: slotFrom(6), client: clients[1] ?? clients[0]!, topic: "First weeks in a new country", held: null },
  ];
  for (const [i, s] of sessions.entries()) {
    const at = new Date(Math.min(Date.parse(s.start) - 5 * 86_400_000, now.getTime())).toISOString();
    const clientName = `${s.client.first_name} ${s.client.last_name}`;
    const order = await db
      .insertInto("orders")
      .values({
        agent_id: agent.id,
        status: "paid",
        mode: "demo",
        amount_minor: mentor.rate_minor,
        currency: mentor.currency,
        checkout_session_id: `demo_seed_session_${mentorId}_${i}`,
        checkout_url: null,
        flag_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
        expires_at: null,
        reviewed_at: null,
        reviewed_by: null,
        review_note: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const end = new Date(Date.parse(s.start) + SLOT_MINUTES * 60_000).toISOString();
    const booking = await db
      .insertInto("mentor_bookings")
      .values({
        agent_id: agent.id,
        client_id: s.client.id,
        mentor_id: mentorId,
        start_at: s.start,
        end_at: end,
        topic: s.topic,
        status: "confirmed",
        held_until: null,
        price_minor: mentor.rate_minor,
        currency: mentor.currency,
        order_id: order.id,
        refund_status: null,
        meeting_url: sessionRoomUrl(defaultBookingRules.meetingUrlTemplate),
        ...(s.held ? { outcome: "held", outcome_summary: s.held, outcome_at: end, outcome_by: `mentor:${mentorId}` } : {}),
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        position: 0,
        cart_item_id: 0,
        client_id: s.client.id,
        client_name: clientName,
        item_type: "mentor_booking",
        item_id: booking.id,
        description: `Mentor session: ${mentor.name}, ${utcStamp(s.start)} (${s.topic})`,
        price_minor: mentor.rate_minor,
        currency: mentor.currency,
        refund_status: null,
        refund_reason: null,
        refund_id: null,
        refunded_at: null,
      })
      .execute();
    if (s.held) {
      await db
        .insertInto("client_events")
        .values({
          agent_id: agent.id,
          client_id: s.client.id,
          kind: "session.held",
          summary: `Session with ${mentor.name} held: ${s.held}`,
          ref: `booking:${booking.id}`,
          created_at: end,
        })
        .execute();
    }
  }
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}
