/** The client is told where their case now stands (issue 39): in their language, with a link to their page. */
import type { Kysely } from "kysely";
import { issueClientLink } from "../clients/links.js";
import { clientAddressed, clientsWithAgent } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import type { StageNames } from "../mail/facts.js";
import { enqueue } from "../mail/outbox.js";

const names = (s: StageNames): StageNames => ({ name: s.name, name_ar: s.name_ar, name_es: s.name_es, name_fr: s.name_fr });

export async function caseMovedNotice(
  trx: Kysely<Database>,
  m: {
    clientId: number;
    serviceId: number;
    stage: StageNames & { id: number };
    next: StageNames | null;
    note: string | null;
    publicUrl: string;
  },
  now = new Date(),
) {
  const who = await clientsWithAgent(trx)
    .select(["clients.access_opened_at", "clients.access_ended_at"])
    .where("clients.id", "=", m.clientId)
    .executeTakeFirst();
  const people = who ? clientAddressed(who) : null;
  if (!who || !people) return;
  // Telling the client where their case stands lets in a client who never had their page (as a message does); an
  // access the agent ended stays ended, and the e-mail then carries no link.
  if (who.access_opened_at === null && who.access_ended_at === null) {
    await trx.updateTable("clients").set({ access_opened_at: now.toISOString() }).where("id", "=", m.clientId).execute();
  }
  const open = who.access_ended_at === null;
  const link = open ? await issueClientLink(trx, m.clientId, "message", null, m.publicUrl, now) : null;
  await enqueue(
    trx,
    {
      dedupeKey: `client.case_moved:${m.clientId}:${m.serviceId}:${m.stage.id}:${now.toISOString()}`,
      to: people.to.email,
      replyTo: people.agent.email,
      facts: {
        kind: "client.case_moved",
        ...people,
        service_id: m.serviceId,
        stage: names(m.stage),
        next: m.next ? names(m.next) : null,
        note: m.note,
        link: link?.url ?? null,
        expires_at: link?.expiresAt ?? null,
      },
    },
    now,
  );
}
