/** The timeline's warning of documents coming up to their expiry, written by the minute's sweep (backend/app.ts). */
import { type Kysely } from "kysely";
import { addDays } from "../../lib/days.js";
import { expiryWindow, documentTitle } from "../../lib/documents.js";
import { clientEvent } from "../clients/case-file.js";
import type { Database } from "../db/schema.js";

/**
 * The timeline's warning of a document expiring within the notice window (or expired), once per expiry date and
 * document, however many instances sweep at once: the guarded update decides which one writes it.
 */
export async function noteExpiringDocuments(db: Kysely<Database>, now = new Date()) {
  // The widest window (the zone furthest ahead); each document is then held to its agent's own days.
  const widest = addDays(expiryWindow(now, "UTC").horizon, 1);
  const candidates = await db
    .selectFrom("client_documents")
    .innerJoin("agents", "agents.id", "client_documents.agent_id")
    .select([
      "client_documents.id",
      "client_documents.agent_id",
      "client_documents.client_id",
      "client_documents.kind",
      "client_documents.title",
      "client_documents.expires_on",
      "agents.time_zone",
    ])
    .where("client_documents.status", "<>", "missing")
    .where("client_documents.expires_on", "is not", null)
    .where("client_documents.expires_on", "<=", widest)
    .where((eb) =>
      eb.or([
        eb("client_documents.expiry_noted_on", "is", null),
        eb("client_documents.expiry_noted_on", "<>", eb.ref("client_documents.expires_on")),
      ]),
    )
    .limit(500)
    .execute();
  let noted = 0;
  for (const d of candidates) {
    const { today, horizon } = expiryWindow(now, d.time_zone);
    if (d.expires_on! > horizon) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("client_documents")
        .set({ expiry_noted_on: d.expires_on })
        .where("id", "=", d.id)
        .where("expires_on", "=", d.expires_on)
        .where((eb) => eb.or([eb("expiry_noted_on", "is", null), eb("expiry_noted_on", "<>", d.expires_on!)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      noted++;
      const past = d.expires_on! < today;
      await clientEvent(
        trx,
        {
          agentId: d.agent_id,
          clientId: d.client_id,
          kind: "document.expiring",
          summary: `${documentTitle(d)} ${past ? "expired" : "expires"} on ${d.expires_on}`,
          ref: `document:${d.id}`,
        },
        now,
      );
    });
  }
  return noted;
}
