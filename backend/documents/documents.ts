/**
 * The client's documents (issue 14, point 3): a checklist built from what was paid for (each service needs its
 * documents, written when the payment is fulfilled) and what the agent adds, each missing, uploaded or accepted,
 * with an optional expiry. Files go to the file store first and are recorded after; every file is kept (a new
 * upload replaces the current one, it does not delete it). Scoped by agent like every client query: another agent's
 * document is not found. Here reading them; asking for, adding, accepting, turning down and dating them is
 * changes.ts.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { type ClientDocument, type DocumentDetail, type DocumentFile, type DocumentKind } from "../../lib/contract.js";
import { documentTitle } from "../../lib/documents.js";
import { NO_DOCUMENT, ownClient, ownedClient } from "../clients/ownership.js";
import type { Database, DocumentFilesTable } from "../db/schema.js";
import { NotFound } from "../errors.js";

/** The checklist's order: the standard documents in a fixed order (passport first), then the agent's own. */
export const kindOrder: DocumentKind[] = ["passport", "visa", "address", "cv", "degree", "other"];

/** Whether the agent is waiting for a document from the client: rejected, or missing and in an open request. */
export const isAsked = (status: ClientDocument["status"], inRequest: unknown) =>
  status === "rejected" || (status === "missing" && Boolean(Number(inRequest)));

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

/**
 * The document's items in requests not withdrawn: answered at `at` (a file came: only those still waiting), or
 * waiting again (`null`: the file was turned down).
 */
export async function answerOpenRequests(db: Kysely<Database>, documentId: number, at: string | null) {
  let items = db
    .updateTable("document_request_items")
    .set({ answered_at: at })
    .where("document_id", "=", documentId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("document_requests as r")
          .select("r.id")
          .whereRef("r.id", "=", "document_request_items.request_id")
          .where("r.withdrawn_at", "is", null),
      ),
    );
  if (at !== null) items = items.where("answered_at", "is", null);
  await items.execute();
}

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
      "d.from_message",
      "d.from_questionnaire",
      "d.from_agreement",
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
    from_message: Number(r.from_message) === 1,
    from_questionnaire: Number(r.from_questionnaire) === 1,
    from_agreement: Number(r.from_agreement) === 1,
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
  if (!row) throw new NotFound("document.not_found", NO_DOCUMENT);
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
  if (!row) throw new NotFound("document.not_found", NO_DOCUMENT);
  ownedClient(row, opts.live ? "change" : "read");
  return { ...row, title: documentTitle(row) };
}
