/**
 * Erasing a client on request (issue 24, point 6; docs/operations.md): their stored files go from the file store,
 * then, in one transaction, every row about them that is not a record of money: documents and files, requests,
 * links and sessions, notes and the timeline, their cart; their held (unpaid) sessions are released; their own row
 * stays, emptied of everything that names them, so that the order lines (which keep the name printed on the
 * receipt, as accounting must) and the paid sessions still point at something. One audit entry says it happened.
 * Running it again finds nothing left and erases nothing more.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import type { FileStore } from "../files/store.js";
import { audit } from "./audit.js";

export type Erased = {
  client_id: number;
  files_removed: number;
  rows: Record<string, number>;
  kept: { order_lines: number; sessions: number };
};

export async function eraseClient(db: Kysely<Database>, store: FileStore, clientId: number, now = new Date()): Promise<Erased> {
  const client = await db.selectFrom("clients").select(["id", "agent_id"]).where("id", "=", clientId).executeTakeFirst();
  if (!client) throw new NotFound(`No client ${clientId}.`);
  // A checkout under way holds the client's cart: it settles first (paid, or lapsed after its half hour).
  const open = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select("o.id")
    .where("i.client_id", "=", clientId)
    .where("o.status", "=", "pending")
    .executeTakeFirst();
  if (open) throw new Conflict(`Order ${open.id} is being paid for this client: erase once it is paid or has lapsed.`);
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
  const kept = await db.transaction().execute(async (trx) => {
    const run = async (table: string, where: ReturnType<typeof sql>) => {
      const r = await sql`delete from ${sql.table(table)} where ${where}`.execute(trx);
      rows[table] = Number(r.numAffectedRows ?? 0);
    };
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
    // Held sessions are a cart's: released with the cart (a paid one is a record of money and stays).
    await trx
      .updateTable("mentor_bookings")
      .set({ status: "canceled" })
      .where("client_id", "=", clientId)
      .where("status", "=", "held")
      .execute();
    await run("cart_items", sql`client_id = ${clientId}`);
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
  return { client_id: clientId, files_removed: files.length, rows, kept };
}
