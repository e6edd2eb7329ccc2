/**
 * A client's documents (lib/contract/documents.ts): the checklist, one document with its files, adding one,
 * uploading a file (the bytes are the body, any content type: the type is read from the bytes), accepting it, its
 * expiry, rejecting it with a reason, and the download. Every call is the agent's own client's: another agent's is
 * 404, like a client that does not exist. The client's own upload and download (their area) share the body's
 * reading and the upload slots.
 */
import type { Kysely } from "kysely";
import { UPLOADS_IN_ALL, UPLOADS_PER_SENDER, UploadSlots } from "../../lib/body-limit.js";
import { endpoints } from "../../lib/contract.js";
import type { Spooled } from "../../lib/spool.js";
import { clientUpload, myFile } from "../client-area/case.js";
import { attachFile } from "../conversation/attachments.js";
import type { Database } from "../db/schema.js";
import type { FileStore } from "../files/store.js";
import { ApiError } from "../http.js";
import type { Hold, Server } from "../serve.js";
import { acceptDocument, addDocument, rejectDocument, setDocumentExpiry } from "./changes.js";
import { clientDocuments, documentDetail } from "./documents.js";
import { documentFile, uploadDocument } from "./files.js";

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
  const uploads: Hold = (call, caller) => {
    if (call.inProcess) return;
    const sender = `${caller!.kind}:${caller!.id}`;
    const refused = slots.take(sender);
    if (refused === "sender")
      throw new ApiError(
        429,
        "upload.busy",
        `You are already sending ${slots.perSender} files. Wait for one of them to finish.`,
        undefined,
        { "Retry-After": "10" },
      );
    if (refused === "all")
      throw new ApiError(503, "server.busy", "Too many files are being sent right now.", undefined, { "Retry-After": "10" });
    return () => slots.release(sender);
  };

  serve(endpoints.clientDocuments, async ({ caller, params }) => clientDocuments(db, caller.id, params.clientId));
  serve(endpoints.addDocument, async ({ caller, params, body }) => addDocument(db, caller.id, params.clientId, body.title));
  serve(endpoints.clientDocument, async ({ caller, params }) =>
    documentDetail(db, caller.id, params.clientId, params.documentId),
  );
  serve(
    endpoints.uploadDocument,
    async ({ caller, params, query, call }) => {
      const { file, owned } = await call.upload();
      try {
        return await uploadDocument(db, files, caller.id, params.clientId, params.documentId, { file, ...query }, call.signal);
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    { hold: uploads },
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
    async ({ caller, params, query, call }) => {
      const { file, owned } = await call.upload();
      try {
        return await clientUpload(db, files, caller.id, params.documentId, { file, ...query }, call.signal);
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    { hold: uploads },
  );
  serve(endpoints.myFile, async ({ caller, params }) => myFile(db, files, caller.id, params.documentId, params.fileId));

  // Files sent with a message of the conversation (issue 39): the same reading, the same slots.
  serve(
    endpoints.agentMessageAttachment,
    async ({ caller, params, query, call }) => {
      const { file, owned } = await call.upload();
      try {
        return await attachFile(
          db,
          files,
          { kind: "agent", agentId: caller.id },
          params.clientId,
          { file, ...query },
          call.signal,
        );
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    { hold: uploads },
  );
  serve(
    endpoints.myMessageAttachment,
    async ({ caller, query, call }) => {
      const { file, owned } = await call.upload();
      try {
        return await attachFile(db, files, { kind: "client" }, caller.id, { file, ...query }, call.signal);
      } finally {
        if (owned) await (file as Spooled).dispose();
      }
    },
    { hold: uploads },
  );
  // The same slots bound a questionnaire's file answers (backend/intake/routes.ts).
  return { uploads };
}
