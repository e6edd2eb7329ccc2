/**
 * Clients in the loop (issue 24): the agent asks a client for documents (a request e-mailed with a one-time link),
 * and the client, signed in by that link, sees their own checklist, sends files, sees their upcoming sessions and
 * who their agent is. The client is the fourth kind of account: their calls are under `my/`, and nothing else.
 */
import { z } from "zod";
import type { DocumentStatus } from "../documents.js";
import type { ApiFile } from "../transport.js";
import type { ClientAgreementSummary } from "./agreements.js";
import { answer, endpoint } from "./endpoint.js";
import { emailField, idParam, oneLineText, optionalText, requiredText } from "./fields.js";
import type { ClientQuestionnaireSummary } from "./intake.js";
import type { MyCaseStage } from "./stages.js";

// ---- the agent's requests -----------------------------------------------------

/** The items to ask for: one or more checklist ids, as a list or as one text with commas ("4,7"). */
export const documentRequestBody = z.object({
  document_ids: z.preprocess(
    (v) =>
      v === undefined || v === null
        ? []
        : Array.isArray(v)
          ? v
          : typeof v === "string"
            ? v.split(",").filter((s) => s.trim() !== "")
            : [v],
    z
      .array(idParam, { invalid_type_error: "Choose the documents to ask for" })
      .min(1, "Choose at least one document to ask for")
      .max(50, "Choose at most 50 documents"),
  ),
  message: optionalText(1000, "Message"),
});
export type DocumentRequestBody = z.input<typeof documentRequestBody>;

export type DocumentRequestItem = {
  document_id: number;
  title: string;
  /** The document's state now */
  status: DocumentStatus;
  /** When the client first sent a file for it after the request */
  answered_at: string | null;
};
export type DocumentRequest = {
  id: number;
  message: string | null;
  created_at: string;
  last_sent_at: string;
  times_sent: number;
  opened_at: string | null;
  reminded_at: string | null;
  withdrawn_at: string | null;
  items: DocumentRequestItem[];
};
/** The client's access as the agent sees it. */
export type ClientAccess = {
  /** open: the client can sign in (a link was sent); ended: the agent ended it; none: never asked */
  state: "none" | "open" | "ended";
  last_sign_in_at: string | null;
  uploads: { files: number; bytes: number; max_files: number; max_bytes: number };
};
export type DocumentRequests = { access: ClientAccess; requests: DocumentRequest[] };

// ---- the client's own area ----------------------------------------------------

/** A one-time link's token: 43 URL-safe characters; anything else is no link. */
export const clientLinkBody = z.object({
  token: z.string({ required_error: "This link is not valid" }).regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid"),
});
/**
 * Using a link: whether the client stays signed in on this device for 30 days. The device is the request's own
 * browser (its User-Agent, which the portal passes on), never a value in the body.
 */
export const clientLinkUseBody = clientLinkBody.extend({
  remember: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()).optional(),
});
export const clientSignInBody = z.object({ email: emailField });
export { CLIENT_REMEMBER_DAYS, CLIENT_SESSION_HOURS } from "../client-session.js";

/** One of the client's signed-in devices, as their page lists them. */
export type MyDevice = {
  id: number;
  device: string | null;
  signed_in_at: string;
  expires_at: string;
  remembered: boolean;
  /** The session this list was asked with */
  current: boolean;
};

/** A signed-in client; `language` is the one their page and e-mails are in (issue 26) */
export type ClientPublic = { id: number; name: string; email: string; time_zone: string; language: string };
export type ClientLoginData = { token: string; expires_at: string; client: ClientPublic };
export type ClientLinkInfo = { first_name: string; expires_at: string };

export type MyFile = { id: number; file_name: string; content_type: string; size_bytes: number; uploaded_at: string };
export type MyDocument = {
  id: number;
  title: string;
  status: DocumentStatus;
  /** In a request that is still open, or rejected: the agent is waiting for it */
  asked: boolean;
  /** Why the agent turned the last file down */
  reject_reason: string | null;
  /** The files of the current upload the client sent (those their agent sent are not listed) */
  files: MyFile[];
};
export type MySession = {
  id: number;
  start_at: string;
  end_at: string;
  mentor_name: string;
  topic: string;
  join_url: string | null;
  /**
   * The client's last request to move it (issue 39): why and when; the agent's answer: moved (the session's time is
   * the new one), kept (with the agent's word), or not yet.
   */
  move_request: { reason: string; requested_at: string; state: "waiting" | "moved" | "kept"; answer: string | null } | null;
  /** The same event as the invite file, for Google Calendar and Outlook on the web, titled in the client's language */
  calendar: { google: string; outlook: string };
};
export const clientMoveBody = z.object({ reason: requiredText(500, "Reason") });
export const clientMoveAnswerBody = z.object({ answer: requiredText(500, "Answer") });
export type MyCase = {
  client: { first_name: string; last_name: string; email: string; time_zone: string; language: string };
  agent: { name: string; email: string };
  /** The open requests' messages, newest first */
  messages: Array<{ at: string; text: string }>;
  /** Messages of the client's conversation they have not read yet (issue 39) */
  unread_messages: number;
  /** Every service the client has, where its case stands and what comes next, in their language (issue 39) */
  cases: MyCaseStage[];
  /** The client's questionnaires and where each stands (issue 40) */
  questionnaires: ClientQuestionnaireSummary[];
  /** The client's agreements, to sign and signed (issue 40) */
  agreements: ClientAgreementSummary[];
  /** The client's session packs still running (issue 41) */
  credits: Array<{ id: number; pack_name: string; sessions: number; left: number; expires_at: string }>;
  documents: MyDocument[];
  sessions: MySession[];
  uploads: { files: number; bytes: number; max_files: number; max_bytes: number };
};

/** An upload from the client: the file's name; `add`: a further page of the upload just sent (not a new one). */
export const myUploadQuery = z.object({
  name: oneLineText(1000, "File name"),
  add: z
    .enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "add must be 0 or 1" }) })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

// ---- endpoints ------------------------------------------------------------------

const inClient = { clientId: idParam };
const oneRequest = { clientId: idParam, requestId: idParam };

export const clientAreaEndpoints = {
  documentRequests: endpoint({
    method: "GET",
    path: "api/clients/:clientId/document-requests",
    auth: ["agent"],
    summary: "The client's access and the agent's requests for documents, newest first",
    params: inClient,
    answer: answer<DocumentRequests>(),
  }),
  requestDocuments: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/document-requests",
    auth: ["agent"],
    summary: "Asks the client for documents of the checklist: e-mails them a link to their own area (7 days, once)",
    params: inClient,
    body: documentRequestBody,
    created: true,
    answer: answer<DocumentRequest>(),
  }),
  resendDocumentRequest: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/document-requests/:requestId/resend",
    auth: ["agent"],
    summary: "Sends a request again, with a new link",
    params: oneRequest,
    answer: answer<DocumentRequest>(),
  }),
  withdrawDocumentRequest: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/document-requests/:requestId/withdraw",
    auth: ["agent"],
    summary: "Withdraws a request: its links stop working and its documents are no longer asked for",
    params: oneRequest,
    answer: answer<DocumentRequest>(),
  }),
  endClientAccess: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/end-access",
    auth: ["agent"],
    summary: "Ends the client's access at once: every link and session of theirs stops working",
    params: inClient,
    answer: answer<ClientAccess>(),
  }),

  clientLinkCheck: endpoint({
    method: "POST",
    path: "my/link/check",
    auth: "public",
    summary: "Whether a client's sign-in link can still be used, and whose it is (it is not used up)",
    body: clientLinkBody,
    answer: answer<ClientLinkInfo>(),
  }),
  clientLinkUse: endpoint({
    method: "POST",
    path: "my/link",
    auth: "public",
    summary: "Uses a client's one-time link: signs the client in to their own area (for 30 days when asked to remember)",
    body: clientLinkUseBody,
    answer: answer<ClientLoginData>(),
  }),
  clientSignInLink: endpoint({
    method: "POST",
    path: "my/sign-in",
    auth: "public",
    summary: "E-mails a fresh sign-in link (one hour) to a client with this address: the same answer for any address",
    body: clientSignInBody,
    answer: answer<{ sent: true }>(),
  }),
  clientLogout: endpoint({
    method: "POST",
    path: "my/logout",
    auth: ["client"],
    summary: "Signs the client out (revokes the token)",
    answer: answer<{ signed_out: true }>(),
  }),
  myDevices: endpoint({
    method: "GET",
    path: "my/devices",
    auth: ["client"],
    summary: "The client's signed-in devices (their sessions), newest first",
    answer: answer<MyDevice[]>(),
  }),
  myEndDevice: endpoint({
    method: "POST",
    path: "my/devices/:id/end",
    auth: ["client"],
    summary: "Signs one of the client's devices out",
    params: { id: idParam },
    answer: answer<{ ended: number }>(),
  }),
  myEndAllDevices: endpoint({
    method: "POST",
    path: "my/devices/end-all",
    auth: ["client"],
    summary: "Signs the client out on every device, this one included",
    answer: answer<{ ended: number }>(),
  }),
  myMoveRequest: endpoint({
    method: "POST",
    path: "my/sessions/:id/move-request",
    auth: ["client"],
    summary: "The client asks their agent to move a session to come (a reason; the agent is told)",
    params: { id: idParam },
    body: clientMoveBody,
    answer: answer<{ asked: true }>(),
  }),
  keepSessionTime: endpoint({
    method: "POST",
    path: "agent/bookings/:id/client-move/keep",
    auth: ["agent"],
    summary: "Answers a client's request to move a session by keeping its time, with a word for the client",
    params: { id: idParam },
    body: clientMoveAnswerBody,
    answer: answer<{ kept: true }>(),
  }),
  myCase: endpoint({
    method: "GET",
    path: "my/case",
    auth: ["client"],
    summary: "The client's own case: what is asked, their uploads, upcoming sessions and their agent",
    answer: answer<MyCase>(),
  }),
  myUpload: endpoint({
    method: "POST",
    path: "my/documents/:documentId/file",
    auth: ["client"],
    summary: "A file for one of the client's documents: the bytes are the body (PDF, JPEG or PNG, at most 10 MB)",
    params: { documentId: idParam },
    query: myUploadQuery,
    upload: true,
    created: true,
    answer: answer<MyDocument>(),
  }),
  myFile: endpoint({
    method: "GET",
    path: "my/documents/:documentId/files/:fileId",
    auth: ["client"],
    summary: "A file the client sent, as an attachment",
    params: { documentId: idParam, fileId: idParam },
    download: true,
    answer: answer<ApiFile>(),
  }),
  mySessionInvite: endpoint({
    method: "GET",
    path: "my/sessions/:id/invite",
    auth: ["client"],
    summary: "An upcoming session of the client's as a calendar file (.ics)",
    params: { id: idParam },
    download: true,
    answer: answer<ApiFile>(),
  }),
};
