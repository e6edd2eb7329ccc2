/**
 * The client's documents (issue 14, point 3): a checklist built from what was paid for (each service needs its
 * documents, written when the payment is fulfilled) and what the agent adds, each missing, uploaded or accepted,
 * with an optional expiry. Files go to the file store first and are recorded after; every file is kept (a new
 * upload replaces the current one, it does not delete it). Scoped by agent like every client query: another agent's
 * document is not found.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import {
  documentKindNames,
  type ClientDocument,
  type DocumentDetail,
  type DocumentFile,
  type DocumentKind,
} from "../../lib/contract.js";
import { SERVICES } from "../../lib/rules.js";
import { issueClientLink } from "../accounts/client-links.js";
import type { Database, DocumentFilesTable } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { documentRejected } from "../mail/notices.js";
import { serviceDocuments } from "./business-settings.js";
import { clientEvent } from "./case-file.js";
import { NO_DOCUMENT, ownClient, ownedClient } from "./ownership.js";

/** The checklist's order: the standard documents in a fixed order (passport first), then the agent's own. */
export const kindOrder: DocumentKind[] = ["passport", "visa", "address", "cv", "degree", "other"];

/** Whether the agent is waiting for a document from the client: rejected, or missing and in an open request. */
export const isAsked = (status: ClientDocument["status"], inRequest: unknown) =>
  status === "rejected" || (status === "missing" && Boolean(Number(inRequest)));

export function documentTitle(d: { kind: string; title: string | null }) {
  return d.kind === "other" ? (d.title ?? "Document") : documentKindNames[d.kind as Exclude<DocumentKind, "other">];
}

type FileRow = Pick<
  Selectable<DocumentFilesTable>,
  "id" | "file_name" | "content_type" | "size_bytes" | "uploaded_at" | "from_client" | "part_of"
>;
export const fileColumns = ["id", "file_name", "content_type", "size_bytes", "uploaded_at", "from_client", "part_of"] as const;

function toFile(f: FileRow): DocumentFile {
  return {
    id: f.id,
    file_name: f.file_name,
    content_type: f.content_type,
    size_bytes: Number(f.size_bytes),
    uploaded_at: new Date(f.uploaded_at).toISOString(),
    from_client: Number(f.from_client) === 1,
    part_of: f.part_of,
  };
}

/** Whether a document is in a request of its client's that is still open. */
export const inOpenRequest = sql<boolean>`exists (select 1 from document_request_items i
  join document_requests r on r.id = i.request_id where i.document_id = d.id and r.withdrawn_at is null)`;

/** How many files the current upload has: its first file and the pages added to it. */
const currentUploadSize = sql<number>`(select count(*) from document_files g
  where g.id = coalesce(f.part_of, f.id) or g.part_of = coalesce(f.part_of, f.id))`;

/** The status people see: a missing document the agent turned a file down for is "rejected". */
export function shownStatus(d: { status: string; rejected_at: string | null }): ClientDocument["status"] {
  return d.status === "missing" && d.rejected_at ? "rejected" : (d.status as ClientDocument["status"]);
}

function documentsQuery(db: Kysely<Database>, agentId: number) {
  return db
    .selectFrom("client_documents as d")
    .leftJoin("document_files as f", "f.id", "d.file_id")
    .leftJoin("services as s", "s.id", "d.service_id")
    .select([
      "d.id",
      "d.client_id",
      "d.kind",
      "d.title",
      "d.status",
      "d.expires_on",
      "d.accepted_at",
      "d.created_at",
      "d.rejected_at",
      "d.reject_reason",
      "d.rejected_file_id",
      "s.name as service",
      "f.id as f_id",
      "f.file_name",
      "f.content_type",
      "f.size_bytes",
      "f.uploaded_at",
      "f.from_client",
      "f.part_of",
      currentUploadSize.as("file_count"),
      inOpenRequest.as("in_request"),
    ])
    .where("d.agent_id", "=", agentId);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentsQuery>["execute"]>>[number];

function toDocument(r: DocumentRow): ClientDocument {
  const status = shownStatus(r);
  return {
    id: r.id,
    client_id: r.client_id,
    kind: r.kind as DocumentKind,
    title: documentTitle(r),
    service: r.service ?? null,
    status,
    expires_on: r.expires_on,
    accepted_at: r.accepted_at ? new Date(r.accepted_at).toISOString() : null,
    file:
      r.f_id === null
        ? null
        : toFile({
            id: r.f_id,
            file_name: r.file_name!,
            content_type: r.content_type!,
            size_bytes: r.size_bytes!,
            uploaded_at: r.uploaded_at!,
            from_client: r.from_client!,
            part_of: r.part_of ?? null,
          }),
    file_count: Number(r.file_count ?? 0),
    rejection:
      status === "rejected"
        ? { reason: r.reject_reason ?? "", at: new Date(r.rejected_at!).toISOString(), file_id: r.rejected_file_id ?? null }
        : null,
    asked: isAsked(status, r.in_request),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** The client's checklist: the standard documents in a fixed order (passport first), then the agent's own. */
export async function clientDocuments(db: Kysely<Database>, agentId: number, clientId: number): Promise<ClientDocument[]> {
  await ownClient(db, agentId, clientId, "read");
  const rows = await documentsQuery(db, agentId).where("d.client_id", "=", clientId).orderBy("d.id").execute();
  return rows.map(toDocument).sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.id - b.id);
}

export async function documentDetail(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  documentId: number,
): Promise<DocumentDetail> {
  const row = await documentsQuery(db, agentId)
    .innerJoin("clients as c", "c.id", "d.client_id")
    .select(["c.first_name", "c.last_name"])
    .where("d.client_id", "=", clientId)
    .where("d.id", "=", documentId)
    .executeTakeFirst();
  if (!row) throw new NotFound(NO_DOCUMENT);
  const files = await db
    .selectFrom("document_files")
    .select(fileColumns)
    .where("document_id", "=", documentId)
    .where("agent_id", "=", agentId)
    .orderBy("id", "desc")
    .execute();
  return { ...toDocument(row), client_name: `${row.first_name} ${row.last_name}`, files: files.map(toFile) };
}

/**
 * The agent's own document of this client, with what a change needs of it (its name, state, current file and
 * expiry) in one query; another agent's, none, or (with `live`) an archived client's: 404.
 */
export async function ownDocument(
  db: Kysely<Database>,
  agentId: number,
  clientId: number,
  documentId: number,
  opts: { live: boolean },
) {
  const row = await db
    .selectFrom("client_documents as d")
    .innerJoin("clients as c", "c.id", "d.client_id")
    .leftJoin("document_files as f", "f.id", "d.file_id")
    .select(["d.kind", "d.title", "d.status", "d.file_id", "d.expires_on", "f.file_name", "c.archived_at"])
    .where("d.id", "=", documentId)
    .where("d.client_id", "=", clientId)
    .where("d.agent_id", "=", agentId)
    .executeTakeFirst();
  if (!row) throw new NotFound(NO_DOCUMENT);
  ownedClient(row, opts.live ? "change" : "read");
  return { ...row, title: documentTitle(row) };
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
    const serviceId =
      line.item_type === "job"
        ? SERVICES.jobPlacement
        : line.item_type === "relocation"
          ? SERVICES.relocation
          : line.item_type === "mentor_booking"
            ? SERVICES.mentorship
            : (await trx.selectFrom("service_plans").select("service_id").where("id", "=", line.item_id).executeTakeFirst())
                ?.service_id;
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
  if (doc.status === "missing") throw new Conflict("There is no file to accept yet: upload one first.");
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
      throw new Conflict(
        current.file_id !== fileId
          ? "A newer file was uploaded meanwhile: look at it before accepting."
          : "This document is already accepted.",
      );
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
  if (doc.status === "missing") throw new Conflict("There is no file to reject: nothing was uploaded since the last review.");
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
      throw new Conflict(
        current.file_id !== input.file_id
          ? "A newer file was uploaded meanwhile: look at it before rejecting."
          : "This document is already accepted: it cannot be rejected now.",
      );
    }
    // Asked for again: the open requests wait for a new file.
    await trx
      .updateTable("document_request_items")
      .set({ answered_at: null })
      .where("document_id", "=", documentId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("document_requests as r")
            .select("r.id")
            .whereRef("r.id", "=", "document_request_items.request_id")
            .where("r.withdrawn_at", "is", null),
        ),
      )
      .execute();
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
    throw new Conflict("Upload the document first: its expiry date is the file's.", {
      expires_on: ["Upload the document first: its expiry date is the file's"],
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
