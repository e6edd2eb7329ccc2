/**
 * The client's documents (issue 14, point 3): a checklist built from what was paid for (each service needs its
 * documents, written when the payment is fulfilled) and what the agent adds, each missing, uploaded or accepted,
 * with an optional expiry. Files go to the file store first and are recorded after; every file is kept (a new
 * upload replaces the current one, it does not delete it). Scoped by agent like every client query: another agent's
 * document is not found.
 */
import { fileTypeFromBuffer } from "file-type";
import { sql, type Kysely, type Selectable } from "kysely";
import {
  documentKindNames,
  documentsByService,
  documentTypes,
  MAX_DOCUMENT_BYTES,
  type ClientDocument,
  type DocumentDetail,
  type DocumentFile,
  type DocumentKind,
  type DocumentType,
} from "../../lib/contract.js";
import { addDays } from "../../lib/days.js";
import { expiryWindow, fileSize, TOO_LARGE } from "../../lib/documents.js";
import { SERVICES } from "../../lib/rules.js";
import type { UploadFile } from "../../lib/transport.js";
import type { Database, DocumentFilesTable } from "../db/schema.js";
import { Conflict, Invalid, NotFound, TooLarge } from "../errors.js";
import { newKey, type FileStore } from "../files/store.js";
import { clientEvent } from "./case-file.js";
import { NO_CLIENT, NO_DOCUMENT, ownClient, ownedClient } from "./ownership.js";

const kindOrder: DocumentKind[] = ["passport", "visa", "address", "cv", "degree", "other"];

export function documentTitle(d: { kind: string; title: string | null }) {
  return d.kind === "other" ? (d.title ?? "Document") : documentKindNames[d.kind as Exclude<DocumentKind, "other">];
}

/**
 * The name a file is shown and offered under: its last path segment, without control characters, at most 120
 * characters (keeping the extension). Never used to build a path: files are stored under keys of their own.
 */
/** The extensions a file of each type may end with; the first is the one given to a name that has none of them. */
const EXTENSIONS: Record<DocumentType, string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
};

export function cleanFileName(name: string, type: DocumentType) {
  const last = name.split(/[\\/]/).pop() ?? "";
  // Control characters, and what Windows will not have in a name.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"<>|*?:]/g;
  let clean = last.replace(unsafe, "").trim().replace(/^\.+/, "");
  // The name ends as what the bytes are: `passport.html` holding a PDF is kept as `passport.html.pdf`, so that a
  // downloaded file opens as what it was checked to be, never as a page whose script runs.
  const extensions = EXTENSIONS[type];
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(clean)?.[1]?.toLowerCase();
  const suffix = ext && extensions.includes(ext) ? "" : `.${extensions[0]}`;
  if (!clean) return `document.${extensions[0]}`;
  if (clean.length + suffix.length > 120) {
    const kept = suffix ? "" : `.${ext}`;
    clean = clean.slice(0, 120 - suffix.length - kept.length) + kept;
  }
  return clean + suffix;
}

/**
 * What the file is (PDF, JPEG or PNG), read from its first bytes (`head`, what lib/spool.ts keeps), never from its
 * name or declared type; anything else is refused.
 */
export async function sniffDocument(head: Uint8Array, size = head.byteLength): Promise<DocumentType> {
  if (size === 0) throw new Invalid("The file is empty.", { file: ["The file is empty."] });
  if (size > MAX_DOCUMENT_BYTES) {
    throw new TooLarge(TOO_LARGE, { file: [TOO_LARGE] });
  }
  const found = await fileTypeFromBuffer(head);
  if (found && found.mime in documentTypes) return found.mime as DocumentType;
  const message = "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).";
  throw new Invalid(message, { file: [message] });
}

function toFile(
  f: Pick<Selectable<DocumentFilesTable>, "id" | "file_name" | "content_type" | "size_bytes" | "uploaded_at">,
): DocumentFile {
  return {
    id: f.id,
    file_name: f.file_name,
    content_type: f.content_type,
    size_bytes: Number(f.size_bytes),
    uploaded_at: new Date(f.uploaded_at).toISOString(),
  };
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
      "s.name as service",
      "f.id as f_id",
      "f.file_name",
      "f.content_type",
      "f.size_bytes",
      "f.uploaded_at",
    ])
    .where("d.agent_id", "=", agentId);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentsQuery>["execute"]>>[number];

function toDocument(r: DocumentRow): ClientDocument {
  return {
    id: r.id,
    client_id: r.client_id,
    kind: r.kind as DocumentKind,
    title: documentTitle(r),
    service: r.service ?? null,
    status: r.status as ClientDocument["status"],
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
          }),
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
    .select(["id", "file_name", "content_type", "size_bytes", "uploaded_at"])
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
async function ownDocument(db: Kysely<Database>, agentId: number, clientId: number, documentId: number, opts: { live: boolean }) {
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
    const kinds = serviceId ? (documentsByService[serviceId] ?? []) : [];
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
  await ownClient(db, agentId, clientId, "change");
  const stamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
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
 * Stores an upload as the document's current file: the type from its first bytes, the file (spooled to disk, never
 * in memory whole) copied into the store under a key of its own, then (in one transaction) the file's record, the document uploaded (no longer accepted), the expiry if
 * one came with it, and the timeline. A failed record removes the stored bytes again.
 */
export async function uploadDocument(
  db: Kysely<Database>,
  store: FileStore,
  agentId: number,
  clientId: number,
  documentId: number,
  upload: { file: UploadFile; name: string; expires_on?: string | null },
  signal?: AbortSignal,
  now = new Date(),
): Promise<DocumentDetail> {
  const doc = await ownDocument(db, agentId, clientId, documentId, { live: true });
  const { file: spooled } = upload;
  const type = await sniffDocument(spooled.head, spooled.size);
  const name = cleanFileName(upload.name, type);
  const key = newKey(clientId);
  // Under the store's deadline (and the caller's signal): the file is the document's only through the write below,
  // made after the store has answered, so a put that was given up can never become its file later.
  await store.put(key, spooled, type, signal);
  const stamp = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const file = await trx
        .insertInto("document_files")
        .values({
          document_id: documentId,
          agent_id: agentId,
          storage_key: key,
          file_name: name,
          content_type: type,
          size_bytes: spooled.size,
          sha256: spooled.sha256,
          uploaded_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const expiry = upload.expires_on ? { expires_on: upload.expires_on, expiry_noted_on: null } : {};
      const updated = await trx
        .updateTable("client_documents")
        .set({ file_id: file.id, status: "uploaded", accepted_at: null, updated_at: stamp, ...expiry })
        .where("id", "=", documentId)
        .where("agent_id", "=", agentId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("clients")
              .select("clients.id")
              .whereRef("clients.id", "=", "client_documents.client_id")
              .where("clients.archived_at", "is", null),
          ),
        )
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new NotFound(NO_CLIENT);
      await clientEvent(
        trx,
        {
          agentId,
          clientId,
          kind: "document.uploaded",
          summary: `${doc.title} uploaded: ${name} (${documentTypes[type]}, ${fileSize(spooled.size)})${upload.expires_on ? `, expires on ${upload.expires_on}` : ""}`,
          ref: `document:${documentId}`,
        },
        now,
      );
    });
  } catch (err) {
    await store.remove(key).catch(() => undefined);
    throw err;
  }
  return documentDetail(db, agentId, clientId, documentId);
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

/** One stored file of the agent's own client, with its bytes; another agent's is not found. */
export async function documentFile(
  db: Kysely<Database>,
  store: FileStore,
  agentId: number,
  clientId: number,
  documentId: number,
  fileId: number,
) {
  const row = await db
    .selectFrom("document_files as f")
    .innerJoin("client_documents as d", "d.id", "f.document_id")
    .select(["f.storage_key", "f.file_name", "f.content_type", "f.size_bytes"])
    .where("f.id", "=", fileId)
    .where("f.document_id", "=", documentId)
    .where("d.client_id", "=", clientId)
    .where("d.agent_id", "=", agentId)
    .where("f.agent_id", "=", agentId)
    .executeTakeFirst();
  if (!row) throw new NotFound("No such file.");
  const bytes = await store.get(row.storage_key);
  // The record says it exists and the store has lost it: the operator's problem, not the caller's input.
  if (!bytes) throw new Error(`document file missing from the ${store.driver} store: ${row.storage_key}`);
  return { bytes, name: row.file_name, type: row.content_type };
}

/**
 * The timeline's warning of a document expiring within the notice window (or expired), once per expiry date and
 * document, however many instances sweep at once: the guarded update decides which one writes it.
 */
export async function noteExpiringDocuments(db: Kysely<Database>, now = new Date()) {
  // The widest window (the zone furthest ahead); each document is then held to its agent's own days.
  const widest = addDays(expiryWindow(now, "UTC").horizon, 1);
  const candidates = await db
    .selectFrom("client_documents")
    .innerJoin("agents", "agents.id", "client_documents.agent_id")
    .select([
      "client_documents.id",
      "client_documents.agent_id",
      "client_documents.client_id",
      "client_documents.kind",
      "client_documents.title",
      "client_documents.expires_on",
      "agents.time_zone",
    ])
    .where("client_documents.status", "<>", "missing")
    .where("client_documents.expires_on", "is not", null)
    .where("client_documents.expires_on", "<=", widest)
    .where((eb) =>
      eb.or([
        eb("client_documents.expiry_noted_on", "is", null),
        eb("client_documents.expiry_noted_on", "<>", eb.ref("client_documents.expires_on")),
      ]),
    )
    .limit(500)
    .execute();
  let noted = 0;
  for (const d of candidates) {
    const { today, horizon } = expiryWindow(now, d.time_zone);
    if (d.expires_on! > horizon) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("client_documents")
        .set({ expiry_noted_on: d.expires_on })
        .where("id", "=", d.id)
        .where("expires_on", "=", d.expires_on)
        .where((eb) => eb.or([eb("expiry_noted_on", "is", null), eb("expiry_noted_on", "<>", d.expires_on!)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      noted++;
      const past = d.expires_on! < today;
      await clientEvent(
        trx,
        {
          agentId: d.agent_id,
          clientId: d.client_id,
          kind: "document.expiring",
          summary: `${documentTitle(d)} ${past ? "expired" : "expires"} on ${d.expires_on}`,
          ref: `document:${d.id}`,
        },
        now,
      );
    });
  }
  return noted;
}
