/**
 * The agent asks a client for documents (issue 24, point 2): items of the checklist and a short word, e-mailed with
 * a one-time link to the client's own page. Each request shows when it was sent, opened and answered (per item);
 * the sweep reminds once, three days on, while items are still missing (never for an archived client, a withdrawn
 * request or an ended access); the agent can send it again (a new link) or withdraw it.
 */
import { sql, type Kysely } from "kysely";
import type { DocumentRequest } from "../../lib/contract.js";
import { documentTitle } from "../../lib/documents.js";
import { fieldError } from "../../lib/field-errors.js";
import { clientEvent } from "../clients/case-file.js";
import { issueClientLink, openAccess } from "../clients/links.js";
import { documentsRequested } from "../clients/notices.js";
import { ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { shownStatus } from "./documents.js";

type Db = Kysely<Database>;

export const REMIND_AFTER_DAYS = 3;
const NO_REQUEST = "No such request.";

async function requestRows(db: Db, agentId: number, clientId: number, requestId?: number) {
  let q = db
    .selectFrom("document_requests")
    .selectAll()
    .where("agent_id", "=", agentId)
    .where("client_id", "=", clientId)
    .orderBy("id", "desc");
  if (requestId !== undefined) q = q.where("id", "=", requestId);
  const requests = await q.execute();
  if (!requests.length) return [];
  const items = await db
    .selectFrom("document_request_items as i")
    .innerJoin("client_documents as d", "d.id", "i.document_id")
    .select(["i.request_id", "i.document_id", "i.answered_at", "d.kind", "d.title", "d.status", "d.rejected_at"])
    .where(
      "i.request_id",
      "in",
      requests.map((r) => r.id),
    )
    .orderBy("i.id")
    .execute();
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return requests.map((r): DocumentRequest => ({
    id: r.id,
    message: r.message,
    created_at: new Date(r.created_at).toISOString(),
    last_sent_at: new Date(r.last_sent_at).toISOString(),
    times_sent: Number(r.times_sent),
    opened_at: iso(r.opened_at),
    reminded_at: iso(r.reminded_at),
    withdrawn_at: iso(r.withdrawn_at),
    items: items
      .filter((i) => i.request_id === r.id)
      .map((i) => ({
        document_id: i.document_id,
        title: documentTitle(i),
        status: shownStatus(i),
        answered_at: iso(i.answered_at),
      })),
  }));
}

export async function documentRequests(db: Db, agentId: number, clientId: number) {
  await ownClient(db, agentId, clientId, "read");
  return requestRows(db, agentId, clientId);
}

/** The agent's own request of this client, or 404 (said when a guarded update found nothing to change). */
async function requestExists(db: Db, agentId: number, clientId: number, requestId: number) {
  const found = await db
    .selectFrom("document_requests")
    .select("id")
    .where("id", "=", requestId)
    .where("agent_id", "=", agentId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  if (!found) throw new NotFound("document_request.not_found", NO_REQUEST);
}

async function oneRequest(db: Db, agentId: number, clientId: number, requestId: number) {
  const [request] = await requestRows(db, agentId, clientId, requestId);
  if (!request) throw new NotFound("document_request.not_found", NO_REQUEST);
  return request;
}

/** The titles of a request's items, in the checklist's order, for its e-mail. */
async function itemTitles(trx: Db, requestId: number, onlyMissing: boolean) {
  let q = trx
    .selectFrom("document_request_items as i")
    .innerJoin("client_documents as d", "d.id", "i.document_id")
    .select(["d.kind", "d.title"])
    .where("i.request_id", "=", requestId)
    .orderBy("i.id");
  if (onlyMissing) q = q.where("d.status", "=", "missing");
  return (await q.execute()).map(documentTitle);
}

/**
 * A new request: the items (the client's own documents; any state, since an accepted passport may be asked for
 * again when it expires), the agent's word, the client's access opened, a link e-mailed, on the timeline.
 */
export async function requestDocuments(
  db: Db,
  agentId: number,
  clientId: number,
  input: { document_ids: number[]; message?: string | null },
  publicUrl: string,
  now = new Date(),
) {
  await ownClient(db, agentId, clientId, "change");
  const ids = [...new Set(input.document_ids)];
  const docs = await db
    .selectFrom("client_documents")
    .select(["id", "kind", "title"])
    .where("client_id", "=", clientId)
    .where("agent_id", "=", agentId)
    .where("id", "in", ids)
    .execute();
  if (docs.length !== ids.length) {
    const message = "Choose documents from this client's checklist.";
    throw new Invalid("document.not_in_checklist", message, { document_ids: [fieldError("document.not_in_checklist", message)] });
  }
  const stamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    // Still the agent's, held until the request is written (a hand-over waits for it, or it finds the client gone).
    await ownClient(trx, agentId, clientId, "change");
    const request = await trx
      .insertInto("document_requests")
      .values({
        agent_id: agentId,
        client_id: clientId,
        message: input.message ?? null,
        created_at: stamp,
        last_sent_at: stamp,
        opened_at: null,
        reminded_at: null,
        withdrawn_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("document_request_items")
      .values(ids.map((document_id) => ({ request_id: request.id, document_id, answered_at: null })))
      .execute();
    await openAccess(trx, clientId, now);
    await mailRequest(
      trx,
      { clientId, requestId: request.id, message: input.message ?? null, times: 1, reminder: false },
      publicUrl,
      now,
      { agentId, summary: (titles) => `You asked the client for: ${titles.join(", ")}` },
    );
    return request.id;
  });
  return oneRequest(db, agentId, clientId, id);
}

/**
 * Mails a request to its client with a fresh link: its items still asked for (a reminder: only those still
 * missing), the agent's word, and which time this is. The agent's own sending is noted on the timeline.
 */
async function mailRequest(
  trx: Db,
  r: { clientId: number; requestId: number; message: string | null; times: number; reminder: boolean },
  publicUrl: string,
  now: Date,
  /** The agent's own sending, for their timeline (a reminder is the sweep's, and not noted) */
  noted?: { agentId: number; summary: (titles: string[]) => string },
) {
  const titles = await itemTitles(trx, r.requestId, r.reminder);
  const link = await issueClientLink(trx, r.clientId, "request", r.requestId, publicUrl, now);
  await documentsRequested(
    trx,
    { clientId: r.clientId, requestId: r.requestId, items: titles, message: r.message, times: r.times, reminder: r.reminder },
    link,
    now,
  );
  if (!noted) return;
  await clientEvent(
    trx,
    {
      agentId: noted.agentId,
      clientId: r.clientId,
      kind: "request.sent",
      summary: noted.summary(titles),
      ref: `request:${r.requestId}`,
    },
    now,
  );
}

/** Sends a request again with a new link (the earlier ones keep working until they are used or expire). */
export async function resendRequest(
  db: Db,
  agentId: number,
  clientId: number,
  requestId: number,
  publicUrl: string,
  now = new Date(),
) {
  await ownClient(db, agentId, clientId, "change");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const sent = await trx
      .updateTable("document_requests")
      .set({ last_sent_at: stamp, times_sent: sql`times_sent + 1` })
      .where("id", "=", requestId)
      .where("agent_id", "=", agentId)
      .where("client_id", "=", clientId)
      .where("withdrawn_at", "is", null)
      .returning(["times_sent", "message"])
      .executeTakeFirst();
    if (!sent) {
      await requestExists(trx, agentId, clientId, requestId);
      throw new Conflict("document_request.withdrawn", "This request was withdrawn: send a new one instead.");
    }
    await openAccess(trx, clientId, now);
    await mailRequest(
      trx,
      { clientId, requestId, message: sent.message, times: Number(sent.times_sent), reminder: false },
      publicUrl,
      now,
      { agentId, summary: (titles) => `You sent your request again: ${titles.join(", ")}` },
    );
  });
  return oneRequest(db, agentId, clientId, requestId);
}

/** Withdraws a request: its unused links stop working, and its documents are no longer asked for by it. */
export async function withdrawRequest(db: Db, agentId: number, clientId: number, requestId: number, now = new Date()) {
  await ownClient(db, agentId, clientId, "read");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const withdrawn = await trx
      .updateTable("document_requests")
      .set({ withdrawn_at: stamp })
      .where("id", "=", requestId)
      .where("agent_id", "=", agentId)
      .where("client_id", "=", clientId)
      .where("withdrawn_at", "is", null)
      .executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) !== 1) {
      await requestExists(trx, agentId, clientId, requestId);
      return; // withdrawn already: nothing more to do
    }
    await trx
      .updateTable("client_links")
      .set({ expires_at: stamp })
      .where("request_id", "=", requestId)
      .where("used_at", "is", null)
      .where("expires_at", ">", stamp)
      .execute();
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "document_request.withdrawn",
        summary: "You withdrew a request for documents",
        ref: `request:${requestId}`,
      },
      now,
    );
  });
  return oneRequest(db, agentId, clientId, requestId);
}

/**
 * The sweep's reminders: once per request, three days after it was sent, while any of its documents is still
 * missing (or rejected), its client not archived and their access open. One guarded update claims each request, so
 * two servers sweeping at once remind once.
 */
export async function remindRequests(db: Db, publicUrl: string, now = new Date()) {
  const due = new Date(now.getTime() - REMIND_AFTER_DAYS * 86_400_000).toISOString();
  const candidates = await db
    .selectFrom("document_requests as r")
    .innerJoin("clients as c", "c.id", "r.client_id")
    .select(["r.id", "r.client_id", "r.message", "r.times_sent"])
    .where("r.reminded_at", "is", null)
    .where("r.withdrawn_at", "is", null)
    .where("r.created_at", "<=", due)
    .where("c.archived_at", "is", null)
    .where("c.access_ended_at", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("document_request_items as i")
          .innerJoin("client_documents as d", "d.id", "i.document_id")
          .select("i.id")
          .whereRef("i.request_id", "=", "r.id")
          .where("d.status", "=", "missing"),
      ),
    )
    .limit(200)
    .execute();
  let sent = 0;
  for (const r of candidates) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("document_requests")
        .set({ reminded_at: now.toISOString() })
        .where("id", "=", r.id)
        .where("reminded_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      await mailRequest(
        trx,
        {
          clientId: r.client_id,
          requestId: r.id,
          message: r.message,
          times: Number(r.times_sent),
          reminder: true,
        },
        publicUrl,
        now,
      );
      sent++;
    });
  }
  return sent;
}
