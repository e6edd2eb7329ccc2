/**
 * Erasing a client on request (issue 24, point 6; docs/operations.md): their stored files go from the file store,
 * then, in one transaction, every row about them that is not a record of money: documents and files, requests,
 * links and sessions, notes, the timeline and the conversation, their cart; their held (unpaid) sessions are released; their own row
 * stays, emptied of everything that names them, so that the order lines (which keep the name printed on the
 * receipt, as accounting must) and the paid sessions still point at something. One audit entry says it happened.
 * Running it again finds nothing left and erases nothing more.
 */
import fs from "node:fs";
import path from "node:path";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { audit } from "../audit.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import type { FileStore } from "../files/store.js";

export type Erased = {
  client_id: number;
  files_removed: number;
  rows: Record<string, number>;
  kept: { order_lines: number; sessions: number };
};

export async function eraseClient(db: Kysely<Database>, store: FileStore, clientId: number, now = new Date()): Promise<Erased> {
  const client = await db
    .selectFrom("clients")
    .select(["id", "agent_id", "first_name", "last_name", "email"])
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (!client) throw new NotFound("client.not_found", `No client ${clientId}.`);
  // A checkout under way holds the client's cart: it settles first (paid, or lapsed after its half hour).
  const open = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select("o.id")
    .where("i.client_id", "=", clientId)
    .where("o.status", "=", "pending")
    .executeTakeFirst();
  if (open)
    throw new Conflict(
      "client.erase_order_open",
      `Order ${open.id} is being paid for this client: erase once it is paid or has lapsed.`,
    );
  // The files first: a failure here leaves the rows, and running the command again finishes the job.
  const files = await db
    .selectFrom("document_files as f")
    .innerJoin("client_documents as d", "d.id", "f.document_id")
    .select("f.storage_key")
    .where("d.client_id", "=", clientId)
    .execute();
  for (const f of files) await store.remove(f.storage_key);
  const stamp = now.toISOString();
  const rows: Record<string, number> = {};
  const late: string[] = [];
  const kept = await db.transaction().execute(async (trx) => {
    const run = async (table: string, where: ReturnType<typeof sql>) => {
      const r = await sql`delete from ${sql.table(table)} where ${where}`.execute(trx);
      rows[table] = Number(r.numAffectedRows ?? 0);
    };
    // The client's row first, for update: a message being written to them (backend/conversation/thread.ts holds the
    // row for share) lands before this, and goes with the rest, or waits and finds the client erased.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select id from clients where id = ${clientId} for update`.execute(trx);
    }
    // Files recorded since the list above (a message's file stored while this began): removed once this commits.
    const seen = new Set(files.map((f) => f.storage_key));
    for (const f of await trx
      .selectFrom("document_files as f")
      .innerJoin("client_documents as d", "d.id", "f.document_id")
      .select("f.storage_key")
      .where("d.client_id", "=", clientId)
      .execute()) {
      if (!seen.has(f.storage_key)) late.push(f.storage_key);
    }
    const docs = sql`document_id in (select id from client_documents where client_id = ${clientId})`;
    await run("document_request_items", docs);
    await trx
      .updateTable("client_documents")
      .set({ file_id: null, status: "missing" })
      .where("client_id", "=", clientId)
      .execute();
    await run("document_files", docs);
    await run("client_links", sql`client_id = ${clientId}`);
    await run("document_requests", sql`client_id = ${clientId}`);
    await run("client_documents", sql`client_id = ${clientId}`);
    await run("client_tokens", sql`client_id = ${clientId}`);
    await run("client_notes", sql`client_id = ${clientId}`);
    await run("client_events", sql`client_id = ${clientId}`);
    await run("client_messages", sql`client_id = ${clientId}`);
    await run("client_thread_marks", sql`client_id = ${clientId}`);
    await run("client_cases", sql`client_id = ${clientId}`);
    await run(
      "questionnaire_answers",
      sql`client_questionnaire_id in (select id from client_questionnaires where client_id = ${clientId})`,
    );
    await run("client_questionnaires", sql`client_id = ${clientId}`);
    await run("client_agreements", sql`client_id = ${clientId}`);
    // Held sessions are a cart's: released with the cart (a paid one is a record of money and stays).
    await trx
      .updateTable("mentor_bookings")
      .set({ status: "canceled" })
      .where("client_id", "=", clientId)
      .where("status", "=", "held")
      .execute();
    await run("cart_items", sql`client_id = ${clientId}`);
    // The e-mails: those to the client go (the request's text, a rejection's reason, their links); those to others
    // that name them (the agent's notices) keep going, the name and address replaced. Sign-in and link limits
    // keyed by their address go too.
    const { name, email } = { name: `${client.first_name} ${client.last_name}`, email: client.email };
    if (email) {
      await run("outbox", sql`lower(to_address) = ${email.toLowerCase()}`);
      await trx
        .updateTable("outbox")
        .set({ reply_to: null })
        .where(sql`lower(reply_to)`, "=", email.toLowerCase())
        .execute();
      await run("rate_limits", sql`lower(key) like ${containsPattern(email)}`);
    }
    // By name only in what went to their agent (the agent's notices about them) or is about one of their sessions
    // (the mentor's too); by address in any.
    const agent = await trx.selectFrom("agents").select("email").where("id", "=", client.agent_id).executeTakeFirst();
    const theirSessions = await trx.selectFrom("mentor_bookings").select("id").where("client_id", "=", clientId).execute();
    const named = await trx
      .selectFrom("outbox")
      .select(["id", "payload"])
      .where((eb) =>
        eb.or([
          eb.and([
            eb.or([
              eb(sql`lower(to_address)`, "=", (agent?.email ?? "").toLowerCase()),
              ...theirSessions.map((b) => eb("payload", "like", `%"booking_id":${b.id},%`)),
            ]),
            eb(sql`lower(payload)`, "like", containsPattern(jsonText(name))),
          ]),
          ...(email ? [eb(sql`lower(payload)`, "like", containsPattern(jsonText(email)))] : []),
        ]),
      )
      .execute();
    for (const row of named) {
      let payload = row.payload
        .replaceAll(jsonText(name), `Erased client ${clientId}`)
        .replaceAll(jsonText(`${client.first_name} ${client.last_name.charAt(0)}.`), `Erased client ${clientId}`);
      if (email) payload = payload.replaceAll(jsonText(email), `erased-client-${clientId}@invalid`);
      await trx.updateTable("outbox").set({ payload }).where("id", "=", row.id).execute();
    }
    rows.outbox_redacted = named.length;
    // Their numbers for reminders by phone (issue 42): the consents stay as a record that they were given and
    // withdrawn, the number gone; their messages by phone lose number and words, and what was waiting is not sent.
    const consents = await trx
      .selectFrom("message_consents")
      .select("phone")
      .where("account_kind", "=", "client")
      .where("account_id", "=", clientId)
      .execute();
    const numbers = [...new Set(consents.map((c) => c.phone))];
    if (numbers.length) {
      await trx
        .updateTable("outbox")
        .set({ status: sql`case when status = 'pending' then 'skipped' else status end`, to_address: "+0", payload: "{}" })
        .where("channel", "!=", "email")
        .where("to_address", "in", numbers)
        .where("payload", "like", `%"person":{"kind":"client","id":${clientId}}%`)
        .execute();
    }
    rows.consents_erased = numbers.length;
    await trx
      .updateTable("message_consents")
      .set({
        phone: "+0",
        withdrawn_at: sql`coalesce(withdrawn_at, ${stamp})`,
        withdrawn_how: sql`coalesce(withdrawn_how, 'the client was erased')`,
      })
      .where("account_kind", "=", "client")
      .where("account_id", "=", clientId)
      .execute();
    await trx
      .updateTable("clients")
      .set({
        first_name: "Erased",
        last_name: `client ${clientId}`,
        email: `erased-client-${clientId}@invalid`,
        phone: null,
        nationality: null,
        current_country: null,
        destination_country: null,
        date_of_birth: null,
        passport_number: null,
        notes: null,
        search_text: `erased client ${clientId}`,
        time_zone: null,
        archived_at: sql`coalesce(archived_at, ${stamp})`,
        access_ended_at: stamp,
        upload_files: 0,
        upload_bytes: 0,
        updated_at: stamp,
      })
      .where("id", "=", clientId)
      .execute();
    const lines = await trx
      .selectFrom("order_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("client_id", "=", clientId)
      .executeTakeFirstOrThrow();
    const sessions = await trx
      .selectFrom("mentor_bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("client_id", "=", clientId)
      .executeTakeFirstOrThrow();
    const kept = { order_lines: Number(lines.n), sessions: Number(sessions.n) };
    await audit(
      trx,
      {
        staffId: null,
        kind: "client.erased",
        subject: `client:${clientId}`,
        after: { agent_id: client.agent_id, files_removed: files.length, rows, kept },
      },
      now,
    );
    return kept;
  });
  for (const key of late) await store.remove(key);
  return { client_id: clientId, files_removed: files.length + late.length, rows, kept };
}

/** A text as it stands inside a JSON string (quotes and backslashes escaped), to find and replace it in a payload. */
function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * The e-mails written as files (MAIL_MODE=log, DATA_DIR/outbox/) to or about the client: removed. What an SMTP
 * server has already delivered is the recipients' own, out of the portal's reach.
 */
export function eraseMailFiles(dir: string, needles: string[]): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(dir, file), "latin1");
    // Read as sent and with quoted-printable undone (a name with accents or in Arabic is written =D9=84…).
    const decoded = Buffer.from(
      raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
    const plain = Buffer.from(raw, "latin1").toString("utf8");
    if (needles.some((n) => n && (plain.includes(n) || decoded.includes(n)))) {
      fs.rmSync(path.join(dir, file), { force: true });
      removed++;
    }
  }
  return removed;
}
