/**
 * A client's documents (issue 14, point 3): the checklist, one document with its files, adding one, uploading a file
 * (the bytes are the body, any content type: the type is read from the bytes), accepting it, its expiry, and the
 * download. Every call is the agent's own client's: another agent's is 404, like a client that does not exist.
 */
import { Router, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import { UPLOADS_IN_ALL, UPLOADS_PER_SENDER, UploadSlots } from "../../lib/body-limit.js";
import { documentAddBody, documentExpiryBody, documentUploadQuery, idParam, MAX_DOCUMENT_BYTES } from "../../lib/contract.js";
import { TOO_LARGE } from "../../lib/documents.js";
import { spool, spoolBytes, TooMuchToRead, type Spooled } from "../../lib/spool.js";
import type { UploadFile } from "../../lib/transport.js";
import { currentAgent, requireAuth } from "../auth.js";
import type { Database } from "../db/schema.js";
import { TooLarge } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { handler, IN_PROCESS, parse, send, sendFile } from "../http.js";
import {
  acceptDocument,
  addDocument,
  clientDocuments,
  documentDetail,
  documentFile,
  setDocumentExpiry,
  uploadDocument,
} from "../services/documents.js";

const acceptBody = z.object({ file_id: idParam });

/** Aborted when the caller goes away before its answer: the file store stops what it was doing for it. */
function whileAsked(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function ids(req: Request) {
  return {
    agentId: currentAgent(req).id,
    clientId: parse(idParam, req.params.clientId, "clientId"),
    documentId: req.params.documentId === undefined ? 0 : parse(idParam, req.params.documentId, "documentId"),
  };
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
  const tooLarge = () => new TooLarge(TOO_LARGE, { file: [TOO_LARGE] });
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

export function documentRoutes({
  db,
  files,
  uploads: bounds = { perAgent: UPLOADS_PER_SENDER, inAll: UPLOADS_IN_ALL },
}: {
  db: Kysely<Database>;
  files: FileStore;
  uploads?: { perAgent: number; inAll: number };
}) {
  const router = Router();
  // Each upload holds up to 10 MB while it is read: a few at once per agent, and a bound in all. A call in process
  // comes from the portal, whose own slot (lib/body-limit.ts) already holds for it.
  const uploads = new UploadSlots(bounds.perAgent, bounds.inAll).guard((req, res) =>
    res.locals[IN_PROCESS as unknown as string] ? null : `agent:${currentAgent(req).id}`,
  );
  router.use(["/api/clients/:clientId/documents", "/agent/clients/:clientId/documents"], requireAuth(db));

  router.get(
    "/api/clients/:clientId/documents",
    handler(async (req, res) => {
      const { agentId, clientId } = ids(req);
      send(res, await clientDocuments(db, agentId, clientId));
    }),
  );

  router.post(
    "/agent/clients/:clientId/documents",
    handler(async (req, res) => {
      const { agentId, clientId } = ids(req);
      const { title } = parse(documentAddBody, req.body);
      send(res, await addDocument(db, agentId, clientId, title), 201);
    }),
  );

  router.get(
    "/api/clients/:clientId/documents/:documentId",
    handler(async (req, res) => {
      const { agentId, clientId, documentId } = ids(req);
      send(res, await documentDetail(db, agentId, clientId, documentId));
    }),
  );

  router.post(
    "/agent/clients/:clientId/documents/:documentId/file",
    uploads,
    handler(async (req, res) => {
      const { agentId, clientId, documentId } = ids(req);
      const query = parse(documentUploadQuery, req.query, "query");
      const { file, owned } = await receiveFile(req);
      try {
        send(res, await uploadDocument(db, files, agentId, clientId, documentId, { file, ...query }, whileAsked(res)), 201);
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    }),
  );

  router.post(
    "/agent/clients/:clientId/documents/:documentId/accept",
    handler(async (req, res) => {
      const { agentId, clientId, documentId } = ids(req);
      const { file_id } = parse(acceptBody, req.body);
      send(res, await acceptDocument(db, agentId, clientId, documentId, file_id));
    }),
  );

  router.post(
    "/agent/clients/:clientId/documents/:documentId/expiry",
    handler(async (req, res) => {
      const { agentId, clientId, documentId } = ids(req);
      const { expires_on } = parse(documentExpiryBody, req.body);
      send(res, await setDocumentExpiry(db, agentId, clientId, documentId, expires_on ?? null));
    }),
  );

  router.get(
    "/api/clients/:clientId/documents/:documentId/files/:fileId",
    handler(async (req, res) => {
      const { agentId, clientId, documentId } = ids(req);
      const fileId = parse(idParam, req.params.fileId, "fileId");
      const file = await documentFile(db, files, agentId, clientId, documentId, fileId);
      sendFile(res, { bytes: file.bytes, type: file.type, name: file.name });
    }),
  );

  return router;
}
