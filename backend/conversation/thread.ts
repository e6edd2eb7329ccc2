/**
 * A client's conversation (issue 39; lib/contract/conversation.ts): the messages of one thread per client between
 * the client and the firm (their agent, and the office), and how far each side has read. The agent reaches a thread
 * through its own client only (another agent's: not found); the office reads without marking anything read.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { CaseMessage, CaseThread } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { NO_CLIENT, ownClient } from "../clients/ownership.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { attachmentsOf } from "./attachments.js";

type Db = Kysely<Database>;
/** Who reads or writes: the client's agent, the client, or a staff member for the office. */
export type Party =
  { kind: "agent"; agentId: number } | { kind: "client"; clientId: number } | { kind: "office"; staffId: number };
type Side = "firm" | "client";

const sideOf = (party: Party): Side => (party.kind === "client" ? "client" : "firm");
const authorSide = (author: CaseMessage["author"]): Side => (author === "client" ? "client" : "firm");

/**
 * The client of the thread, live and held against its erasure until the transaction ends: on PostgreSQL the row is
 * locked for share, and erasing locks it for update first, so a message either lands before the erasure (which then
 * removes it) or finds the client erased. For the agent, the client must be theirs.
 */
async function liveClient(trx: Db, clientId: number, party: Party) {
  if (party.kind === "agent") await ownClient(trx, party.agentId, clientId, "change");
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  const q = trx.selectFrom("clients").select("id").where("id", "=", clientId).where("archived_at", "is", null);
  const row = await (pg ? q.forShare() : q).executeTakeFirst();
  if (!row) throw new NotFound("client.not_found", NO_CLIENT);
}

/** The thread as `party` reads it, oldest first. Reading marks nothing (markRead does). */
export async function readThread(db: Db, clientId: number, party: Party): Promise<CaseThread> {
  const client = await db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select([
      "clients.id",
      "clients.first_name",
      "clients.last_name",
      "clients.agent_id",
      "clients.access_opened_at",
      "clients.access_ended_at",
      "agents.name as agent_name",
    ])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!client || (party.kind === "agent" && client.agent_id !== party.agentId)) throw new NotFound("client.not_found", NO_CLIENT);
  const [messages, marks] = await Promise.all([
    db
      .selectFrom("client_messages as m")
      .leftJoin("agents as a", "a.id", "m.agent_id")
      .select(["m.id", "m.author", "m.body", "m.created_at", "a.name as agent_name"])
      .where("m.client_id", "=", clientId)
      .orderBy("m.id")
      .execute(),
    db.selectFrom("client_thread_marks").selectAll().where("client_id", "=", clientId).execute(),
  ]);
  const files = await attachmentsOf(
    db,
    messages.map((m) => m.id),
  );
  const mark = (side: Side) => marks.find((m) => m.side === side);
  const own = sideOf(party);
  const other: Side = own === "client" ? "firm" : "client";
  const ownRead = Number(mark(own)?.read_through ?? 0);
  const clientName = `${client.first_name} ${client.last_name}`;
  return {
    client: { id: client.id, first_name: client.first_name, last_name: client.last_name },
    agent: { name: client.agent_name },
    access: client.access_ended_at ? "ended" : client.access_opened_at ? "open" : "none",
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      author_name: m.author === "agent" ? m.agent_name : m.author === "client" ? clientName : null,
      body: m.body,
      created_at: new Date(m.created_at).toISOString(),
      attachments: files.get(m.id) ?? [],
      // Read by the side that did not write it.
      read: Number(mark(authorSide(m.author) === "client" ? "firm" : "client")?.read_through ?? 0) >= m.id,
      mine: m.author === party.kind,
    })),
    unread: messages.filter((m) => authorSide(m.author) === other && m.id > ownRead).length,
    other_read_at: mark(other)?.read_at ? new Date(mark(other)!.read_at!).toISOString() : null,
  };
}

/**
 * Writes a message in the client's thread. The writer's side has read what came before it (they saw the thread);
 * two sides writing at once each get their own row, in the order the database gives their ids.
 */
export async function sendMessage(
  db: Db,
  clientId: number,
  party: Party,
  body: string,
  now = new Date(),
  attachments: number[] = [],
): Promise<CaseMessage> {
  const stamp = now.toISOString();
  const row = await db.transaction().execute(async (trx) => {
    await liveClient(trx, clientId, party);
    const inserted = await trx
      .insertInto("client_messages")
      .values({
        client_id: clientId,
        author: party.kind,
        agent_id: party.kind === "agent" ? party.agentId : null,
        staff_id: party.kind === "office" ? party.staffId : null,
        body,
        created_at: stamp,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    await linkAttachments(trx, clientId, party, inserted.id, attachments);
    if (party.kind !== "office") await advanceMark(trx, clientId, sideOf(party), inserted.id, stamp);
    // The firm writing lets a client who never had their page in (as asking for documents does), so the notice can
    // reach them; an access the agent ended stays ended.
    if (party.kind !== "client") {
      await trx
        .updateTable("clients")
        .set({ access_opened_at: stamp })
        .where("id", "=", clientId)
        .where("access_opened_at", "is", null)
        .where("access_ended_at", "is", null)
        .execute();
    }
    return inserted;
  });
  const author =
    party.kind === "agent"
      ? ((await db.selectFrom("agents").select("name").where("id", "=", party.agentId).executeTakeFirst())?.name ?? null)
      : party.kind === "client"
        ? await db
            .selectFrom("clients")
            .select(["first_name", "last_name"])
            .where("id", "=", clientId)
            .executeTakeFirst()
            .then((c) => (c ? `${c.first_name} ${c.last_name}` : null))
        : null;
  const files = (await attachmentsOf(db, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    author: party.kind,
    author_name: author,
    body,
    created_at: stamp,
    read: false,
    mine: true,
    attachments: files,
  };
}

/**
 * The files sent beforehand (attachments.ts) joined to the message: each a document of this client's from a message,
 * sent by the same side (the client's own, or the firm's), not yet with another message. Any other is refused and
 * the message with it.
 */
async function linkAttachments(trx: Db, clientId: number, party: Party, messageId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const refuse = () => {
    const message = "Attach only files you have just sent with this message.";
    return new Invalid("message.attachment_invalid", message, {
      attachments: [fieldError("message.attachment_invalid", message)],
    });
  };
  if (party.kind === "office") throw refuse();
  const found = await trx
    .selectFrom("client_documents as d")
    .innerJoin("document_files as f", "f.id", "d.file_id")
    .select("d.id")
    .where("d.id", "in", unique)
    .where("d.client_id", "=", clientId)
    .where("d.from_message", "=", 1)
    .where("f.from_client", "=", party.kind === "client" ? 1 : 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("client_message_files as l").select("l.document_id").whereRef("l.document_id", "=", "d.id"))),
    )
    .execute();
  if (found.length !== unique.length) throw refuse();
  try {
    await trx
      .insertInto("client_message_files")
      .values(unique.map((document_id) => ({ message_id: messageId, document_id })))
      .execute();
  } catch (error) {
    // The same file sent with two messages at once: one gets it.
    if (isUniqueViolation(error)) throw refuse();
    throw error;
  }
}

/**
 * Marks the thread read by `party`'s side up to `through` (at most its newest message), never back: two tabs
 * marking at once keep the further mark. The office reads as the firm but marks nothing.
 */
export async function markRead(db: Db, clientId: number, party: Party, through: number, now = new Date()) {
  if (party.kind === "agent") await ownClient(db, party.agentId, clientId, "read");
  const newest = await db
    .selectFrom("client_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  const upTo = Math.min(through, Number(newest?.id ?? 0));
  if (party.kind === "office" || upTo <= 0) return { read_through: upTo };
  await advanceMark(db, clientId, sideOf(party), upTo, now.toISOString());
  const mark = await db
    .selectFrom("client_thread_marks")
    .select("read_through")
    .where("client_id", "=", clientId)
    .where("side", "=", sideOf(party))
    .executeTakeFirst();
  return { read_through: Number(mark?.read_through ?? upTo) };
}

/** One guarded write: the side's mark moves forward to `through`, or stays where it is when it is already past. */
async function advanceMark(db: Db, clientId: number, side: Side, through: number, stamp: string) {
  await db
    .insertInto("client_thread_marks")
    .values({ client_id: clientId, side, read_through: through, read_at: stamp })
    .onConflict((oc) =>
      oc.columns(["client_id", "side"]).doUpdateSet({
        read_through: sql`case when excluded.read_through > client_thread_marks.read_through then excluded.read_through else client_thread_marks.read_through end`,
        read_at: sql`case when excluded.read_through > client_thread_marks.read_through then excluded.read_at else client_thread_marks.read_at end`,
      }),
    )
    .execute();
}

/** How many messages wait unread for one side of a client's thread (the firm's: the client's; the client's: the rest). */
export async function unreadFor(db: Db, clientId: number, side: Side): Promise<number> {
  const row = await db
    .selectFrom("client_messages as m")
    .leftJoin("client_thread_marks as k", (j) => j.onRef("k.client_id", "=", "m.client_id").on("k.side", "=", side))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("m.client_id", "=", clientId)
    .where("m.author", side === "client" ? "<>" : "=", "client")
    .where((eb) => eb.or([eb("k.read_through", "is", null), eb("m.id", ">", eb.ref("k.read_through"))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
