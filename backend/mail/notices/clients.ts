/** The notices of the client's own area (issue 24): documents asked for or turned down, and the sign-in link. */
import type { Kysely } from "kysely";
import { hashToken } from "../../accounts/tokens.js";
import type { Database } from "../../db/schema.js";
import type { Recipient } from "../messages.js";
import { enqueue } from "../outbox.js";

type Db = Kysely<Database>;

/** A client as their messages address them: their own zone when the agent set one (else the agent's), named. */
async function clientPeople(trx: Db, clientId: number) {
  const row = await trx
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select([
      "clients.first_name",
      "clients.last_name",
      "clients.email",
      "clients.time_zone",
      "clients.language",
      "agents.name as agent_name",
      "agents.email as agent_email",
      "agents.time_zone as agent_zone",
    ])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!row?.email) return null;
  const to: Recipient = {
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
    zone: row.time_zone ?? row.agent_zone,
    role: "client",
    lang: row.language,
  };
  return { to, agent: { name: row.agent_name, email: row.agent_email } };
}

export type ClientLink = { url: string; token: string; expiresAt: string };

/** The agent asks for documents (or the sweep reminds of them): the list, the agent's word, and a link in. */
export async function documentsRequested(
  trx: Db,
  r: { clientId: number; requestId: number; items: string[]; message: string | null; times: number; reminder: boolean },
  link: ClientLink,
  now = new Date(),
) {
  const people = await clientPeople(trx, r.clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.documents_requested:${r.requestId}:${r.reminder ? "reminder" : r.times}`,
      to: people.to.email,
      replyTo: people.agent.email,
      facts: {
        kind: "client.documents_requested",
        to: people.to,
        agent: people.agent,
        items: r.items,
        message: r.message,
        reminder: r.reminder,
        link: link.url,
        expires_at: link.expiresAt,
      },
    },
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
  const people = await clientPeople(trx, r.clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.document_rejected:${r.documentId}:${now.toISOString()}`,
      to: people.to.email,
      replyTo: people.agent.email,
      facts: {
        kind: "client.document_rejected",
        to: people.to,
        agent: people.agent,
        title: r.title,
        reason: r.reason,
        link: link.url,
        expires_at: link.expiresAt,
      },
    },
    now,
  );
}

/** A fresh link asked for at /my/sign-in. */
export async function clientSignInLink(trx: Db, clientId: number, link: ClientLink, now = new Date()) {
  const people = await clientPeople(trx, clientId);
  if (!people) return;
  await enqueue(
    trx,
    {
      dedupeKey: `client.sign_in_link:${hashToken(link.token).slice(0, 32)}`,
      to: people.to.email,
      facts: { kind: "client.sign_in_link", to: people.to, agent: people.agent, link: link.url, expires_at: link.expiresAt },
    },
    now,
  );
}
