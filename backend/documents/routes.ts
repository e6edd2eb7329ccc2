/**
 * A client's documents (lib/contract/documents.ts): the checklist, one document with its files, adding one,
 * uploading a file (the bytes are the body, any content type: the type is read from the bytes), accepting it, its
 * expiry, rejecting it with a reason, and the download. Every call is the agent's own client's: another agent's is
 * 404, like a client that does not exist. The client's own upload and download (their area) share the body's
 * reading and the upload slots.
 */
import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import { UPLOADS_IN_ALL, UPLOADS_PER_SENDER, UploadSlots } from "../../lib/body-limit.js";
import { endpoints, MAX_DOCUMENT_BYTES } from "../../lib/contract.js";
import { TOO_LARGE } from "../../lib/documents.js";
import { fieldError } from "../../lib/field-errors.js";
import { spool, spoolBytes, TooMuchToRead, type Spooled } from "../../lib/spool.js";
import type { UploadFile } from "../../lib/transport.js";
import { clientUpload, myFile } from "../client-area/case.js";
import { attachFile } from "../conversation/attachments.js";
import type { Database } from "../db/schema.js";
import { TooLarge } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { IN_PROCESS } from "../http.js";
import type { Server } from "../serve.js";
import { acceptDocument, addDocument, rejectDocument, setDocumentExpiry } from "./changes.js";
import { clientDocuments, documentDetail } from "./documents.js";
import { documentFile, uploadDocument } from "./files.js";

/** Aborted when the caller goes away before its answer: the file store stops what it was doing for it. */
function whileAsked(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The upload, spooled to a temporary file as it arrives (lib/spool.ts), never held in memory whole: over HTTP the
 * body (a declared length over 10 MB refused before a byte is read; a body streamed past it refused where it
 * crosses it), in process the portal's own spooled file (handed over by path, the portal's to remove) or bytes.
 * Resolves with the file and whether it is this call's to remove.
 */
async function receiveFile(req: Request): Promise<{ file: Spooled | UploadFile; owned: boolean }> {
  const handed = (req as { uploadFile?: UploadFile }).uploadFile;
  if (handed) return { file: handed, owned: false };
  if (Buffer.isBuffer(req.body)) return { file: await spoolBytes(req.body), owned: true };
  const declared = Number(req.get("content-length") ?? NaN);
  // What is left of a refused body is the error handler's to drop (backend/http.ts).
  const tooLarge = () => new TooLarge("upload.too_large", TOO_LARGE, { file: [fieldError("upload.too_large", TOO_LARGE)] });
  if (declared > MAX_DOCUMENT_BYTES) throw tooLarge();
  // No body at all reads as an empty file (refused as empty).
  const hasBody = req.get("transfer-encoding") !== undefined || declared > 0;
  try {
    const { file } = await spool(hasBody ? req : [], MAX_DOCUMENT_BYTES);
    return { file: file!, owned: true };
  } catch (error) {
    if (error instanceof TooMuchToRead) throw tooLarge();
    throw error;
  }
}

export function documentRoutes(
  serve: Server,
  {
    db,
    files,
    uploads: bounds = { perAgent: UPLOADS_PER_SENDER, inAll: UPLOADS_IN_ALL },
    publicUrl,
  }: {
    db: Kysely<Database>;
    files: FileStore;
    uploads?: { perAgent: number; inAll: number };
    publicUrl: string;
  },
) {
  // Each upload holds up to 10 MB while it is read: a few at once per agent, and a bound in all. A call in process
  // comes from the portal, whose own slot (lib/body-limit.ts) already holds for it.
  const slots = new UploadSlots(bounds.perAgent, bounds.inAll);
  const uploads = slots.guard((req, res) =>
    res.locals[IN_PROCESS as unknown as string] ? null : `${req.caller!.kind}:${req.caller!.id}`,
  );

  serve(endpoints.clientDocuments, async ({ caller, params }) => clientDocuments(db, caller.id, params.clientId));
  serve(endpoints.addDocument, async ({ caller, params, body }) => addDocument(db, caller.id, params.clientId, body.title));
  serve(endpoints.clientDocument, async ({ caller, params }) =>
    documentDetail(db, caller.id, params.clientId, params.documentId),
  );
  serve(
    endpoints.uploadDocument,
    async ({ caller, params, query, req, res }) => {
      const { file, owned } = await receiveFile(req);
      try {
        return await uploadDocument(
          db,
          files,
          caller.id,
          params.clientId,
          params.documentId,
          { file, ...query },
          whileAsked(res),
        );
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    [uploads],
  );
  serve(endpoints.acceptDocument, async ({ caller, params, body }) =>
    acceptDocument(db, caller.id, params.clientId, params.documentId, body.file_id),
  );
  serve(endpoints.rejectDocument, async ({ caller, params, body }) =>
    rejectDocument(db, caller.id, params.clientId, params.documentId, body, publicUrl),
  );
  serve(endpoints.setDocumentExpiry, async ({ caller, params, body }) =>
    setDocumentExpiry(db, caller.id, params.clientId, params.documentId, body.expires_on ?? null),
  );
  serve(endpoints.downloadDocument, async ({ caller, params }) => {
    const file = await documentFile(db, files, caller.id, params.clientId, params.documentId, params.fileId);
    return { bytes: file.bytes, type: file.type, name: file.name };
  });

  // The client's own: the same reading of the body, the same slots (a client is one sender like an agent).
  serve(
    endpoints.myUpload,
    async ({ caller, params, query, req, res }) => {
      const { file, owned } = await receiveFile(req);
      try {
        return await clientUpload(db, files, caller.id, params.documentId, { file, ...query }, whileAsked(res));
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    [uploads],
  );
  serve(endpoints.myFile, async ({ caller, params }) => myFile(db, files, caller.id, params.documentId, params.fileId));

  // Files sent with a message of the conversation (issue 39): the same reading, the same slots.
  serve(
    endpoints.agentMessageAttachment,
    async ({ caller, params, query, req, res }) => {
      const { file, owned } = await receiveFile(req);
      try {
        return await attachFile(
          db,
          files,
          { kind: "agent", agentId: caller.id },
          params.clientId,
          { file, ...query },
          whileAsked(res),
        );
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    [uploads],
  );
  serve(
    endpoints.myMessageAttachment,
    async ({ caller, query, req, res }) => {
      const { file, owned } = await receiveFile(req);
      try {
        return await attachFile(db, files, { kind: "client" }, caller.id, { file, ...query }, whileAsked(res));
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    [uploads],
  );
}
