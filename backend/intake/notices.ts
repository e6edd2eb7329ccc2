/**
 * What a questionnaire tells people (issue 40, point 2), all through the outbox. The client, in their language with
 * a one-time link that opens the questionnaire: when it is sent (by the agent at once; by a payment on the sweep's
 * next round, as the payment's transaction has no address to link to), once three days later while it is not yet
 * submitted (and again three days after it is returned), and when the agent returns it. The agent: when the client
 * submits. Each notice of the sweep is claimed by one guarded update, so servers sweeping at once send it once.
 */
import { sql, type Kysely } from "kysely";
import type { QuestionnaireContent } from "../../lib/intake.js";
import { issueClientLink } from "../clients/links.js";
import { clientAddressed, clientsWithAgent } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import type { QuestionnaireToClient } from "../mail/facts.js";
import { enqueue } from "../mail/outbox.js";
import { enqueueReminder } from "../phone/enqueue.js";

type Db = Kysely<Database>;

export const QUESTIONNAIRE_REMIND_DAYS = 3;

/**
 * Each copy's notice claimed by one guarded update of its mark (`notified_at` for the first word, `reminded_at` for
 * the reminder), then told in the same transaction: servers sweeping at once tell each once. How many were told.
 */
async function claimAndTell(
  db: Db,
  table: "client_questionnaires" | "client_agreements",
  rows: { untold: Array<{ id: number }>; toRemind: Array<{ id: number }> },
  stamp: string,
  tell: (trx: Db, id: number, event: "sent" | "reminder") => Promise<boolean>,
) {
  let queued = 0;
  for (const [list, column, event] of [
    [rows.untold, "notified_at", "sent"],
    [rows.toRemind, "reminded_at", "reminder"],
  ] as const) {
    for (const { id } of list) {
      const told = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable(table)
          .set({ [column]: stamp })
          .where("id", "=", id)
          .where(column, "is", null)
          .executeTakeFirst();
        return Number(claimed.numUpdatedRows) === 1 && tell(trx, id, event);
      });
      if (told) queued++;
    }
  }
  return queued;
}

/**
 * The client as a notice addresses them, with a one-time link (7 days) that opens `next`; null when they cannot be
 * written to (no address, archived, or their access ended by the agent). A questionnaire or an agreement lets in a
 * client who never had their page, as a request for documents does; an access the agent ended stays ended.
 */
async function linkTo(trx: Db, clientId: number, next: string, publicUrl: string, now: Date) {
  const who = await clientsWithAgent(trx)
    .select(["clients.access_opened_at", "clients.access_ended_at", "clients.archived_at"])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  const people = who ? clientAddressed(who) : null;
  if (!who || !people || who.archived_at || who.access_ended_at) return null;
  if (who.access_opened_at === null) {
    await trx.updateTable("clients").set({ access_opened_at: now.toISOString() }).where("id", "=", clientId).execute();
  }
  const link = await issueClientLink(trx, clientId, "questionnaire", null, publicUrl, now);
  const url = new URL(link.url);
  url.searchParams.set("next", next);
  return { people, link: url.toString(), expiresAt: link.expiresAt };
}

/** Tells the client of their copy (in the caller's transaction). False when they cannot be written to. */
export async function tellClient(
  trx: Db,
  copyId: number,
  event: QuestionnaireToClient["event"],
  publicUrl: string,
  now = new Date(),
): Promise<boolean> {
  const copy = await trx
    .selectFrom("client_questionnaires as cq")
    .innerJoin("questionnaire_versions as v", "v.id", "cq.version_id")
    .select(["cq.client_id", "cq.review_note", "v.content"])
    .where("cq.id", "=", copyId)
    .executeTakeFirst();
  if (!copy) return false;
  const to = await linkTo(trx, copy.client_id, `/my/questionnaires/${copyId}`, publicUrl, now);
  if (!to) return false;
  const content = JSON.parse(copy.content) as QuestionnaireContent;
  await enqueueReminder(
    trx,
    {
      dedupeKey: `questionnaire:${copyId}:${event}:${now.toISOString()}`,
      to: to.people.to.email,
      person: { kind: "client", id: copy.client_id },
      replyTo: to.people.agent.email,
      facts: {
        kind: "client.questionnaire",
        ...to.people,
        event,
        title: content.title,
        note: event === "returned" ? copy.review_note : null,
        link: to.link,
        expires_at: to.expiresAt,
      },
    },
    now,
  );
  return true;
}

/** The agent hears that the client submitted their answers. */
export async function tellAgentSubmitted(trx: Db, copyId: number, now = new Date()) {
  const row = await trx
    .selectFrom("client_questionnaires as cq")
    .innerJoin("clients", "clients.id", "cq.client_id")
    .innerJoin("agents", "agents.id", "cq.agent_id")
    .innerJoin("questionnaires as q", "q.id", "cq.questionnaire_id")
    .select([
      "cq.client_id",
      "clients.first_name",
      "clients.last_name",
      "agents.email",
      "agents.name",
      "agents.time_zone",
      "q.id as questionnaire_id",
      "q.name as questionnaire_name",
    ])
    .where("cq.id", "=", copyId)
    .executeTakeFirstOrThrow();
  await enqueue(
    trx,
    {
      dedupeKey: `questionnaire:${copyId}:submitted:${now.toISOString()}`,
      to: row.email,
      facts: {
        kind: "agent.questionnaire_submitted",
        to: { email: row.email, name: row.name, zone: row.time_zone, role: "agent" },
        client: { id: row.client_id, name: `${row.first_name} ${row.last_name}` },
        questionnaire: { id: copyId, name: row.questionnaire_name },
      },
    },
    now,
  );
}

/**
 * The sweep's round: copies a payment sent that the client was not yet told of, and the reminders now due. Returns
 * how many notices it queued.
 */
export async function questionnaireNotices(db: Db, publicUrl: string, now = new Date()) {
  const stamp = now.toISOString();
  const due = new Date(now.getTime() - QUESTIONNAIRE_REMIND_DAYS * 86_400_000).toISOString();
  const untold = await db
    .selectFrom("client_questionnaires")
    .select("id")
    .where("notified_at", "is", null)
    .where("status", "<>", "accepted")
    .limit(200)
    .execute();
  const toRemind = await db
    .selectFrom("client_questionnaires")
    .select("id")
    .where("status", "in", ["sent", "started", "returned"])
    .where("notified_at", "is not", null)
    .where("reminded_at", "is", null)
    .where(sql<string>`coalesce(returned_at, sent_at)`, "<=", due)
    .limit(200)
    .execute();
  return claimAndTell(db, "client_questionnaires", { untold, toRemind }, stamp, (trx, id, event) =>
    tellClient(trx, id, event, publicUrl, now),
  );
}

/** Tells the client of an agreement to sign, in their language, with a one-time link that opens it. */
export async function tellClientOfAgreement(
  trx: Db,
  copyId: number,
  event: "sent" | "reminder",
  publicUrl: string,
  now = new Date(),
): Promise<boolean> {
  const copy = await trx
    .selectFrom("client_agreements")
    .select(["client_id", "service_id"])
    .where("id", "=", copyId)
    .executeTakeFirst();
  if (!copy) return false;
  const to = await linkTo(trx, copy.client_id, `/my/agreements/${copyId}`, publicUrl, now);
  if (!to) return false;
  await enqueue(
    trx,
    {
      dedupeKey: `agreement:${copyId}:${event}:${now.toISOString()}`,
      to: to.people.to.email,
      replyTo: to.people.agent.email,
      facts: {
        kind: "client.agreement",
        ...to.people,
        event,
        service_id: copy.service_id,
        link: to.link,
        expires_at: to.expiresAt,
      },
    },
    now,
  );
  return true;
}

/** The agent hears that the client signed, with the signed PDF filed among the client's documents. */
export async function tellAgentSigned(trx: Db, copyId: number, now = new Date()) {
  const row = await trx
    .selectFrom("client_agreements as ca")
    .innerJoin("clients", "clients.id", "ca.client_id")
    .innerJoin("agents", "agents.id", "ca.agent_id")
    .select([
      "ca.client_id",
      "ca.service_id",
      "clients.first_name",
      "clients.last_name",
      "agents.email",
      "agents.name",
      "agents.time_zone",
    ])
    .where("ca.id", "=", copyId)
    .executeTakeFirstOrThrow();
  await enqueue(
    trx,
    {
      dedupeKey: `agreement:${copyId}:signed`,
      to: row.email,
      facts: {
        kind: "agent.agreement_signed",
        to: { email: row.email, name: row.name, zone: row.time_zone, role: "agent" },
        client: { id: row.client_id, name: `${row.first_name} ${row.last_name}` },
        service_id: row.service_id,
      },
    },
    now,
  );
}

/** The sweep's round for agreements: those a payment sent not yet told of, and one reminder three days on. */
export async function agreementNotices(db: Db, publicUrl: string, now = new Date()) {
  const stamp = now.toISOString();
  const due = new Date(now.getTime() - QUESTIONNAIRE_REMIND_DAYS * 86_400_000).toISOString();
  const untold = await db
    .selectFrom("client_agreements")
    .select("id")
    .where("notified_at", "is", null)
    .where("status", "=", "sent")
    .limit(200)
    .execute();
  const toRemind = await db
    .selectFrom("client_agreements")
    .select("id")
    .where("status", "=", "sent")
    .where("notified_at", "is not", null)
    .where("reminded_at", "is", null)
    .where("sent_at", "<=", due)
    .limit(200)
    .execute();
  return claimAndTell(db, "client_agreements", { untold, toRemind }, stamp, (trx, id, event) =>
    tellClientOfAgreement(trx, id, event, publicUrl, now),
  );
}
