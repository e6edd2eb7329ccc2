/**
 * The client's own area (issue 24, point 4): their checklist (what is asked, what they sent, what was accepted or
 * rejected and why), their uploads, their upcoming mentor sessions with the join link and a calendar file, and who
 * their agent is. Never prices, orders, notes, other clients, or the files the agent keeps: every query here is by
 * the signed-in client's own id.
 */
import type { Kysely } from "kysely";
import { calendarLinks } from "../../lib/calendar-links.js";
import { documentTypes, type DocumentKind, type MyCase, type MyDocument } from "../../lib/contract.js";
import { AGENT_CHANGED, ALREADY_ACCEPTED, CLIENT_QUOTA, fileSize, JUST_REVIEWED, documentTitle } from "../../lib/documents.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang } from "../../lib/i18n/languages.js";
import type { ApiFile, UploadFile } from "../../lib/transport.js";
import { clientCredits } from "../bookings/credits.js";
import { sessionOf } from "../bookings/notices.js";
import { joinUrl, sessionsWithPeople } from "../bookings/session-facts.js";
import { clientEvent } from "../clients/case-file.js";
import { holdClientsAgent, NO_DOCUMENT } from "../clients/ownership.js";
import { clientsWithAgent } from "../clients/people.js";
import { countClientUpload } from "../clients/quota.js";
import { unreadFor } from "../conversation/thread.js";
import type { Database } from "../db/schema.js";
import { answerOpenRequests, inOpenRequest, isAsked, kindOrder, shownStatus } from "../documents/documents.js";
import { cleanFileName, noRejection, recordFile, sniffDocument } from "../documents/files.js";
import { Conflict, NotFound } from "../errors.js";
import { newKey, type FileStore } from "../files/store.js";
import { agreementCopies } from "../intake/agreements.js";
import { myQuestionnaires } from "../intake/copies.js";
import { clientInvite } from "../mail/client-messages.js";
import type { MailContext } from "../mail/compose.js";
import { myCaseStages } from "../stages/stages.js";

type Db = Kysely<Database>;

/** The client's documents as they see them; `only` narrows to one. */
async function myDocuments(db: Db, clientId: number, only?: number): Promise<MyDocument[]> {
  let q = db
    .selectFrom("client_documents as d")
    .leftJoin("document_files as f", "f.id", "d.file_id")
    .select([
      "d.id",
      "d.kind",
      "d.title",
      "d.status",
      "d.rejected_at",
      "d.reject_reason",
      "f.id as f_id",
      "f.part_of",
      inOpenRequest.as("in_request"),
    ])
    .where("d.client_id", "=", clientId)
    // Files sent with messages are in the conversation, not on the checklist.
    .where("d.from_message", "=", 0)
    .where("d.from_questionnaire", "=", 0)
    .where("d.from_agreement", "=", 0);
  if (only !== undefined) q = q.where("d.id", "=", only);
  const rows = await q.orderBy("d.id").execute();
  // The current upload's files the client sent (its first file and the pages added to it).
  const roots = rows.filter((r) => r.f_id !== null).map((r) => r.part_of ?? r.f_id!);
  const files = roots.length
    ? await db
        .selectFrom("document_files")
        .select(["id", "document_id", "file_name", "content_type", "size_bytes", "uploaded_at", "part_of"])
        .where("from_client", "=", 1)
        .where((eb) => eb.or([eb("id", "in", roots), eb("part_of", "in", roots)]))
        .orderBy("id")
        .execute()
    : [];
  return rows
    .map((r) => {
      const status = shownStatus(r);
      const root = r.f_id === null ? null : (r.part_of ?? r.f_id);
      return {
        id: r.id,
        title: documentTitle(r),
        status,
        asked: isAsked(status, r.in_request),
        reject_reason: status === "rejected" ? r.reject_reason : null,
        files: files
          .filter((f) => root !== null && f.document_id === r.id && (f.id === root || f.part_of === root))
          .map((f) => ({
            id: f.id,
            file_name: f.file_name,
            content_type: f.content_type,
            size_bytes: Number(f.size_bytes),
            uploaded_at: new Date(f.uploaded_at).toISOString(),
          })),
        kind: r.kind as DocumentKind,
      };
    })
    .sort((a, b) => Number(b.asked) - Number(a.asked) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.id - b.id)
    .map(({ kind: _kind, ...d }) => d);
}

export async function myCase(db: Db, clientId: number, now = new Date(), company = ""): Promise<MyCase> {
  const c = await clientsWithAgent(db)
    .select(["clients.upload_files", "clients.upload_bytes"])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!c) throw new NotFound("client.not_found", "No such client.");
  const [documents, sessions, messages, unread, cases, questionnaires, agreements, credits] = await Promise.all([
    myDocuments(db, clientId),
    sessionsWithPeople(db)
      .select([
        "mentor_bookings.id",
        "mentor_bookings.start_at",
        "mentor_bookings.end_at",
        "mentor_bookings.topic",
        "mentors.name as mentor_name",
        joinUrl.as("join_url"),
        "mentor_bookings.client_move_reason",
        "mentor_bookings.client_move_requested_at",
        "mentor_bookings.client_move_answer",
        "mentor_bookings.client_move_answered_at",
      ])
      .where("mentor_bookings.client_id", "=", clientId)
      .where("mentor_bookings.status", "=", "confirmed")
      .where("mentor_bookings.end_at", ">", now.toISOString())
      .orderBy("mentor_bookings.start_at")
      .limit(50)
      .execute(),
    db
      .selectFrom("document_requests")
      .select(["message", "last_sent_at"])
      .where("client_id", "=", clientId)
      .where("withdrawn_at", "is", null)
      .where("message", "is not", null)
      .orderBy("id", "desc")
      .limit(5)
      .execute(),
    unreadFor(db, clientId, "client"),
    myCaseStages(db, clientId, c.language ?? "en"),
    myQuestionnaires(db, clientId),
    agreementCopies(db, clientId),
    clientCredits(db, clientId, now),
  ]);
  const words = translator(asLang(c.language));
  return {
    client: {
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      time_zone: c.zone,
      language: c.language,
    },
    agent: { name: c.agent_name, email: c.agent_email },
    messages: messages.map((m) => ({ at: new Date(m.last_sent_at).toISOString(), text: m.message! })),
    unread_messages: unread,
    cases,
    questionnaires,
    agreements,
    // The session packs still running (issue 41): how many sessions are left, until when.
    credits: credits
      .filter((k) => !k.expired && k.left > 0)
      .map(({ id, pack_name, sessions: total, left, expires_at }) => ({ id, pack_name, sessions: total, left, expires_at })),
    documents,
    sessions: sessions.map((s) => ({
      id: s.id,
      start_at: new Date(s.start_at).toISOString(),
      end_at: new Date(s.end_at).toISOString(),
      topic: s.topic,
      mentor_name: s.mentor_name,
      join_url: s.join_url,
      move_request: s.client_move_requested_at
        ? {
            reason: s.client_move_reason ?? "",
            requested_at: new Date(s.client_move_requested_at).toISOString(),
            state: !s.client_move_answered_at ? "waiting" : s.client_move_answer ? "kept" : "moved",
            answer: s.client_move_answer,
          }
        : null,
      // The invite file's event, for the web calendars (issue 42, point 3): the same words, in the client's language.
      calendar: calendarLinks({
        title: words("mail.inviteSummary", { mentor: s.mentor_name, client: `${c.first_name} ${c.last_name}` }),
        start: new Date(s.start_at).toISOString(),
        end: new Date(s.end_at).toISOString(),
        details: words("mail.inviteDescription", { topic: s.topic, agent: c.agent_name, company }),
        location: s.join_url,
      }),
    })),
    uploads: {
      files: Number(c.upload_files),
      bytes: Number(c.upload_bytes),
      max_files: CLIENT_QUOTA.files,
      max_bytes: CLIENT_QUOTA.bytes,
    },
  };
}

/**
 * A file the client sends for one of their documents. The bytes go to the store first; then, in one transaction:
 * the quota's guarded update on the client's row (50 files, 200 MB in all), the file's record, the document's
 * guarded update (never over an accepted document; a further page only onto the upload it continues, while it is
 * unreviewed), its open requests answered, and the timeline. Whichever of an upload and the agent's review reaches
 * the document's row second finds it changed and is refused; a refused upload's bytes are removed again.
 */
export async function clientUpload(
  db: Db,
  store: FileStore,
  clientId: number,
  documentId: number,
  upload: { file: UploadFile; name: string; add: boolean },
  signal?: AbortSignal,
  now = new Date(),
): Promise<MyDocument> {
  const doc = await db
    .selectFrom("client_documents as d")
    .leftJoin("document_files as f", "f.id", "d.file_id")
    .select(["d.agent_id", "d.kind", "d.title", "d.status", "d.file_id", "f.part_of", "f.from_client"])
    .where("d.id", "=", documentId)
    .where("d.client_id", "=", clientId)
    .executeTakeFirst();
  if (!doc) throw new NotFound("document.not_found", NO_DOCUMENT);
  if (doc.status === "accepted") throw new Conflict("document.already_accepted", ALREADY_ACCEPTED);
  // A further page goes onto the client's own unreviewed upload; otherwise it starts a new one.
  const continues = upload.add && doc.status === "uploaded" && Number(doc.from_client) === 1 ? doc.file_id : null;
  const { file } = upload;
  const type = await sniffDocument(file.head, file.size);
  const name = cleanFileName(upload.name, type);
  const title = documentTitle(doc);
  const key = newKey(clientId);
  await store.put(key, file, type, signal);
  const stamp = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      // The client's agent now (a hand-over may have landed while the file was stored), held before the client's
      // row is (the order a hand-over takes them in), so the file is recorded under the agent the client has.
      const agentId = await holdClientsAgent(trx, clientId);
      if (agentId === null) throw new Conflict("client.agent_changed", AGENT_CHANGED);
      await countClientUpload(trx, clientId, file.size);
      const fileId = await recordFile(
        trx,
        { documentId, agentId, key, name, type, size: file.size, sha256: file.sha256 },
        stamp,
        { client: true, partOf: continues === null ? null : (doc.part_of ?? continues) },
      );
      let update = trx
        .updateTable("client_documents")
        .set({ file_id: fileId, status: "uploaded", accepted_at: null, updated_at: stamp, ...noRejection })
        .where("id", "=", documentId)
        .where("client_id", "=", clientId)
        .where("status", "<>", "accepted");
      if (continues !== null) update = update.where("file_id", "=", continues).where("status", "=", "uploaded");
      const updated = await update.executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw continues !== null
          ? new Conflict("document.just_reviewed", JUST_REVIEWED)
          : new Conflict("document.already_accepted", ALREADY_ACCEPTED);
      }
      await answerOpenRequests(trx, documentId, stamp);
      await clientEvent(
        trx,
        {
          agentId,
          clientId,
          kind: "document.uploaded",
          summary: `${title} ${continues !== null ? "page added" : "uploaded"} by the client: ${name} (${documentTypes[type]}, ${fileSize(file.size)})`,
          ref: `document:${documentId}`,
        },
        now,
      );
    });
  } catch (err) {
    await store.remove(key).catch(() => undefined);
    throw err;
  }
  const [shown] = await myDocuments(db, clientId, documentId);
  return shown!;
}

/**
 * A file the client sent, or one sent to them with a message, with its bytes; anything else (the agent's own
 * uploads, another client's): not found.
 */
export async function myFile(db: Db, store: FileStore, clientId: number, documentId: number, fileId: number): Promise<ApiFile> {
  const row = await db
    .selectFrom("document_files as f")
    .innerJoin("client_documents as d", "d.id", "f.document_id")
    .select(["f.storage_key", "f.file_name", "f.content_type"])
    .where("f.id", "=", fileId)
    .where("f.document_id", "=", documentId)
    .where("d.client_id", "=", clientId)
    // Their own, or one their conversation carries (issue 39): the agent's own files stay the agent's.
    .where((eb) =>
      eb.or([
        eb("f.from_client", "=", 1),
        // Their signed agreements (issue 40).
        eb("d.from_agreement", "=", 1),
        eb.exists(eb.selectFrom("client_message_files as l").select("l.document_id").whereRef("l.document_id", "=", "d.id")),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw new NotFound("file.not_found", "No such file.");
  const bytes = await store.get(row.storage_key);
  if (!bytes) throw new Error(`document file missing from the ${store.driver} store: ${row.storage_key}`);
  return { bytes, type: row.content_type, name: row.file_name };
}

/** An upcoming confirmed session of the client's as a calendar file: the invite's UID and SEQUENCE, in their zone. */
export async function mySessionInvite(
  db: Db,
  ctx: MailContext,
  clientId: number,
  bookingId: number,
  now = new Date(),
): Promise<ApiFile> {
  const owned = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("id", "=", bookingId)
    .where("client_id", "=", clientId)
    .where("status", "=", "confirmed")
    .where("end_at", ">", now.toISOString())
    .executeTakeFirst();
  const s = owned ? await sessionOf(db, bookingId) : null;
  if (!s?.client) throw new NotFound("session.not_found", "No such session.");
  const { content } = clientInvite(ctx, s.client, s.session, "PUBLISH");
  return { bytes: new TextEncoder().encode(content), type: "text/calendar; charset=utf-8", name: `session-${bookingId}.ics` };
}
