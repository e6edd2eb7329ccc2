/**
 * A document's files: what an upload is (its type read from its first bytes, its name cleaned), storing it as the
 * document's current file, and reading a stored one back. The file store holds the bytes; the database the record.
 */
import { fileTypeFromBuffer } from "file-type";
import { type Kysely } from "kysely";
import { documentTypes, MAX_DOCUMENT_BYTES, type DocumentDetail, type DocumentType } from "../../lib/contract.js";
import { EMPTY_FILE, fileSize, TOO_LARGE, WRONG_TYPE } from "../../lib/documents.js";
import { fieldError } from "../../lib/field-errors.js";
import type { UploadFile } from "../../lib/transport.js";
import { clientEvent } from "../clients/case-file.js";
import { NO_CLIENT, ownClient } from "../clients/ownership.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound, TooLarge } from "../errors.js";
import { newKey, type FileStore } from "../files/store.js";
import { documentDetail, ownDocument } from "./documents.js";

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
  if (size === 0) throw new Invalid("upload.empty", EMPTY_FILE, { file: [fieldError("upload.empty", EMPTY_FILE)] });
  if (size > MAX_DOCUMENT_BYTES) {
    throw new TooLarge("upload.too_large", TOO_LARGE, { file: [fieldError("upload.too_large", TOO_LARGE)] });
  }
  const found = await fileTypeFromBuffer(head);
  if (found && found.mime in documentTypes) return found.mime as DocumentType;
  throw new Invalid("upload.wrong_type", WRONG_TYPE, { file: [fieldError("upload.wrong_type", WRONG_TYPE)] });
}

/** A new upload answers a rejection: the reason is history (on the timeline), no longer the document's state. */
export const noRejection = { rejected_at: null, reject_reason: null, rejected_file_id: null };

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
      // Still the agent's, held until the file is recorded (a hand-over waits for it, or it finds the client gone).
      await ownClient(trx, agentId, clientId, "change");
      const fileId = await recordFile(
        trx,
        { documentId, agentId, key, name, type, size: spooled.size, sha256: spooled.sha256 },
        stamp,
      );
      const expiry = upload.expires_on ? { expires_on: upload.expires_on, expiry_noted_on: null } : {};
      const updated = await trx
        .updateTable("client_documents")
        .set({ file_id: fileId, status: "uploaded", accepted_at: null, updated_at: stamp, ...noRejection, ...expiry })
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
      if (Number(updated.numUpdatedRows) !== 1) throw new NotFound("client.not_found", NO_CLIENT);
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

/** A stored file's row: whose document it is, where the store keeps it, and what it is (as it was sent). */
export async function recordFile(
  trx: Kysely<Database>,
  f: { documentId: number; agentId: number; key: string; name: string; type: string; size: number; sha256: string },
  stamp: string,
  from: { client: boolean; partOf: number | null } = { client: false, partOf: null },
) {
  const { id } = await trx
    .insertInto("document_files")
    .values({
      document_id: f.documentId,
      agent_id: f.agentId,
      storage_key: f.key,
      file_name: f.name,
      content_type: f.type,
      size_bytes: f.size,
      sha256: f.sha256,
      uploaded_at: stamp,
      from_client: from.client ? 1 : 0,
      part_of: from.partOf,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
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
  if (!row) throw new NotFound("file.not_found", "No such file.");
  const bytes = await store.get(row.storage_key);
  // The record says it exists and the store has lost it: the operator's problem, not the caller's input.
  if (!bytes) throw new Error(`document file missing from the ${store.driver} store: ${row.storage_key}`);
  return { bytes, name: row.file_name, type: row.content_type };
}
