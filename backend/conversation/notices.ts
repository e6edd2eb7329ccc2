/**
 * Notices that do not flood (issue 39, point 2): a side of a client's conversation is e-mailed only when a message
 * from the other side has waited unread for the delay (MESSAGE_NOTIFY_DELAY_SECONDS), and then once for everything
 * unread so far, however many messages: the next notice needs a newer message, unread for the delay again. The client
 * is written in their language with a one-time link that opens the thread; the agent in English with the thread's
 * address. Each notice is claimed by one guarded update of the side's mark, so servers sweeping at once send it once.
 */
import { sql, type Kysely } from "kysely";
import { issueClientLink } from "../clients/links.js";
import { clientAddressed, clientsWithAgent } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import { enqueueReminder } from "../phone/enqueue.js";

type Db = Kysely<Database>;
type Side = "firm" | "client";

/** Threads where `side` has unread messages, the oldest not yet told of older than `due`: the newest id and the count. */
async function waiting(db: Db, side: Side, due: string) {
  const rows = await db
    .selectFrom("client_messages as m")
    .innerJoin("clients as c", "c.id", "m.client_id")
    .leftJoin("client_thread_marks as k", (j) => j.onRef("k.client_id", "=", "m.client_id").on("k.side", "=", side))
    .select((eb) => [
      "m.client_id",
      eb.fn.max("m.id").as("newest"),
      eb.fn.countAll<number>().as("unread"),
      eb.fn.min(sql<string>`case when m.id > coalesce(k.notified_through, 0) then m.created_at end`).as("oldest_untold"),
    ])
    .where("c.archived_at", "is", null)
    .where("m.author", side === "client" ? "<>" : "=", "client")
    .where(sql<boolean>`m.id > coalesce(k.read_through, 0)`)
    .groupBy("m.client_id")
    .having(sql<boolean>`max(m.id) > coalesce(max(k.notified_through), 0)`)
    .execute();
  return rows
    .filter((r) => r.oldest_untold !== null && new Date(String(r.oldest_untold)).toISOString() <= due)
    .map((r) => ({ clientId: r.client_id, newest: Number(r.newest), unread: Number(r.unread) }));
}

/** The sweep's round: queues the notices now due. Returns how many it queued. */
export async function notifyUnreadMessages(db: Db, publicUrl: string, delaySeconds: number, now = new Date()) {
  const due = new Date(now.getTime() - delaySeconds * 1000).toISOString();
  let queued = 0;
  for (const side of ["client", "firm"] as const) {
    for (const t of await waiting(db, side, due)) {
      const sent = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("client_thread_marks")
          .values({ client_id: t.clientId, side })
          .onConflict((oc) => oc.columns(["client_id", "side"]).doNothing())
          .execute();
        // The claim: one server moves the mark to the newest message; another finds it moved (or read) and stops.
        const claimed = await trx
          .updateTable("client_thread_marks")
          .set({ notified_through: t.newest })
          .where("client_id", "=", t.clientId)
          .where("side", "=", side)
          .where("notified_through", "<", t.newest)
          .where("read_through", "<", t.newest)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const who = await clientsWithAgent(trx)
          .select(["clients.access_opened_at", "clients.access_ended_at", "clients.agent_id", "agents.time_zone as agent_zone"])
          .where("clients.id", "=", t.clientId)
          .executeTakeFirst();
        if (!who) return false;
        const dedupeKey = `conversation:${t.clientId}:${side}:${t.newest}`;
        if (side === "firm") {
          await enqueueReminder(
            trx,
            {
              dedupeKey,
              to: who.agent_email,
              person: { kind: "agent", id: who.agent_id },
              facts: {
                kind: "agent.client_messages",
                to: { email: who.agent_email, name: who.agent_name, zone: who.agent_zone, role: "agent" },
                client: { id: t.clientId, name: `${who.first_name} ${who.last_name}` },
                count: t.unread,
              },
            },
            now,
          );
          return true;
        }
        // A client without an address, or whose access is not open, reads the thread when they next come in.
        const people = clientAddressed(who);
        if (!people || !who.access_opened_at || who.access_ended_at) return false;
        const link = await issueClientLink(trx, t.clientId, "message", null, publicUrl, now);
        const url = new URL(link.url);
        url.searchParams.set("next", "/my/messages");
        await enqueueReminder(
          trx,
          {
            dedupeKey,
            to: people.to.email,
            replyTo: people.agent.email,
            person: { kind: "client", id: t.clientId },
            facts: {
              kind: "client.new_messages",
              ...people,
              count: t.unread,
              link: url.toString(),
              expires_at: link.expiresAt,
            },
          },
          now,
        );
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}
