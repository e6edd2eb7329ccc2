/** The notices of the client's own area (issue 24): documents asked for or turned down, and the sign-in link. */
import type { Kysely } from "kysely";
import { hashToken } from "../accounts/tokens.js";
import type { Database } from "../db/schema.js";
import type { Facts } from "../mail/messages.js";
import { enqueueReminder } from "../phone/enqueue.js";
import { clientAddressed, clientsWithAgent } from "./people.js";

type Db = Kysely<Database>;

/** A client as their messages address them, and their agent. */
async function clientPeople(trx: Db, clientId: number) {
  const row = await clientsWithAgent(trx).where("clients.id", "=", clientId).executeTakeFirst();
  return row ? clientAddressed(row) : null;
}

export type ClientLink = { url: string; token: string; expiresAt: string };

/** What the client hears of their case: documents asked for or turned down, a sign-in link. */
type ClientCaseMail = Extract<Facts, { kind: `client.${string}` }>;

/** Queues one message to a client (none when they have no address), answered to their agent where it says so. */
async function mailClient(
  trx: Db,
  clientId: number,
  dedupeKey: string,
  write: (people: NonNullable<Awaited<ReturnType<typeof clientPeople>>>) => ClientCaseMail,
  now: Date,
  replyToAgent = true,
) {
  const people = await clientPeople(trx, clientId);
  if (!people) return;
  const replyTo = replyToAgent ? { replyTo: people.agent.email } : {};
  // A reminder among them also goes by phone to a client who chose it (issue 42).
  const person = { kind: "client" as const, id: clientId };
  await enqueueReminder(trx, { dedupeKey, to: people.to.email, ...replyTo, facts: write(people), person }, now);
}

/** The agent asks for documents (or the sweep reminds of them): the list, the agent's word, and a link in. */
export async function documentsRequested(
  trx: Db,
  r: { clientId: number; requestId: number; items: string[]; message: string | null; times: number; reminder: boolean },
  link: ClientLink,
  now = new Date(),
) {
  const key = `client.documents_requested:${r.requestId}:${r.reminder ? "reminder" : r.times}`;
  await mailClient(
    trx,
    r.clientId,
    key,
    ({ to, agent }) => ({
      kind: "client.documents_requested",
      to,
      agent,
      items: r.items,
      message: r.message,
      reminder: r.reminder,
      link: link.url,
      expires_at: link.expiresAt,
    }),
    now,
  );
}

/** The agent turned a file the client sent down: why, and a link to send another. */
export async function documentRejected(
  trx: Db,
  r: { clientId: number; documentId: number; title: string; reason: string },
  link: ClientLink,
  now = new Date(),
) {
  const key = `client.document_rejected:${r.documentId}:${now.toISOString()}`;
  await mailClient(
    trx,
    r.clientId,
    key,
    ({ to, agent }) => ({
      kind: "client.document_rejected",
      to,
      agent,
      title: r.title,
      reason: r.reason,
      link: link.url,
      expires_at: link.expiresAt,
    }),
    now,
  );
}

/** A fresh link asked for at /my/sign-in. */
export async function clientSignInLink(trx: Db, clientId: number, link: ClientLink, now = new Date()) {
  const key = `client.sign_in_link:${hashToken(link.token).slice(0, 32)}`;
  await mailClient(
    trx,
    clientId,
    key,
    ({ to, agent }) => ({ kind: "client.sign_in_link", to, agent, link: link.url, expires_at: link.expiresAt }),
    now,
    false,
  );
}
