/**
 * How a client signs in (issue 24, point 3): by a one-time link, never a password. A link is e-mailed with a
 * document request, its reminder or a rejection (7 days), or asked for at /my/sign-in (1 hour, the same answer for
 * any address). Using it is one guarded update (unused, unexpired, the client's access open), in the transaction
 * that opens the client's session (`client_tokens`, 24 hours) and writes the timeline: two uses of one link sign in
 * once. The agent can end the client's access at once: every session and unused link ends, and no new link is sent
 * until the agent sends a request again.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { CLIENT_REMEMBER_DAYS, CLIENT_SESSION_HOURS } from "../../lib/client-session.js";
import type { ClientAccess, ClientLinkInfo, ClientLoginData, MyDevice } from "../../lib/contract.js";
import { CLIENT_QUOTA } from "../../lib/documents.js";
import { endSessions, hashToken, personForToken } from "../accounts/tokens.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { clientEvent } from "./case-file.js";
import { clientSignInLink, type ClientLink } from "./notices.js";
import { ownClient } from "./ownership.js";

type Db = Kysely<Database>;

export const REQUEST_LINK_DAYS = 7;
export const SIGN_IN_LINK_HOURS = 1;
/** How long a client's session lasts once a link opened it */
export { CLIENT_REMEMBER_DAYS, CLIENT_SESSION_HOURS } from "../../lib/client-session.js";

export const LINK_GONE =
  "This link has expired, was used already, or your access was ended. Ask for a new link with your e-mail address, or write to your agent.";

/** The page a link opens: `/my/link?token=…` on the portal (it asks before using the link: mail scanners open links). */
export const clientLinkUrl = (publicUrl: string, token: string) =>
  new URL(`/my/link?${new URLSearchParams({ token })}`, publicUrl).toString();

/** A new one-time link for the client, stored hashed (in the caller's transaction). */
export async function issueClientLink(
  trx: Db,
  clientId: number,
  /** request: with a request for documents; message: with a notice of unread messages (both 7 days); sign_in: 1 hour */
  purpose: "request" | "sign_in" | "message" | "questionnaire",
  requestId: number | null,
  publicUrl: string,
  now = new Date(),
): Promise<ClientLink> {
  const token = randomBytes(32).toString("base64url");
  const ms = purpose === "sign_in" ? SIGN_IN_LINK_HOURS * 3_600_000 : REQUEST_LINK_DAYS * 86_400_000;
  const expiresAt = new Date(now.getTime() + ms).toISOString();
  await trx
    .insertInto("client_links")
    .values({
      client_id: clientId,
      token_hash: hashToken(token),
      purpose,
      request_id: requestId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { url: clientLinkUrl(publicUrl, token), token, expiresAt };
}

/** A client whose access is open: the agent let them in, has not ended it, and they are not archived. */
const accessOpen = sql<boolean>`c.access_opened_at is not null and c.access_ended_at is null and c.archived_at is null`;

/** Whose a link is while it can be used (the landing page greets them); it is not used up. */
export async function clientLinkInfo(db: Db, token: string, now = new Date()): Promise<ClientLinkInfo> {
  const row = await db
    .selectFrom("client_links as l")
    .innerJoin("clients as c", "c.id", "l.client_id")
    .select(["c.first_name", "l.expires_at"])
    .where("l.token_hash", "=", hashToken(token))
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now.toISOString())
    .where(accessOpen)
    .executeTakeFirst();
  if (!row) throw new NotFound("client_link.gone", LINK_GONE);
  return { first_name: row.first_name, expires_at: new Date(row.expires_at).toISOString() };
}

/**
 * Uses a link once and opens the client's session: the link's guarded update, the token, the request marked opened
 * and the timeline line, in one transaction.
 */
export async function useClientLink(
  db: Db,
  token: string,
  now = new Date(),
  opts: { remember?: boolean; device?: string | null } = {},
): Promise<ClientLoginData> {
  const stamp = now.toISOString();
  const session = randomBytes(32).toString("base64url");
  const hours = opts.remember ? CLIENT_REMEMBER_DAYS * 24 : CLIENT_SESSION_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable("client_links")
      .set({ used_at: stamp })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", stamp)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("clients as c").select("c.id").whereRef("c.id", "=", "client_links.client_id").where(accessOpen)),
      )
      .returning(["client_id", "request_id", "purpose"])
      .executeTakeFirst();
    if (!link) throw new NotFound("client_link.gone", LINK_GONE);
    await trx
      .insertInto("client_tokens")
      .values({
        client_id: link.client_id,
        token_hash: hashToken(session),
        created_at: stamp,
        expires_at: expiresAt,
        remember: opts.remember ? 1 : 0,
        device: opts.device ?? null,
      })
      .execute();
    const client = await trx
      .updateTable("clients")
      .set({ last_sign_in_at: stamp })
      .where("id", "=", link.client_id)
      .returning(["agent_id", "last_sign_in_at"])
      .executeTakeFirstOrThrow();
    let first = false;
    if (link.request_id !== null) {
      const opened = await trx
        .updateTable("document_requests")
        .set({ opened_at: stamp })
        .where("id", "=", link.request_id)
        .where("opened_at", "is", null)
        .executeTakeFirst();
      first = Number(opened.numUpdatedRows) === 1;
    }
    await clientEvent(
      trx,
      {
        agentId: client.agent_id,
        clientId: link.client_id,
        kind: "client.signed_in",
        summary:
          link.purpose === "sign_in"
            ? "The client opened their page (a link they asked for)"
            : link.purpose === "message"
              ? "The client opened their page (the link of a message notice)"
              : link.purpose === "questionnaire"
                ? "The client opened their page (the link of a questionnaire)"
                : first
                  ? "The client opened your request for documents"
                  : "The client opened their page",
        ref: link.request_id !== null ? `request:${link.request_id}` : null,
      },
      now,
    );
  });
  const found = await personForToken(db, "client", session, now);
  if (!found) throw new NotFound("client_link.gone", LINK_GONE);
  return { token: session, expires_at: expiresAt, client: { ...found.person, language: found.person.language ?? "en" } };
}

/**
 * A fresh one-hour link to each client with this address whose access is open (a client of two agents gets one per
 * agent, each naming the agent). The answer is the same whether any has it.
 */
export async function askForClientLink(db: Db, email: string, publicUrl: string, now = new Date()) {
  const clients = await db
    .selectFrom("clients as c")
    .select("c.id")
    .where(sql`lower(c.email)`, "=", email.toLowerCase())
    .where(accessOpen)
    .limit(10)
    .execute();
  for (const { id } of clients) {
    await db.transaction().execute(async (trx) => {
      const link = await issueClientLink(trx, id, "sign_in", null, publicUrl, now);
      await clientSignInLink(trx, id, link, now);
    });
  }
  return { sent: true as const };
}

/** Lets the client in (a request was sent): access opens, or opens again after the agent ended it. */
export async function openAccess(trx: Db, clientId: number, now = new Date()) {
  await trx
    .updateTable("clients")
    .set({ access_opened_at: sql`coalesce(access_opened_at, ${now.toISOString()})`, access_ended_at: null })
    .where("id", "=", clientId)
    .execute();
}

export async function clientAccess(db: Db, agentId: number, clientId: number): Promise<ClientAccess> {
  const c = await db
    .selectFrom("clients")
    .select(["access_opened_at", "access_ended_at", "last_sign_in_at", "upload_files", "upload_bytes"])
    .where("id", "=", clientId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  if (!c) throw new NotFound("client.not_found", "No such client.");
  return {
    state: c.access_ended_at ? "ended" : c.access_opened_at ? "open" : "none",
    last_sign_in_at: c.last_sign_in_at ? new Date(c.last_sign_in_at).toISOString() : null,
    uploads: {
      files: Number(c.upload_files),
      bytes: Number(c.upload_bytes),
      max_files: CLIENT_QUOTA.files,
      max_bytes: CLIENT_QUOTA.bytes,
    },
  };
}

/** The agent ends the client's access at once: sessions ended, unused links expired, on the timeline. */
export async function endClientAccess(db: Db, agentId: number, clientId: number, now = new Date()) {
  await ownClient(db, agentId, clientId, "read");
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("clients")
      .set({ access_ended_at: stamp })
      .where("id", "=", clientId)
      .where("agent_id", "=", agentId)
      .where("access_ended_at", "is", null)
      .where("access_opened_at", "is not", null)
      .executeTakeFirst();
    // Links first: a use under way holds its link's row, so its session is in before the sessions are ended.
    await trx
      .updateTable("client_links")
      .set({ expires_at: stamp })
      .where("client_id", "=", clientId)
      .where("used_at", "is", null)
      .where("expires_at", ">", stamp)
      .execute();
    await endSessions(trx, "client", clientId);
    if (Number(ended.numUpdatedRows) === 1) {
      await clientEvent(
        trx,
        { agentId, clientId, kind: "client.access_ended", summary: "You ended the client's access to their page" },
        now,
      );
    }
  });
  return clientAccess(db, agentId, clientId);
}

/** The client's signed-in devices (their sessions still running), newest first; `current` is the asking one's. */
export async function myDevices(db: Db, clientId: number, currentToken: string, now = new Date()): Promise<MyDevice[]> {
  const rows = await db
    .selectFrom("client_tokens")
    .select(["id", "device", "created_at", "expires_at", "remember", "token_hash"])
    .where("client_id", "=", clientId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc")
    .execute();
  const mine = hashToken(currentToken);
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    signed_in_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    remembered: r.remember === 1,
    current: r.token_hash === mine,
  }));
}

/** Signs one of the client's devices out (only their own: another's is not found). */
export async function endMyDevice(db: Db, clientId: number, id: number) {
  const r = await db.deleteFrom("client_tokens").where("id", "=", id).where("client_id", "=", clientId).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw new NotFound("client.device_not_found", "No such device.");
  return { ended: 1 };
}

/** Signs the client out everywhere (their access stays open: a new link signs them in again). */
export async function endAllMyDevices(db: Db, clientId: number) {
  return { ended: await endSessions(db, "client", clientId) };
}
