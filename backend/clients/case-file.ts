/**
 * A client's case file: the timeline of what happened for the client (events written in the transaction of each
 * change) and the agent's notes (append-only), merged newest first. Scoped by agent like every client query.
 */
import type { Kysely } from "kysely";
import type { TimelineEntry } from "../../lib/contract.js";
import { UTC_STAMP } from "../../lib/utc-stamp.js";
import type { Database } from "../db/schema.js";
import { ownClient } from "./ownership.js";

export type ClientEventKind =
  | "client.created"
  | "client.edited"
  | "client.archived"
  | "cart.added"
  | "cart.removed"
  | "order.paid"
  | "session.booked"
  | "session.confirmed"
  | "session.cancelled"
  | "session.held"
  | "session.no_show"
  | "session.moved"
  | "session.move_requested"
  | "refund.due"
  | "refund.done"
  | "document.requested"
  | "case.moved"
  | "session.client_move_requested"
  | "session.client_move_kept"
  | "document.added"
  | "document.uploaded"
  | "document.accepted"
  | "document.expiry"
  | "document.expiring"
  | "document.rejected"
  | "request.sent"
  | "document_request.withdrawn"
  | "client.signed_in"
  | "client.access_ended"
  | "client.erased"
  | "client.handed_over"
  | "questionnaire.sent"
  | "questionnaire.submitted"
  | "questionnaire.returned"
  | "questionnaire.accepted"
  | "agreement.sent"
  | "agreement.signed"
  | "credits.granted"
  | "credits.expired"
  | "credits.refunded";

/**
 * An order line's name without a session's time (its UTC text), where the time is said beside it (the agent's
 * attention list). The timeline keeps the time: its page shows it in the reader's zone.
 */
export function lineName(description: string) {
  return description.replace(new RegExp(`, ${UTC_STAMP.source}`), "");
}

/** One line of a client's timeline, in the caller's transaction. */
export async function clientEvent(
  trx: Kysely<Database>,
  e: { agentId: number; clientId: number; kind: ClientEventKind; summary: string; ref?: string | null },
  now = new Date(),
) {
  await trx
    .insertInto("client_events")
    .values({
      agent_id: e.agentId,
      client_id: e.clientId,
      kind: e.kind,
      summary: e.summary,
      ref: e.ref ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The same event for each line of an order (its client's timeline), e.g. paid, refunded. */
export async function orderLineEvents(
  trx: Kysely<Database>,
  lines: Array<{ client_id: number; description: string }>,
  agentId: number,
  kind: ClientEventKind,
  summary: (description: string) => string,
  ref: string,
  now = new Date(),
) {
  for (const l of lines) {
    await clientEvent(trx, { agentId, clientId: l.client_id, kind, summary: summary(l.description), ref }, now);
  }
}

export async function addNote(db: Kysely<Database>, agentId: number, clientId: number, body: string, now = new Date()) {
  const { id } = await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "read");
    return trx
      .insertInto("client_notes")
      .values({ agent_id: agentId, client_id: clientId, body, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return { id, body, created_at: now.toISOString() };
}

/** Newest first: events and notes together (the newest 200; the case file is about what is going on now). */
export async function clientTimeline(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  limit = 200,
): Promise<TimelineEntry[]> {
  const [events, notes] = await Promise.all([
    db
      .selectFrom("client_events")
      .select(["id", "kind", "summary", "ref", "created_at"])
      .where("client_id", "=", clientId)
      .where("agent_id", "=", agentId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("client_notes")
      .innerJoin("agents", "agents.id", "client_notes.agent_id")
      .select(["client_notes.id", "client_notes.body", "client_notes.created_at", "agents.name as author"])
      .where("client_notes.client_id", "=", clientId)
      .where("client_notes.agent_id", "=", agentId)
      .orderBy("client_notes.id", "desc")
      .limit(limit)
      .execute(),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((e) => ({
      id: `event-${e.id}`,
      at: new Date(e.created_at).toISOString(),
      kind: e.kind,
      summary: e.summary,
      ref: e.ref,
      author: null,
    })),
    ...notes.map((n) => ({
      id: `note-${n.id}`,
      at: new Date(n.created_at).toISOString(),
      kind: "note",
      summary: n.body,
      ref: null,
      author: n.author,
    })),
  ];
  entries.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
  return entries.slice(0, limit);
}
