/** A client's documents: the case file's checklist. */
import { z } from "zod";
import {
  documentKindNames,
  documentKinds,
  documentsByService,
  documentStatuses,
  documentStatusLabels,
  documentTypes,
  EXPIRY_NOTICE_DAYS,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type DocumentStatus,
  type DocumentType,
} from "../documents.js";
import type { ApiFile } from "../transport.js";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, isRealDate, oneLineText, requiredText } from "./fields.js";

// ---- documents (the case file's checklist) -------------------------------------

export {
  documentKinds,
  documentKindNames,
  documentsByService,
  documentStatuses,
  documentStatusLabels,
  documentTypes,
  MAX_DOCUMENT_BYTES,
  EXPIRY_NOTICE_DAYS,
  type DocumentKind,
  type DocumentStatus,
  type DocumentType,
};

export type DocumentFile = {
  id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: string;
  /** Sent by the client from their own area */
  from_client: boolean;
  /** A further page of an upload: the id of its first file */
  part_of: number | null;
};
export type ClientDocument = {
  id: number;
  client_id: number;
  kind: DocumentKind;
  /** The kind's name, or the agent's title for an "other" document */
  title: string;
  /** The service that asked for it ("Job Placement"), or null when the agent added it */
  service: string | null;
  /** Sent with a message of the conversation (issue 39), not asked for on the checklist */
  from_message: boolean;
  /** A file answered in a questionnaire (issue 40), not asked for on the checklist */
  from_questionnaire: boolean;
  /** A signed agreement's PDF (issue 40) */
  from_agreement: boolean;
  status: DocumentStatus;
  /** YYYY-MM-DD */
  expires_on: string | null;
  accepted_at: string | null;
  /** The current file (the newest upload's last page) */
  file: DocumentFile | null;
  /** How many files the current upload has (a CV in two files: 2) */
  file_count: number;
  /** Why the agent turned the last file down (status "rejected") */
  rejection: { reason: string; at: string; file_id: number | null } | null;
  /** Asked of the client in a request that is still open */
  asked: boolean;
  created_at: string;
};
/** One document with every file uploaded for it, newest first. */
export type DocumentDetail = ClientDocument & { client_name: string; files: DocumentFile[] };

const expiryDate = z.preprocess(
  blankToNull,
  z
    .string({ invalid_type_error: "Expiry date must be a date" })
    .superRefine((v, ctx) => {
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(v)
        ? "Enter the date as YYYY-MM-DD"
        : !isRealDate(v)
          ? "Enter a real date"
          : v < "1990-01-01" || v > "2199-12-31"
            ? "Enter an expiry date between 1990 and 2199"
            : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .nullable()
    .optional(),
);
export const documentAddBody = z.object({ title: requiredText(80, "Document name") });
export const documentExpiryBody = z.object({ expires_on: expiryDate });
/** The query of an upload (the bytes are the body): the file's name as the agent's computer had it, and an expiry. */
export const documentUploadQuery = z.object({
  // Any length a file system allows; the API keeps the last path segment, at most 120 characters (cleanFileName).
  name: oneLineText(1000, "File name"),
  expires_on: expiryDate,
});

export const documentAcceptBody = z.object({ file_id: idParam });
export const documentRejectBody = z.object({
  file_id: idParam,
  reason: requiredText(500, "Reason"),
});

// ---- endpoints ------------------------------------------------------------------

const inClient = { clientId: idParam };
const oneDocument = { clientId: idParam, documentId: idParam };

export const documentEndpoints = {
  clientDocuments: endpoint({
    method: "GET",
    path: "api/clients/:clientId/documents",
    auth: ["agent"],
    summary: "A client's checklist of documents",
    params: inClient,
    answer: answer<ClientDocument[]>(),
  }),
  addDocument: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/documents",
    auth: ["agent"],
    summary: "A document of the agent's own naming",
    params: inClient,
    body: documentAddBody,
    created: true,
    answer: answer<DocumentDetail>(),
  }),
  clientDocument: endpoint({
    method: "GET",
    path: "api/clients/:clientId/documents/:documentId",
    auth: ["agent"],
    summary: "One document with its files",
    params: oneDocument,
    answer: answer<DocumentDetail>(),
  }),
  uploadDocument: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/documents/:documentId/file",
    auth: ["agent"],
    summary: "A file for a document: the bytes are the body (PDF, JPEG or PNG, at most 10 MB)",
    params: oneDocument,
    query: documentUploadQuery,
    upload: true,
    created: true,
    answer: answer<DocumentDetail>(),
  }),
  acceptDocument: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/documents/:documentId/accept",
    auth: ["agent"],
    summary: "Accepts a document's file",
    params: oneDocument,
    body: documentAcceptBody,
    answer: answer<DocumentDetail>(),
  }),
  rejectDocument: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/documents/:documentId/reject",
    auth: ["agent"],
    summary: "Rejects a document's file with a reason: the document is asked for again (the client is e-mailed)",
    params: oneDocument,
    body: documentRejectBody,
    answer: answer<DocumentDetail>(),
  }),
  setDocumentExpiry: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/documents/:documentId/expiry",
    auth: ["agent"],
    summary: "A document's expiry date",
    params: oneDocument,
    body: documentExpiryBody,
    answer: answer<DocumentDetail>(),
  }),
  downloadDocument: endpoint({
    method: "GET",
    path: "api/clients/:clientId/documents/:documentId/files/:fileId",
    auth: ["agent"],
    summary: "A file's bytes, as an attachment",
    params: { ...oneDocument, fileId: idParam },
    download: true,
    answer: answer<ApiFile>(),
  }),
};
