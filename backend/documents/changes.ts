/** Changing a client's checklist: documents asked for by a payment or added by the agent, accepted, turned down, dated. */
import { sql, type Kysely } from "kysely";
import { documentTitle } from "../../lib/documents.js";
import { fieldError } from "../../lib/field-errors.js";
import { SERVICES } from "../../lib/rules.js";
import { serviceDocuments } from "../business/settings.js";
import { clientEvent } from "../clients/case-file.js";
import { issueClientLink } from "../clients/links.js";
import { documentRejected } from "../clients/notices.js";
import { ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { Conflict } from "../errors.js";
import { answerOpenRequests, documentDetail, ownDocument } from "./documents.js";

/** The service an order line is of: a plan's own, Job Placement for a job, Relocation for a package, Mentorship for a session. */
export async function lineService(trx: Kysely<Database>, line: { item_type: string; item_id: number }) {
  if (line.item_type === "job") return SERVICES.jobPlacement;
  if (line.item_type === "relocation") return SERVICES.relocation;
  if (line.item_type === "mentor_booking" || line.item_type === "session_pack") return SERVICES.mentorship;
  const plan = await trx.selectFrom("service_plans").select("service_id").where("id", "=", line.item_id).executeTakeFirst();
  return plan?.service_id;
}

/**
 * What each paid, delivered line asks of its client: the documents of its service (a plan's service, Job Placement
 * for a job, Relocation for a package, Mentorship for a session). Written in the payment's transaction; the unique
 * index makes a second order (or instance) asking for the same document add nothing.
 */
export async function requestDocuments(
  trx: Kysely<Database>,
  agentId: number,
  lines: Array<{ client_id: number; item_type: string; item_id: number }>,
  now = new Date(),
) {
  const stamp = now.toISOString();
  for (const line of lines) {
    const serviceId = await lineService(trx, line);
    const kinds = serviceId ? await serviceDocuments(trx, serviceId) : [];
    if (!kinds.length) continue;
    const added = await trx
      .insertInto("client_documents")
      .values(
        kinds.map((kind) => ({
          agent_id: agentId,
          client_id: line.client_id,
          kind,
          service_id: serviceId!,
          status: "missing",
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(["client_id", "kind"])
          .where(sql<boolean>`kind <> 'other'`)
          .doNothing(),
      )
      .returning("kind")
      .execute();
    if (!added.length) continue;
    const service = await trx.selectFrom("services").select("name").where("id", "=", serviceId!).executeTakeFirst();
    await clientEvent(
      trx,
      {
        agentId,
        clientId: line.client_id,
        kind: "document.requested",
        summary: `Documents needed for ${service?.name ?? "the service"}: ${added.map((a) => documentTitle({ kind: a.kind, title: null })).join(", ")}`,
      },
      now,
    );
  }
}

/** A document the agent wants on the checklist beyond the standard ones (an offer letter, a marriage certificate). */
export async function addDocument(db: Kysely<Database>, agentId: number, clientId: number, title: string, now = new Date()) {
  const stamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    const row = await trx
      .insertInto("client_documents")
      .values({
        agent_id: agentId,
        client_id: clientId,
        kind: "other",
        title,
        status: "missing",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "document.added",
        summary: `Document added to the checklist: ${title}`,
        ref: `document:${row.id}`,
      },
      now,
    );
    return row.id;
  });
  return documentDetail(db, agentId, clientId, id);
}

/**
 * Accepts the file the agent looked at: only while it is still the current one (a newer upload must be looked at
 * first), and only once.
 */
export async function acceptDocument(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  documentId: number,
  fileId: number,
  now = new Date(),
) {
  const doc = await ownDocument(db, agentId, clientId, documentId, { live: false });
  if (doc.status === "missing")
    throw new Conflict("document.nothing_to_accept", "There is no file to accept yet: upload one first.");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("client_documents")
      .set({ status: "accepted", accepted_at: stamp, updated_at: stamp })
      .where("id", "=", documentId)
      .where("agent_id", "=", agentId)
      .where("status", "=", "uploaded")
      .where("file_id", "=", fileId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      // Why not, as it is now (another call may have just uploaded or accepted).
      const current = await ownDocument(trx, agentId, clientId, documentId, { live: false });
      throw current.file_id !== fileId
        ? new Conflict("document.newer_file", "A newer file was uploaded meanwhile: look at it before accepting.")
        : new Conflict("document.already_accepted", "This document is already accepted.");
    }
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "document.accepted",
        summary: `${doc.title} accepted (${doc.file_name})`,
        ref: `document:${documentId}`,
      },
      now,
    );
  });
  return documentDetail(db, agentId, clientId, documentId);
}

/**
 * Turns the file the agent looked at down, with a reason: only while it is still the current one and not yet
 * reviewed (the same guard as accepting, so a client's newer upload or another review wins the race). The document
 * is missing again with the reason kept, asked for again in its open requests, and the client, when the file was
 * theirs, is e-mailed the reason with a link to send another.
 */
export async function rejectDocument(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  documentId: number,
  input: { file_id: number; reason: string },
  publicUrl: string,
  now = new Date(),
) {
  const doc = await ownDocument(db, agentId, clientId, documentId, { live: false });
  if (doc.status === "missing")
    throw new Conflict("document.nothing_to_reject", "There is no file to reject: nothing was uploaded since the last review.");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("client_documents")
      .set({
        status: "missing",
        file_id: null,
        accepted_at: null,
        rejected_at: stamp,
        reject_reason: input.reason,
        rejected_file_id: input.file_id,
        updated_at: stamp,
      })
      .where("id", "=", documentId)
      .where("agent_id", "=", agentId)
      .where("status", "=", "uploaded")
      .where("file_id", "=", input.file_id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const current = await ownDocument(trx, agentId, clientId, documentId, { live: false });
      throw current.file_id !== input.file_id
        ? new Conflict("document.newer_file", "A newer file was uploaded meanwhile: look at it before rejecting.")
        : new Conflict("document.already_accepted", "This document is already accepted: it cannot be rejected now.");
    }
    // Asked for again: the open requests wait for a new file.
    await answerOpenRequests(trx, documentId, null);
    const file = await trx
      .selectFrom("document_files")
      .select(["file_name", "from_client"])
      .where("id", "=", input.file_id)
      .executeTakeFirst();
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "document.rejected",
        summary: `${doc.title} rejected (${file?.file_name ?? "file"}${Number(file?.from_client) === 1 ? ", from the client" : ""}): ${input.reason}`,
        ref: `document:${documentId}`,
      },
      now,
    );
    const client = await trx
      .selectFrom("clients")
      .select(["access_ended_at", "archived_at"])
      .where("id", "=", clientId)
      .executeTakeFirstOrThrow();
    if (Number(file?.from_client) === 1 && !client.access_ended_at && !client.archived_at) {
      const request = await trx
        .selectFrom("document_request_items as i")
        .innerJoin("document_requests as r", "r.id", "i.request_id")
        .select("r.id")
        .where("i.document_id", "=", documentId)
        .where("r.withdrawn_at", "is", null)
        .orderBy("r.id", "desc")
        .executeTakeFirst();
      const link = await issueClientLink(trx, clientId, "request", request?.id ?? null, publicUrl, now);
      await documentRejected(trx, { clientId, documentId, title: doc.title, reason: input.reason }, link, now);
    }
  });
  return documentDetail(db, agentId, clientId, documentId);
}

/** Sets or clears the day a document expires; a new date may be warned of again. */
export async function setDocumentExpiry(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  documentId: number,
  expiresOn: string | null,
  now = new Date(),
) {
  const doc = await ownDocument(db, agentId, clientId, documentId, { live: false });
  if (doc.expires_on === expiresOn) return documentDetail(db, agentId, clientId, documentId);
  // An expiry date is the date of a paper someone has: a document with no file has none to give yet.
  if (expiresOn && !doc.file_id) {
    throw new Conflict("document.expiry_needs_file", "Upload the document first: its expiry date is the file's.", {
      expires_on: [fieldError("document.expiry_needs_file", "Upload the document first: its expiry date is the file's")],
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("client_documents")
      .set({ expires_on: expiresOn, expiry_noted_on: null, updated_at: now.toISOString() })
      .where("id", "=", documentId)
      .where("agent_id", "=", agentId)
      .execute();
    await clientEvent(
      trx,
      {
        agentId,
        clientId,
        kind: "document.expiry",
        summary: expiresOn ? `${doc.title}: expires on ${expiresOn}` : `${doc.title}: no expiry date`,
        ref: `document:${documentId}`,
      },
      now,
    );
  });
  return documentDetail(db, agentId, clientId, documentId);
}
