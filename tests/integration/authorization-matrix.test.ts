/**
 * Every API route, from the router itself, with no token, an expired token, and another agent's token aimed at a
 * victim's records. A route added without an entry here fails the first test: decide its answers, then add it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../backend/app.js";
import { folderStore } from "../../backend/files/folder.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { allEndpoints, endpointKey, isRefusalCode } from "../../lib/contract.js";
import { routesOf } from "../support/api-routes.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

type Victim = {
  agentId: number;
  clientId: number;
  cartItemId: number;
  orderId: number;
  sessionId: string;
  bookingId: number;
  documentId: number;
  fileId: number;
  requestId: number;
};
type Entry = {
  /** Answer with no token and with an expired one (401 for guarded routes) */
  anonymous: number;
  /** Path parameters and body aimed at the victim's records */
  path?: (v: Victim) => string;
  body?: (v: Victim) => unknown;
  /** Answer to another agent's token aimed at the victim: 403/404 for the victim's records; otherwise the caller's own answer */
  intruder: number;
};

/**
 * Every refusal carries a code of the contract's list (lib/contract/codes.ts) beside its English message, and each
 * field error its own: the portal translates codes, never sentences.
 */
function refusedWithCodes(key: string, res: { status: number; json: any }) {
  if (res.status < 400 || !res.json) return;
  expect(isRefusalCode(res.json.code), `${key}: ${res.status} with code ${String(res.json.code)}`).toBe(true);
  expect(typeof res.json.message, key).toBe("string");
  for (const [field, list] of Object.entries(
    (res.json.errors ?? {}) as Record<string, Array<{ code: unknown; message: unknown }>>,
  )) {
    for (const e of list) {
      expect(isRefusalCode(e.code), `${key}: ${field}'s code ${String(e.code)}`).toBe(true);
      expect(typeof e.message, `${key}: ${field}`).toBe("string");
    }
  }
}

const matrix: Record<string, Entry> = {
  "POST /agent/login": { anonymous: 400, intruder: 400 },
  "POST /account/login": { anonymous: 400, intruder: 400 },
  "POST /account/me": { anonymous: 401, intruder: 200 },
  "POST /account/logout": { anonymous: 401, intruder: 200 },
  "POST /agent/tokencheck": { anonymous: 401, intruder: 200 },
  // The mentor's own calls: an agent's token is refused for its kind (403).
  "POST /mentor/login": { anonymous: 400, intruder: 400 },
  "POST /mentor/me": { anonymous: 401, intruder: 403 },
  "POST /mentor/logout": { anonymous: 401, intruder: 403 },
  "GET /mentor/account": { anonymous: 401, intruder: 403 },
  "POST /mentor/account": { anonymous: 401, intruder: 403 },
  "POST /mentor/password": { anonymous: 401, intruder: 403 },
  "POST /mentor/sign-out-others": { anonymous: 401, intruder: 403 },
  "GET /mentor/sessions": { anonymous: 401, intruder: 403 },
  "GET /mentor/profile": { anonymous: 401, intruder: 403 },
  "GET /mentor/statement": { anonymous: 401, intruder: 403 },
  "GET /office/mentors/:id/statement": { anonymous: 401, path: () => "/office/mentors/1/statement", intruder: 403 },
  "POST /mentor/sessions/:id/outcome": {
    anonymous: 401,
    path: (v) => `/mentor/sessions/${v.bookingId}/outcome`,
    body: () => ({ outcome: "held", summary: "Planted" }),
    intruder: 403,
  },
  "POST /mentor/sessions/:id/move-request": {
    anonymous: 401,
    path: (v) => `/mentor/sessions/${v.bookingId}/move-request`,
    body: () => ({ reason: "Planted" }),
    intruder: 403,
  },
  "POST /mentor/profile": { anonymous: 401, intruder: 403 },
  "GET /mentor/feed": { anonymous: 401, intruder: 403 },
  "POST /mentor/feed": { anonymous: 401, intruder: 403 },
  // One's own feed: there is no id to point elsewhere. The feed itself is reached by its token alone.
  "GET /agent/feed": { anonymous: 401, intruder: 200 },
  "POST /agent/feed": { anonymous: 401, intruder: 200 },
  "GET /feeds/:token": { anonymous: 404, path: () => `/feeds/${"x".repeat(43)}`, intruder: 404 },
  "POST /mentor/hours": { anonymous: 401, intruder: 403 },
  // A mentor's own calendars (issue 69): an agent's token is refused for its kind; no mentor id to point elsewhere.
  "GET /mentor/calendars": { anonymous: 401, intruder: 403 },
  "POST /mentor/calendars/caldav": { anonymous: 401, intruder: 403 },
  "POST /mentor/calendars/:id/password": { anonymous: 401, path: () => "/mentor/calendars/1/password", intruder: 403 },
  "POST /mentor/calendars/choice": { anonymous: 401, intruder: 403 },
  "POST /mentor/calendars/:id/disconnect": { anonymous: 401, path: () => "/mentor/calendars/1/disconnect", intruder: 403 },
  "POST /mentor/calendars/oauth/:provider/start": {
    anonymous: 401,
    path: () => "/mentor/calendars/oauth/google/start",
    intruder: 403,
  },
  "POST /mentor/calendars/oauth/:provider/finish": {
    anonymous: 401,
    path: () => "/mentor/calendars/oauth/google/finish",
    body: () => ({ code: "planted", state: "planted" }),
    intruder: 403,
  },
  "POST /agent/logout": { anonymous: 401, intruder: 200 },
  // Only ever the caller's own settings: there is no agent id to point elsewhere.
  "POST /agent/settings": { anonymous: 401, intruder: 200, body: () => ({ time_zone: "Asia/Tokyo" }) },
  // One's own account: there is no id to point elsewhere (the caller's own answer).
  "GET /agent/account": { anonymous: 401, intruder: 200 },
  "POST /agent/account": { anonymous: 401, intruder: 200, body: () => ({ name: "Intruder Agent", time_zone: "UTC" }) },
  "POST /agent/password": { anonymous: 401, intruder: 400 },
  "POST /agent/sign-out-others": { anonymous: 401, intruder: 200 },
  // Public: the same answer for any address (no body: 400).
  "POST /agent/forgot-password": { anonymous: 400, intruder: 400 },
  "POST /api/ContactUs": { anonymous: 400, intruder: 400 },
  "POST /stripe/webhook": { anonymous: 404, intruder: 404 }, // the demo payment mode has none
  "GET /api/clients/agent/:agentId": { anonymous: 401, path: (v) => `/api/clients/agent/${v.agentId}`, intruder: 403 },
  "POST /agent/addclient": { anonymous: 401, body: () => ({}), intruder: 400 },
  "POST /agent/editClient": {
    anonymous: 401,
    body: (v) => ({ id: v.clientId, first_name: "Hacked", last_name: "X", email: "h@example.com" }),
    intruder: 404,
  },
  "POST /agent/deleteClient/:clientId": { anonymous: 401, path: (v) => `/agent/deleteClient/${v.clientId}`, intruder: 404 },
  "POST /agent/viewClient/:clientId": { anonymous: 401, path: (v) => `/agent/viewClient/${v.clientId}`, intruder: 404 },
  "POST /agent/clients/:clientId/notes": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/notes`,
    body: () => ({ body: "A note slipped into another agent's client" }),
    intruder: 404,
  },
  // The client's documents: another agent's client, document or file is not found (nothing stored, nothing read).
  "GET /api/clients/:clientId/documents": { anonymous: 401, path: (v) => `/api/clients/${v.clientId}/documents`, intruder: 404 },
  "POST /agent/clients/:clientId/documents": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/documents`,
    body: () => ({ title: "Planted" }),
    intruder: 404,
  },
  "GET /api/clients/:clientId/documents/:documentId": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/documents/${v.documentId}`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/documents/:documentId/file": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/documents/${v.documentId}/file?name=forged.pdf`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/documents/:documentId/accept": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/documents/${v.documentId}/accept`,
    body: (v) => ({ file_id: v.fileId }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/documents/:documentId/expiry": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/documents/${v.documentId}/expiry`,
    body: () => ({ expires_on: "2030-01-01" }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/documents/:documentId/reject": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/documents/${v.documentId}/reject`,
    body: (v) => ({ file_id: v.fileId, reason: "Planted" }),
    intruder: 404,
  },
  // Asking another agent's client for documents, or ending their access: not found, nothing sent or changed.
  "GET /api/clients/:clientId/document-requests": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/document-requests`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/document-requests": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/document-requests`,
    body: (v) => ({ document_ids: [v.documentId] }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/document-requests/:requestId/resend": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/document-requests/${v.requestId}/resend`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/document-requests/:requestId/withdraw": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/document-requests/${v.requestId}/withdraw`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/end-access": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/end-access`,
    intruder: 404,
  },
  // The client's own (issue 24): the link calls are public (no body: 400); the rest a client's token only, so an
  // agent's is refused for its kind.
  "POST /my/link/check": { anonymous: 400, intruder: 400 },
  "POST /my/link": { anonymous: 400, intruder: 400 },
  "POST /my/sign-in": { anonymous: 400, intruder: 400 },
  "POST /my/logout": { anonymous: 401, intruder: 403 },
  // The case's conversation (issue 39): another agent's client's thread is not found, read or written; the client's
  // and the office's calls are theirs alone.
  "GET /api/clients/:clientId/messages": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/messages`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/messages": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/messages`,
    body: () => ({ body: "Planted" }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/messages/read": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/messages/read`,
    body: () => ({ through: 1 }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/messages/attachments": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/messages/attachments?name=forged.pdf`,
    intruder: 404,
  },
  "POST /my/messages/attachments": { anonymous: 401, path: () => "/my/messages/attachments?name=forged.pdf", intruder: 403 },
  "GET /my/messages": { anonymous: 401, intruder: 403 },
  "POST /my/messages": { anonymous: 401, body: () => ({ body: "Planted" }), intruder: 403 },
  "POST /my/messages/read": { anonymous: 401, body: () => ({ through: 1 }), intruder: 403 },
  "GET /office/clients/:clientId/messages": {
    anonymous: 401,
    path: (v) => `/office/clients/${v.clientId}/messages`,
    intruder: 403,
  },
  "POST /office/clients/:clientId/messages": {
    anonymous: 401,
    path: (v) => `/office/clients/${v.clientId}/messages`,
    body: () => ({ body: "Planted" }),
    intruder: 403,
  },
  // Case stages (issue 39): the office's alone; another agent's client's case is not found, read or moved.
  "GET /office/stages": { anonymous: 401, intruder: 403 },
  "POST /office/stages": { anonymous: 401, body: () => ({ service_id: 1, name: "Planted" }), intruder: 403 },
  "POST /office/stages/:id": {
    anonymous: 401,
    path: () => "/office/stages/1",
    body: () => ({ name: "Getting started" }),
    intruder: 403,
  },
  "POST /office/stages/:id/move": {
    anonymous: 401,
    path: () => "/office/stages/1/move",
    body: () => ({ direction: "up" }),
    intruder: 403,
  },
  "POST /office/stages/:id/retire": {
    anonymous: 401,
    path: () => "/office/stages/1/retire",
    body: () => ({ retired: false }),
    intruder: 403,
  },
  "GET /api/clients/:clientId/cases": { anonymous: 401, path: (v) => `/api/clients/${v.clientId}/cases`, intruder: 404 },
  "POST /agent/clients/:clientId/cases/:serviceId": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/cases/1`,
    body: () => ({ stage_id: 1 }),
    intruder: 404,
  },
  // A client's own devices (issue 39): theirs alone. Ending one that is not theirs is not found.
  "GET /my/devices": { anonymous: 401, intruder: 403 },
  "POST /my/devices/:id/end": { anonymous: 401, path: () => "/my/devices/999999/end", intruder: 403 },
  "POST /my/devices/end-all": { anonymous: 401, intruder: 403 },
  // A client's request to move a session, and the agent's answer (issue 39): another agent's booking is not found.
  "POST /my/sessions/:id/move-request": {
    anonymous: 401,
    path: (v) => `/my/sessions/${v.bookingId}/move-request`,
    body: () => ({ reason: "Planted" }),
    intruder: 403,
  },
  "POST /agent/bookings/:id/client-move/keep": {
    anonymous: 401,
    path: (v) => `/agent/bookings/${v.bookingId}/client-move/keep`,
    body: () => ({ answer: "Planted" }),
    intruder: 404,
  },
  // Questionnaires (issue 40): the office writes them; another agent's client's copies are not found, read, sent,
  // returned or accepted; a client's calls are their own (another kind: 403).
  "GET /office/questionnaires": { anonymous: 401, intruder: 403 },
  "POST /office/questionnaires": { anonymous: 401, body: () => ({ name: "Planted", title: "Planted" }), intruder: 403 },
  "GET /office/questionnaires/:id": { anonymous: 401, path: () => "/office/questionnaires/1", intruder: 403 },
  "POST /office/questionnaires/:id": {
    anonymous: 401,
    path: () => "/office/questionnaires/1",
    body: () => ({ name: "Planted", title: "Planted" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/retire": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/retire",
    body: () => ({ retired: true }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/sections": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/sections",
    body: () => ({ title: "Planted" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/sections/:key": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/sections/s1",
    body: () => ({ title: "Planted" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/sections/:key/questions": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/sections/s1/questions",
    body: () => ({ kind: "short_text", label: "Planted" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/questions/:key": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/questions/q1",
    body: () => ({ kind: "short_text", label: "Planted" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/items/:key/move": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/items/q1/move",
    body: () => ({ direction: "up" }),
    intruder: 403,
  },
  "POST /office/questionnaires/:id/items/:key/remove": {
    anonymous: 401,
    path: () => "/office/questionnaires/1/items/q1/remove",
    intruder: 403,
  },
  "GET /api/clients/:clientId/questionnaires": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/questionnaires`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/questionnaires": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/questionnaires`,
    body: () => ({ questionnaire_id: 1 }),
    intruder: 404,
  },
  "GET /api/clients/:clientId/questionnaires/:id": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/questionnaires/1`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/questionnaires/:id/return": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/questionnaires/1/return`,
    body: () => ({ questions: [{ key: "q1" }] }),
    intruder: 404,
  },
  "POST /agent/clients/:clientId/questionnaires/:id/accept": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/questionnaires/1/accept`,
    intruder: 404,
  },
  "GET /api/clients/:clientId/questionnaires/:id/pdf": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/questionnaires/1/pdf`,
    intruder: 404,
  },
  "GET /office/questionnaires/:id/answers": { anonymous: 401, path: () => "/office/questionnaires/1/answers", intruder: 403 },
  "GET /my/questionnaires/:id/pdf": { anonymous: 401, path: () => "/my/questionnaires/1/pdf", intruder: 403 },
  // Signed agreements (issue 40): the office's words, the agent's own clients' copies, the client's own.
  "GET /office/agreements": { anonymous: 401, intruder: 403 },
  "POST /office/agreements/:serviceId": {
    anonymous: 401,
    path: () => "/office/agreements/2",
    body: () => ({ text: "Planted" }),
    intruder: 403,
  },
  "POST /office/agreements/:serviceId/retire": {
    anonymous: 401,
    path: () => "/office/agreements/2/retire",
    body: () => ({ retired: true }),
    intruder: 403,
  },
  "GET /api/clients/:clientId/agreements": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/agreements`,
    intruder: 404,
  },
  "POST /agent/clients/:clientId/agreements": {
    anonymous: 401,
    path: (v) => `/agent/clients/${v.clientId}/agreements`,
    body: () => ({ service_id: 2 }),
    intruder: 404,
  },
  "GET /api/clients/:clientId/agreements/:id": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/agreements/1`,
    intruder: 404,
  },
  // Session packs and credits (issue 41): the office's packs, the agent's own clients' credits, the client's own.
  "GET /office/session-packs": { anonymous: 401, intruder: 403 },
  "GET /office/session-packs/:id": { anonymous: 401, path: () => "/office/session-packs/1", intruder: 403 },
  "POST /office/session-packs": { anonymous: 401, intruder: 403 },
  "POST /office/session-packs/:id": { anonymous: 401, path: () => "/office/session-packs/1", intruder: 403 },
  "POST /office/session-packs/:id/published": {
    anonymous: 401,
    path: () => "/office/session-packs/1/published",
    body: () => ({ published: false }),
    intruder: 403,
  },
  "GET /api/clients/:clientId/session-packs": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/session-packs`,
    intruder: 404,
  },
  "GET /packs": { anonymous: 200, intruder: 200 },
  "GET /api/clients/:clientId/credits": { anonymous: 401, path: (v) => `/api/clients/${v.clientId}/credits`, intruder: 404 },
  "GET /my/credits": { anonymous: 401, intruder: 403 },
  // Commissions (issue 41): the office's rules, balances and payouts; an agent's own statement only.
  "GET /office/outbox/previews": { anonymous: 401, intruder: 403 },
  "GET /office/commissions/rules": { anonymous: 401, intruder: 403 },
  "POST /office/commissions/rules": { anonymous: 401, intruder: 403 },
  "POST /office/commissions/rules/:id/remove": {
    anonymous: 401,
    path: () => "/office/commissions/rules/1/remove",
    intruder: 403,
  },
  "GET /office/commissions": { anonymous: 401, intruder: 403 },
  "GET /office/commissions/:agentId": { anonymous: 401, path: (v) => `/office/commissions/${v.agentId}`, intruder: 403 },
  "POST /office/commissions/:agentId/payouts": {
    anonymous: 401,
    path: (v) => `/office/commissions/${v.agentId}/payouts`,
    body: () => ({ amount_minor: 100, paid_on: "2026-01-01", reference: "Planted" }),
    intruder: 403,
  },
  "POST /office/commissions/:agentId/connect": {
    anonymous: 401,
    path: (v) => `/office/commissions/${v.agentId}/connect`,
    body: () => ({ account_id: "acct_Planted000" }),
    intruder: 403,
  },
  "GET /api/commissions": { anonymous: 401, intruder: 200 },
  "GET /my/agreements/:id": { anonymous: 401, path: () => "/my/agreements/1", intruder: 403 },
  "POST /my/agreements/:id/sign": {
    anonymous: 401,
    path: () => "/my/agreements/1/sign",
    body: () => ({ full_name: "Planted", consent: true, text_sha256: "0".repeat(64) }),
    intruder: 403,
  },
  "GET /my/questionnaires": { anonymous: 401, intruder: 403 },
  "GET /my/questionnaires/:id": { anonymous: 401, path: () => "/my/questionnaires/1", intruder: 403 },
  "POST /my/questionnaires/:id/answers": {
    anonymous: 401,
    path: () => "/my/questionnaires/1/answers",
    body: () => ({ section: "s1", answers: {} }),
    intruder: 403,
  },
  "POST /my/questionnaires/:id/files": {
    anonymous: 401,
    path: () => "/my/questionnaires/1/files?name=forged.pdf&question=q1",
    intruder: 403,
  },
  "POST /my/questionnaires/:id/submit": { anonymous: 401, path: () => "/my/questionnaires/1/submit", intruder: 403 },
  "GET /my/case": { anonymous: 401, intruder: 403 },
  "POST /my/documents/:documentId/file": {
    anonymous: 401,
    path: (v) => `/my/documents/${v.documentId}/file?name=forged.pdf`,
    intruder: 403,
  },
  "GET /my/documents/:documentId/files/:fileId": {
    anonymous: 401,
    path: (v) => `/my/documents/${v.documentId}/files/${v.fileId}`,
    intruder: 403,
  },
  "GET /my/sessions/:id/invite": { anonymous: 401, path: (v) => `/my/sessions/${v.bookingId}/invite`, intruder: 403 },
  "GET /api/clients/:clientId/documents/:documentId/files/:fileId": {
    anonymous: 401,
    path: (v) => `/api/clients/${v.clientId}/documents/${v.documentId}/files/${v.fileId}`,
    intruder: 404,
  },
  "GET /api/countrylist": { anonymous: 401, intruder: 200 },
  "GET /api/jobs": { anonymous: 401, intruder: 200 },
  "GET /api/jobs/:id": { anonymous: 401, path: () => "/api/jobs/1", intruder: 200 },
  "GET /api/relocations": { anonymous: 401, intruder: 200 },
  "GET /api/relocations/:id": { anonymous: 401, path: () => "/api/relocations/1", intruder: 200 },
  "POST /api/serviceplan": { anonymous: 401, body: (v) => ({ client_id: v.clientId }), intruder: 404 },
  "GET /api/cart/list/:agentId": { anonymous: 401, path: (v) => `/api/cart/list/${v.agentId}`, intruder: 403 },
  "POST /agent/addcart": {
    anonymous: 401,
    body: (v) => ({ client_id: v.clientId, item_type: "service_plan", item_id: 3 }),
    intruder: 404,
  },
  "POST /job/services": { anonymous: 401, body: (v) => ({ client_id: v.clientId, job_id: 3 }), intruder: 404 },
  "POST /agent/deletecart": { anonymous: 401, body: (v) => ({ id: v.cartItemId }), intruder: 404 },
  "GET /api/dashboard/counts": { anonymous: 401, intruder: 200 },
  "GET /api/dashboard/attention": { anonymous: 401, intruder: 200 }, // the intruder's own: never the victim's
  "POST /stripe/create-checkout-session": { anonymous: 401, intruder: 400 }, // the intruder's own cart is empty
  "GET /stripe/checkout-session": { anonymous: 401, intruder: 400 },
  "GET /stripe/open-checkout": { anonymous: 401, intruder: 200 }, // the intruder's own: none
  "POST /stripe/cancel-checkout": { anonymous: 401, intruder: 409 }, // the intruder has no checkout to cancel
  "GET /stripe/checkout-session/:id": { anonymous: 401, path: (v) => `/stripe/checkout-session/${v.sessionId}`, intruder: 404 },
  "POST /stripe/demo/complete/:id": { anonymous: 401, path: (v) => `/stripe/demo/complete/${v.sessionId}`, intruder: 404 },
  "POST /stripe/demo/cancel/:id": { anonymous: 401, path: (v) => `/stripe/demo/cancel/${v.sessionId}`, intruder: 404 },
  "GET /api/orders/agent/:agentId": { anonymous: 401, path: (v) => `/api/orders/agent/${v.agentId}`, intruder: 403 },
  "GET /api/orders/:id": { anonymous: 401, path: (v) => `/api/orders/${v.orderId}`, intruder: 404 },
  "GET /api/mentorlist": { anonymous: 401, intruder: 200 },
  "GET /api/mentors": { anonymous: 401, intruder: 200 },
  "POST /api/Mentoruser/list": { anonymous: 401, body: () => ({ mentor_id: 1 }), intruder: 200 },
  "POST /api/Mentorbooking": { anonymous: 401, body: () => ({ mentor_id: 1 }), intruder: 200 },
  "POST /api/Mentorbooking/book": {
    anonymous: 401,
    body: (v) => ({ mentor_id: 1, client_id: v.clientId, start: "2030-01-07T08:00:00.000Z", topic: "x" }),
    intruder: 404,
  },
  "POST /api/Mentorbooking/cancel": { anonymous: 401, body: (v) => ({ id: v.bookingId }), intruder: 404 },
  "POST /api/Mentorbooking/move": {
    anonymous: 401,
    body: (v) => ({ id: v.bookingId, start: "2030-01-07T08:00:00.000Z" }),
    intruder: 404,
  },
  "GET /api/Mentordetails/list/:agentId": { anonymous: 401, path: (v) => `/api/Mentordetails/list/${v.agentId}`, intruder: 403 },
  // The back office: an agent's token is refused (403), whatever it aims at; staff tokens: office-api.test.ts.
  "POST /office/login": { anonymous: 400, intruder: 400 },
  "POST /password/check": { anonymous: 400, intruder: 400 },
  "POST /password/set": { anonymous: 400, intruder: 400 },
  "POST /office/me": { anonymous: 401, intruder: 403 },
  "POST /office/logout": { anonymous: 401, intruder: 403 },
  "GET /office/overview": { anonymous: 401, intruder: 403 },
  "GET /office/messages": { anonymous: 401, intruder: 403 },
  "POST /office/messages/:id/handled": { anonymous: 401, path: () => "/office/messages/1/handled", intruder: 403 },
  "GET /office/agents": { anonymous: 401, intruder: 403 },
  "POST /office/agents": {
    anonymous: 401,
    body: () => ({ name: "Sneaky", email: "sneaky@example.com", time_zone: "UTC" }),
    intruder: 403,
  },
  "GET /office/agents/:id": { anonymous: 401, path: (v) => `/office/agents/${v.agentId}`, intruder: 403 },
  "GET /office/agents/:id/detail": { anonymous: 401, path: (v) => `/office/agents/${v.agentId}/detail`, intruder: 403 },
  "POST /office/agents/:id/active": {
    anonymous: 401,
    path: (v) => `/office/agents/${v.agentId}/active`,
    body: () => ({ active: false }),
    intruder: 403,
  },
  "POST /office/agents/:id/password-link": {
    anonymous: 401,
    path: (v) => `/office/agents/${v.agentId}/password-link`,
    intruder: 403,
  },
  "GET /office/audit": { anonymous: 401, intruder: 403 },
  // The office's accounts (issue 25): staff accounts are an owner's (another staff member: 403, below); an agent's
  // token is refused whatever it aims at; a hand-over to the same agent moves nothing (400 for staff).
  "GET /office/staff": { anonymous: 401, intruder: 403 },
  "POST /office/staff": { anonymous: 401, intruder: 403 },
  "POST /office/staff/:id/active": { anonymous: 401, path: () => "/office/staff/1/active", intruder: 403 },
  "POST /office/staff/:id/role": { anonymous: 401, path: () => "/office/staff/1/role", intruder: 403 },
  "POST /office/staff/:id/password-link": { anonymous: 401, path: () => "/office/staff/1/password-link", intruder: 403 },
  "POST /office/staff/:id/email": { anonymous: 401, path: () => "/office/staff/1/email", intruder: 403 },
  "POST /office/agents/:id/email": {
    anonymous: 401,
    path: (v) => `/office/agents/${v.agentId}/email`,
    body: () => ({ email: "planted@example.com" }),
    intruder: 403,
  },
  "POST /office/mentors/:id/email": { anonymous: 401, path: () => "/office/mentors/1/email", intruder: 403 },
  "POST /office/agents/:id/hand-over": {
    anonymous: 401,
    path: (v) => `/office/agents/${v.agentId}/hand-over`,
    body: (v) => ({ to_agent_id: v.agentId }),
    intruder: 403,
  },
  // The business settings: an owner's; what every page shows of them is public.
  "GET /office/settings": { anonymous: 401, intruder: 403 },
  "POST /office/settings": { anonymous: 401, intruder: 403 },
  "POST /office/settings/texts/:lang": { anonymous: 401, path: () => "/office/settings/texts/ar", intruder: 403 },
  // The e-mails' logo (issue 42): owners upload and remove it; anyone fetches one by its hash (none here: 404).
  "POST /office/settings/logo": { anonymous: 401, intruder: 403 },
  "POST /office/settings/logo/remove": { anonymous: 401, intruder: 403 },
  // Reminders by phone (issue 42): one's own consents (agents, mentors, clients; the intruder agent gets its own);
  // the office's templates (owners change them); Twilio's callbacks, off in this API (no Twilio account): 404.
  "GET /messaging": { anonymous: 401, intruder: 200 },
  "POST /messaging": { anonymous: 401, intruder: 400 },
  "POST /messaging/:id/withdraw": { anonymous: 401, path: () => "/messaging/1/withdraw", intruder: 404 },
  // One's own second factor (issue 67): each person their own (the intruder's own answers), nobody else's factor.
  "GET /account/security": { anonymous: 401, intruder: 200 },
  "POST /account/security/totp": { anonymous: 401, intruder: 200 },
  "POST /account/security/totp/confirm": { anonymous: 401, body: () => ({ id: 999_999, code: "123456" }), intruder: 404 },
  "POST /account/security/factors/:id/remove": {
    anonymous: 401,
    path: () => "/account/security/factors/999999/remove",
    intruder: 404,
  },
  "POST /account/security/recovery-codes": { anonymous: 401, intruder: 409 },
  // Passkeys: one's own options and one's own passkey (a signature over no challenge of the portal's: refused).
  "POST /account/security/passkeys/options": { anonymous: 401, intruder: 200 },
  "POST /account/security/passkeys": {
    anonymous: 401,
    body: () => ({
      name: "Stolen",
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA" },
      },
    }),
    intruder: 400,
  },
  // Public: the options to sign in with a passkey (no account named), or to answer a challenge (none here).
  "POST /account/passkey/options": { anonymous: 200, intruder: 200 },
  "POST /office/agents/:id/reset-factors": {
    anonymous: 401,
    path: (v) => `/office/agents/${v.agentId}/reset-factors`,
    intruder: 403,
  },
  "POST /office/mentors/:id/reset-factors": { anonymous: 401, path: () => "/office/mentors/1/reset-factors", intruder: 403 },
  "POST /office/staff/:id/reset-factors": { anonymous: 401, path: () => "/office/staff/1/reset-factors", intruder: 403 },
  // A number's code (issue 66): only the consent's own person confirms it or asks for another.
  "POST /messaging/:id/confirm": {
    anonymous: 401,
    path: () => "/messaging/1/confirm",
    body: () => ({ code: "123456" }),
    intruder: 404,
  },
  "POST /messaging/:id/code": { anonymous: 401, path: () => "/messaging/1/code", intruder: 404 },
  "GET /office/whatsapp-templates": { anonymous: 401, intruder: 403 },
  "POST /office/whatsapp-templates": { anonymous: 401, intruder: 403 },
  "POST /office/whatsapp-templates/remove": { anonymous: 401, intruder: 403 },
  "POST /twilio/status": { anonymous: 404, intruder: 404 },
  "POST /twilio/inbound": { anonymous: 404, intruder: 404 },
  "GET /site/logo/:hash": { anonymous: 404, path: () => `/site/logo/${"0".repeat(64)}`, intruder: 404 },
  "GET /site": { anonymous: 200, intruder: 200 },
  // A service's published plans, for its public page (issue 26): no cart, no client; a bad service is a 400.
  "GET /site/plans": { anonymous: 200, path: () => "/site/plans?service_id=1", intruder: 200 },
  // The mentors as visitors see them: public, no rates or slots (tests/integration/business-settings.test.ts).
  "GET /site/mentors": { anonymous: 200, intruder: 200 },
  "GET /site/mentors/:id": { anonymous: 200, path: () => "/site/mentors/1", intruder: 200 },
  // Public: the link is the proof (no body: 400).
  "POST /email-change/check": { anonymous: 400, intruder: 400 },
  "POST /email-change/confirm": { anonymous: 400, intruder: 400 },
  "GET /office/account": { anonymous: 401, intruder: 403 },
  "POST /office/account": { anonymous: 401, intruder: 403 },
  "POST /office/password": { anonymous: 401, intruder: 403 },
  "POST /office/sign-out-others": { anonymous: 401, intruder: 403 },
  "GET /office/outbox": { anonymous: 401, intruder: 403 },
  "POST /office/messages/:id/reply": { anonymous: 401, path: () => "/office/messages/1/reply", intruder: 403 },
  "POST /office/outbox/:id/retry": { anonymous: 401, path: () => "/office/outbox/1/retry", intruder: 403 },
  "GET /office/countries": { anonymous: 401, intruder: 403 },
  "GET /office/orders": { anonymous: 401, intruder: 403 },
  "GET /office/bookings": { anonymous: 401, intruder: 403 },
  "POST /office/bookings/:id/cancel": { anonymous: 401, path: (v) => `/office/bookings/${v.bookingId}/cancel`, intruder: 403 },
  "GET /office/orders/:id": { anonymous: 401, path: (v) => `/office/orders/${v.orderId}`, intruder: 403 },
  "POST /office/orders/:id/review": {
    anonymous: 401,
    path: (v) => `/office/orders/${v.orderId}/review`,
    body: () => ({ note: "x" }),
    intruder: 403,
  },
  "POST /office/orders/:id/refund": {
    anonymous: 401,
    path: (v) => `/office/orders/${v.orderId}/refund`,
    body: () => ({ note: "x" }),
    intruder: 403,
  },
  "POST /office/orders/:id/retry-refunds": {
    anonymous: 401,
    path: (v) => `/office/orders/${v.orderId}/retry-refunds`,
    intruder: 403,
  },
  "GET /office/relocations": { anonymous: 401, intruder: 403 },
  "GET /office/relocations/:id": { anonymous: 401, path: () => "/office/relocations/1", intruder: 403 },
  "POST /office/relocations": { anonymous: 401, intruder: 403 },
  "POST /office/relocations/:id": { anonymous: 401, path: () => "/office/relocations/1", intruder: 403 },
  "POST /office/relocations/:id/published": {
    anonymous: 401,
    path: () => "/office/relocations/1/published",
    body: () => ({ published: false }),
    intruder: 403,
  },
  "GET /office/plans": { anonymous: 401, intruder: 403 },
  "GET /office/plans/:id": { anonymous: 401, path: () => "/office/plans/1", intruder: 403 },
  "POST /office/plans": { anonymous: 401, intruder: 403 },
  "POST /office/plans/:id": { anonymous: 401, path: () => "/office/plans/1", intruder: 403 },
  "POST /office/plans/:id/published": {
    anonymous: 401,
    path: () => "/office/plans/1/published",
    body: () => ({ published: false }),
    intruder: 403,
  },
  "GET /office/mentors": { anonymous: 401, intruder: 403 },
  "GET /office/calendars": { anonymous: 401, intruder: 403 },
  "GET /office/mentors/:id": { anonymous: 401, path: () => "/office/mentors/1", intruder: 403 },
  "POST /office/mentors": { anonymous: 401, intruder: 403 },
  "POST /office/mentors/:id": { anonymous: 401, path: () => "/office/mentors/1", intruder: 403 },
  "POST /office/mentors/:id/active": {
    anonymous: 401,
    path: () => "/office/mentors/1/active",
    body: () => ({ active: false }),
    intruder: 403,
  },
  "POST /office/mentors/:id/password-link": { anonymous: 401, path: () => "/office/mentors/1/password-link", intruder: 403 },
  "POST /office/bookings/:id/mentor-no-show": {
    anonymous: 401,
    path: (v) => `/office/bookings/${v.bookingId}/mentor-no-show`,
    body: () => ({ note: "Planted" }),
    intruder: 403,
  },
  "GET /office/jobs": { anonymous: 401, intruder: 403 },
  "GET /office/jobs/:id": { anonymous: 401, path: () => "/office/jobs/1", intruder: 403 },
  "POST /office/jobs": { anonymous: 401, intruder: 403 },
  "POST /office/jobs/:id": { anonymous: 401, path: () => "/office/jobs/1", intruder: 403 },
  "POST /office/jobs/:id/published": {
    anonymous: 401,
    path: () => "/office/jobs/1/published",
    body: () => ({ published: false }),
    intruder: 403,
  },
};

describe.each(testDatabases)("authorization matrix on $name", (target) => {
  const ctx = useSeededApi(target);
  let victim: Victim & { token: string };
  let intruderToken: string;
  let expiredToken: string;

  beforeAll(async () => {
    const v = await ctx.api.newAgent("victim@example.com");
    const client = await ctx.api.call("POST", "agent/addclient", {
      token: v.token,
      body: { first_name: "Vic", last_name: "Tim", email: "vic@example.com", destination_country: "DE" },
    });
    const clientId = client.json.data.id;
    const item = await ctx.api.call("POST", "agent/addcart", {
      token: v.token,
      body: { client_id: clientId, item_type: "service_plan", item_id: 1 },
    });
    const thisWeek = await ctx.api.call("POST", "api/Mentorbooking", {
      token: v.token,
      body: { mentor_id: 1, time_zone: "UTC" },
    });
    const week = await ctx.api.call("POST", "api/Mentorbooking", {
      token: v.token,
      body: { mentor_id: 1, week_start: thisWeek.json.data.next_week, time_zone: "UTC" },
    });
    const booking = await ctx.api.call("POST", "api/Mentorbooking/book", {
      token: v.token,
      body: { mentor_id: 1, client_id: clientId, start: week.json.data.slots[1].start, topic: "Mine" },
    });
    const checkout = await ctx.api.call("POST", "stripe/create-checkout-session", { token: v.token });
    const document = await ctx.api.call("POST", `agent/clients/${clientId}/documents`, {
      token: v.token,
      body: { title: "Contract" },
    });
    const uploaded = await ctx.api.call(
      "POST",
      `agent/clients/${clientId}/documents/${document.json.data.id}/file?name=contract.pdf`,
      {
        token: v.token,
        bytes: Buffer.from("%PDF-1.4\n% the victim's contract\n%%EOF\n"),
      },
    );
    const asked = await ctx.api.call("POST", `agent/clients/${clientId}/document-requests`, {
      token: v.token,
      body: { document_ids: [document.json.data.id] },
    });
    victim = {
      requestId: asked.json.data.id,
      documentId: document.json.data.id,
      fileId: uploaded.json.data.file.id,
      token: v.token,
      agentId: v.id,
      clientId,
      cartItemId: item.json.data.id,
      orderId: checkout.json.data.order_id,
      sessionId: checkout.json.data.session_id,
      bookingId: booking.json.data.id,
    };
    intruderToken = (await ctx.api.newAgent("intruder-matrix@example.com")).token;
    const expiring = await ctx.api.newAgent("expired-matrix@example.com");
    expiredToken = expiring.token;
    await ctx.database.db
      .updateTable("api_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("agent_id", "=", expiring.id)
      .execute();
  });

  it("has an entry for every route the API serves, and no entry for a route it does not", async () => {
    const router = await createApi({
      database: ctx.database,
      tokenTtlDays: 7,
      loginLimit: { perIp: 100, perEmail: 100, windowSeconds: 60, slowdownMs: 0 },
      logger: { error() {}, warn() {} },
      payments: { mode: "demo", checkoutExpiryMinutes: 30 },
      publicUrl: "http://portal.test",
      clientIpSecret: "x".repeat(32),
      files: folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "portal-documents-"))),
    });
    const served = routesOf(router);
    expect(served.length).toBeGreaterThanOrEqual(34);
    expect(served).toEqual(Object.keys(matrix).sort());
    // The router serves the contract's table, nothing more and nothing less (lib/contract/endpoints.ts).
    expect(served).toEqual(allEndpoints.map(endpointKey).sort());
  });

  const call = (key: string, token?: string) => {
    const entry = matrix[key]!;
    const [method, pattern] = key.split(" ") as ["GET" | "POST", string];
    const path = (entry.path ? entry.path(victim) : pattern).replace(/^\//, "");
    const body = method === "POST" ? (entry.body ? entry.body(victim) : {}) : undefined;
    return ctx.api.call(method, path, { token, body });
  };

  it("answers each route without a token and with an expired one as the matrix says", async () => {
    for (const key of Object.keys(matrix)) {
      const none = await call(key);
      expect(none.status, `${key} without a token`).toBe(matrix[key]!.anonymous);
      expect(none.json.status, key).toBe(none.status < 400);
      refusedWithCodes(key, none);
      const expired = await call(key, expiredToken);
      const want = matrix[key]!.anonymous === 401 ? 401 : matrix[key]!.anonymous;
      expect(expired.status, `${key} with an expired token`).toBe(want);
    }
  });

  it("never serves or changes the victim's records for another agent", async () => {
    const keys = Object.keys(matrix).filter((k) => k !== "POST /agent/logout" && k !== "POST /account/logout");
    for (const key of keys) {
      const res = await call(key, intruderToken);
      expect(res.status, `${key} as another agent`).toBe(matrix[key]!.intruder);
      refusedWithCodes(key, res);
      expect(JSON.stringify(res.json), key).not.toContain("vic@example.com");
      expect(JSON.stringify(res.json), key).not.toContain('"Mine"');
    }
    // The victim's records are as they were.
    const view = await ctx.api.call("POST", `agent/viewClient/${victim.clientId}`, { token: victim.token });
    expect(view.json.data.client).toMatchObject({ first_name: "Vic", last_name: "Tim" });
    expect(view.json.data.cart.map((i: { id: number }) => i.id)).toContain(victim.cartItemId);
    expect(view.json.data.documents).toEqual([
      expect.objectContaining({
        title: "Contract",
        status: "uploaded",
        expires_on: null,
        file: expect.objectContaining({ id: victim.fileId }),
      }),
    ]);
    const order = await ctx.api.call("GET", `api/orders/${victim.orderId}`, { token: victim.token });
    expect(order.json.data.status).toBe("pending");
    expect((await ctx.api.call("GET", "stripe/open-checkout", { token: victim.token })).json.data).toMatchObject({
      order_id: victim.orderId,
    });
    const bookings = await ctx.api.call("GET", `api/Mentordetails/list/${victim.agentId}`, { token: victim.token });
    expect(bookings.json.data.find((b: { id: number }) => b.id === victim.bookingId)).toMatchObject({ status: "held" });
    // And logging out with one's own token ends only one's own session, through either call.
    expect((await call("POST /account/logout", intruderToken)).status).toBe(200);
    expect((await ctx.api.call("POST", "agent/tokencheck", { token: intruderToken })).status).toBe(401);
    expect((await ctx.api.call("POST", "agent/tokencheck", { token: victim.token })).status).toBe(200);
    expect((await call("POST /agent/logout", intruderToken)).status).toBe(401);
  });

  // Last: the staff token's own calls change the office's records (a job unpublished, the victim deactivated).
  it("checks every kind of account against every endpoint as the table's auth says, the documents included", async () => {
    const staff = (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token as string;
    // Mentor 2: the staff calls below deactivate mentor 1, which would end its sessions.
    const mentor = (await ctx.api.newMentor(2, "kinds-matrix-mentor@example.com")).token;
    // A client of another agent's, signed in to their own area by the link their agent's request e-mailed.
    const own = await ctx.api.newAgent("kinds-matrix-owner@example.com");
    const theirs = await ctx.api.call("POST", "agent/addclient", {
      token: own.token,
      body: { first_name: "Kim", last_name: "Client", email: "kim-matrix@example.com" },
    });
    const theirDoc = await ctx.api.call("POST", `agent/clients/${theirs.json.data.id}/documents`, {
      token: own.token,
      body: { title: "Payslip" },
    });
    await ctx.api.call("POST", `agent/clients/${theirs.json.data.id}/document-requests`, {
      token: own.token,
      body: { document_ids: [theirDoc.json.data.id] },
    });
    const mailed = await ctx.database.db
      .selectFrom("outbox")
      .select("payload")
      .where("to_address", "=", "kim-matrix@example.com")
      .executeTakeFirstOrThrow();
    const link = /token=([A-Za-z0-9_-]{43})/.exec(mailed.payload)![1];
    const client = (await ctx.api.call("POST", "my/link", { body: { token: link } })).json.data.token as string;
    // A staff member who is not an owner: every staff endpoint but the owners' own.
    const member = (await ctx.api.newStaff("kinds-matrix-member@example.com", "staff")).token;
    const tokens = { agent: (await ctx.api.newAgent("kinds-matrix@example.com")).token, staff, member, mentor, client } as const;
    const refusals = {
      agent: "This is for agents.",
      staff: "This is for the consultancy's staff.",
      mentor: "This is for mentors.",
      client: "This is for clients.",
    };
    const checked = { allowed: 0, refused: 0, ownersOnly: 0 };
    for (const endpoint of allEndpoints) {
      const key = endpointKey(endpoint);
      // Would end the token used below.
      if (
        [
          "POST /agent/logout",
          "POST /office/logout",
          "POST /mentor/logout",
          "POST /my/logout",
          "POST /account/logout",
          "POST /my/devices/end-all",
        ].includes(key)
      )
        continue;
      for (const who of ["agent", "staff", "member", "mentor", "client"] as const) {
        const res = await call(key, tokens[who]);
        refusedWithCodes(`${key} as ${who}`, res);
        const kind = who === "member" ? "staff" : who;
        if (who === "member" && endpoint.owner) {
          checked.ownersOnly++;
          expect(res.status, `${key} with a staff member's token`).toBe(403);
          expect(res.json.message, key).toBe("Only an owner of the office may do this.");
          continue;
        }
        if (endpoint.auth === "public") {
          // Open to anyone: a token of any kind is never turned away for its kind.
          expect(res.json.message ?? "", `${key} (public) with a ${kind} token`).not.toMatch(/^This is for /);
          continue;
        }
        if (endpoint.auth.includes(kind)) {
          checked.allowed++;
          expect(res.status, `${key} with a ${who} token`).not.toBe(401);
          expect(res.json.message ?? "", key).not.toMatch(/^This is for |^Only an owner/);
        } else {
          checked.refused++;
          expect(res.status, `${key} with a ${kind} token`).toBe(403);
          expect(res.json.message, key).toBe(refusals[endpoint.auth[0] as keyof typeof refusals]);
        }
        // The office's outbox is staff's record of whom the portal e-mailed: its addresses are the office's to see.
        if (!(kind === "staff" && key === "GET /office/outbox"))
          expect(JSON.stringify(res.json), key).not.toContain("vic@example.com");
      }
    }
    expect(checked.allowed).toBeGreaterThan(85);
    expect(checked.refused).toBeGreaterThan(300);
    expect(checked.ownersOnly).toBe(allEndpoints.filter((e) => e.owner).length);
  });
});
