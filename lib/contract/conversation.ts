/**
 * The case's conversation (issue 39): one thread per client, between the client and the firm (their agent, and the
 * office, who writes as "the office"). Mentors have no part in it. Each side sees how far the other has read.
 */
import { z } from "zod";
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX } from "../conversation.js";
import { answer, endpoint } from "./endpoint.js";
import { idParam, oneLineText, requiredText } from "./fields.js";

export const caseMessageBody = z.object({
  body: requiredText(MESSAGE_MAX, "Message"),
  /** Files sent beforehand through the attachments call (each one's document id), at most five */
  attachments: z
    .array(idParam, { invalid_type_error: "Attachments must be a list of documents" })
    .max(MESSAGE_ATTACHMENTS_MAX, `Attach at most ${MESSAGE_ATTACHMENTS_MAX} files`)
    .optional(),
});
/** An attachment's file name, as the upload's query gives it. */
export const attachmentQuery = z.object({ name: oneLineText(1000, "File name") });

/** A file sent with a message: kept as one of the client's documents, marked as from a message. */
export type MessageAttachment = {
  document_id: number;
  file_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
};
/** How far the reader has read: the newest message id they were shown. */
export const threadReadBody = z.object({ through: idParam });

export type CaseMessage = {
  id: number;
  /** Who wrote it: the client's agent, the client, or the office */
  author: "agent" | "client" | "office";
  /** The writer's name as the reader is shown it (the office: null, said by the page) */
  author_name: string | null;
  body: string;
  created_at: string;
  /** Whether the other side has read it */
  read: boolean;
  /** The files sent with it */
  attachments: MessageAttachment[];
  /** Whether the reader wrote it (the agent: the agent's; the office: the office's; the client: the client's) */
  mine: boolean;
};
export type CaseThread = {
  client: { id: number; first_name: string; last_name: string };
  /** The client's agent now */
  agent: { name: string };
  /** Whether the client can come in to read it: open, ended by the agent, or never opened (the firm writing opens it) */
  access: "open" | "ended" | "none";
  messages: CaseMessage[];
  /** Messages from the other side this side has not read yet */
  unread: number;
  /** When the other side last read (null: never) */
  other_read_at: string | null;
};

const inClient = { clientId: idParam };

export const conversationEndpoints = {
  agentThread: endpoint({
    method: "GET",
    path: "api/clients/:clientId/messages",
    auth: ["agent"],
    summary: "The conversation with the client, oldest first, with what each side has read",
    params: inClient,
    answer: answer<CaseThread>(),
  }),
  agentSendMessage: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/messages",
    auth: ["agent"],
    summary: "Writes to the client in their conversation",
    params: inClient,
    body: caseMessageBody,
    created: true,
    answer: answer<CaseMessage>(),
  }),
  agentMessageAttachment: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/messages/attachments",
    auth: ["agent"],
    summary: "A file to send with a message: the bytes are the body (PDF, JPEG or PNG, at most 10 MB)",
    params: inClient,
    query: attachmentQuery,
    upload: true,
    created: true,
    answer: answer<MessageAttachment>(),
  }),
  agentReadThread: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/messages/read",
    auth: ["agent"],
    summary: "Marks the client's conversation read up to a message (never back)",
    params: inClient,
    body: threadReadBody,
    answer: answer<{ read_through: number }>(),
  }),
  myThread: endpoint({
    method: "GET",
    path: "my/messages",
    auth: ["client"],
    summary: "The client's conversation with their agent and the office, oldest first",
    answer: answer<CaseThread>(),
  }),
  mySendMessage: endpoint({
    method: "POST",
    path: "my/messages",
    auth: ["client"],
    summary: "Writes to the agent in the client's conversation",
    body: caseMessageBody,
    created: true,
    answer: answer<CaseMessage>(),
  }),
  myMessageAttachment: endpoint({
    method: "POST",
    path: "my/messages/attachments",
    auth: ["client"],
    summary:
      "A file to send with the client's message: the bytes are the body (PDF, JPEG or PNG, at most 10 MB; counted in their quota)",
    query: attachmentQuery,
    upload: true,
    created: true,
    answer: answer<MessageAttachment>(),
  }),
  myReadThread: endpoint({
    method: "POST",
    path: "my/messages/read",
    auth: ["client"],
    summary: "Marks the client's conversation read up to a message (never back)",
    body: threadReadBody,
    answer: answer<{ read_through: number }>(),
  }),
  officeThread: endpoint({
    method: "GET",
    path: "office/clients/:clientId/messages",
    auth: ["staff"],
    summary: "A client's conversation, as the office reads it (reading marks nothing)",
    params: inClient,
    answer: answer<CaseThread>(),
  }),
  officeSendMessage: endpoint({
    method: "POST",
    path: "office/clients/:clientId/messages",
    auth: ["staff"],
    summary: "Writes to a client in their conversation as the office",
    params: inClient,
    body: caseMessageBody,
    created: true,
    answer: answer<CaseMessage>(),
  }),
};
