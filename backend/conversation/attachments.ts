/**
 * Files sent with a message (issue 39, point 1): each kept as one of the client's documents, marked as from a
 * message, its type read from its first bytes and its name cleaned as any document's, stored first, then recorded in
 * one transaction (a failed record removes the stored bytes). The client's count against their quota. A file belongs
 * to the message it is then sent with (sendMessage links it), once.
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { MessageAttachment } from "../../lib/contract.js";
import type { UploadFile } from "../../lib/transport.js";
import { clientEvent } from "../clients/case-file.js";
import { holdClientsAgent, NO_CLIENT, ownClient } from "../clients/ownership.js";
import { countClientUpload } from "../clients/quota.js";
import type { Database } from "../db/schema.js";
import { cleanFileName, recordFile, sniffDocument } from "../documents/files.js";
import { Conflict, NotFound } from "../errors.js";
import { newKey, type FileStore } from "../files/store.js";

type Db = Kysely<Database>;

export async function attachFile(
  db: Db,
  store: FileStore,
  party: { kind: "agent"; agentId: number } | { kind: "client" },
  clientId: number,
  /** `origin`: a message's file (the default), or a questionnaire's answer (issue 40) */
  upload: { file: UploadFile; name: string; origin?: "message" | "questionnaire" },
  signal?: AbortSignal,
  now = new Date(),
): Promise<MessageAttachment> {
  if (party.kind === "agent") await ownClient(db, party.agentId, clientId, "change");
  const { file } = upload;
  const type = await sniffDocument(file.head, file.size);
  const name = cleanFileName(upload.name, type);
  const key = newKey(clientId);
  await store.put(key, file, type, signal);
  const stamp = now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      // The client's agent now, held as any upload holds it (a hand-over waits, or this finds the client moved).
      const agentId = party.kind === "agent" ? party.agentId : await holdClientsAgent(trx, clientId);
      if (agentId === null) throw new Conflict("client.agent_changed", "Your agent has just changed: please try again.");
      if (party.kind === "agent") await ownClient(trx, agentId, clientId, "change");
      // The client's row held for share (PostgreSQL) until the file is recorded: an erasure (which locks it for update
      // first) either sees this file and removes it, or comes after and this finds the client erased.
      const q = trx.selectFrom("clients").select("id").where("id", "=", clientId).where("archived_at", "is", null);
      const live = await (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forShare() : q).executeTakeFirst();
      if (!live) throw new NotFound("client.not_found", NO_CLIENT);
      if (party.kind === "client") await countClientUpload(trx, clientId, file.size);
      const doc = await trx
        .insertInto("client_documents")
        .values({
          agent_id: agentId,
          client_id: clientId,
          kind: "other",
          title: name,
          // Missing until its file is recorded just below (a document's status says whether it has a file).
          status: "missing",
          ...(upload.origin === "questionnaire" ? { from_questionnaire: 1 } : { from_message: 1 }),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const fileId = await recordFile(
        trx,
        { documentId: doc.id, agentId, key, name, type, size: file.size, sha256: file.sha256 },
        stamp,
        { client: party.kind === "client", partOf: null },
      );
      await trx.updateTable("client_documents").set({ file_id: fileId, status: "uploaded" }).where("id", "=", doc.id).execute();
      await clientEvent(
        trx,
        {
          agentId,
          clientId,
          kind: "document.uploaded",
          summary: `${name} sent ${upload.origin === "questionnaire" ? "as a questionnaire's answer" : "with a message"} by ${party.kind === "client" ? "the client" : "you"}`,
          ref: `document:${doc.id}`,
        },
        now,
      );
      return { document_id: doc.id, file_id: fileId, file_name: name, content_type: type, size_bytes: file.size };
    });
  } catch (err) {
    await store.remove(key).catch(() => undefined);
    throw err;
  }
}

/** The files of these messages, by message id. */
export async function attachmentsOf(db: Db, messageIds: number[]): Promise<Map<number, MessageAttachment[]>> {
  const out = new Map<number, MessageAttachment[]>();
  if (!messageIds.length) return out;
  const rows = await db
    .selectFrom("client_message_files as l")
    .innerJoin("client_documents as d", "d.id", "l.document_id")
    .innerJoin("document_files as f", "f.id", "d.file_id")
    .select(["l.message_id", "d.id as document_id", "f.id as file_id", "f.file_name", "f.content_type", "f.size_bytes"])
    .where("l.message_id", "in", messageIds)
    .orderBy("d.id")
    .execute();
  for (const r of rows) {
    const { message_id, ...a } = r;
    out.set(message_id, [...(out.get(message_id) ?? []), { ...a, size_bytes: Number(a.size_bytes) }]);
  }
  return out;
}
