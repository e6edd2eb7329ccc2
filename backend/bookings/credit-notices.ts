/**
 * A week before a session pack's credits end, with some left (issue 41): the agent and the client are told once (the
 * grant's `reminded_at`, set by a guarded update, so two mail workers never both tell), through the outbox.
 */
import type { Kysely } from "kysely";
import { clientZone } from "../clients/people.js";
import { creditGrants } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { enqueue } from "../mail/outbox.js";

export const CREDIT_REMIND_DAYS = 7;

export async function remindExpiringCredits(db: Kysely<Database>, now = new Date()) {
  const soon = new Date(now.getTime() + CREDIT_REMIND_DAYS * 86_400_000).toISOString();
  const due = await creditGrants(db)
    .innerJoin("session_packs", "session_packs.id", "client_credits.pack_id")
    .select([
      "session_packs.name as pack_name",
      "clients.email as client_email",
      "clients.language as client_language",
      clientZone.as("client_zone"),
      "agents.email as agent_email",
      "agents.time_zone as agent_zone",
    ])
    .where("client_credits.reminded_at", "is", null)
    .where("client_credits.expires_at", ">", now.toISOString())
    .where("client_credits.expires_at", "<=", soon)
    .limit(200)
    .execute();
  let told = 0;
  for (const g of due) {
    const left = Number(g.left ?? 0);
    if (left <= 0) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("client_credits")
        .set({ reminded_at: now.toISOString() })
        .where("id", "=", g.id)
        .where("reminded_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const client = { id: g.client_id, name: `${g.first_name} ${g.last_name}` };
      const agent = { name: g.agent_name, email: g.agent_email };
      const facts = { kind: "credits.expiring" as const, client, agent, pack_name: g.pack_name, left, sessions: g.sessions };
      const expires_at = new Date(g.expires_at).toISOString();
      await enqueue(
        trx,
        {
          dedupeKey: `credits.expiring:${g.id}:agent`,
          to: g.agent_email,
          facts: { ...facts, expires_at, to: { email: g.agent_email, name: g.agent_name, zone: g.agent_zone, role: "agent" } },
        },
        now,
      );
      if (g.client_email) {
        await enqueue(
          trx,
          {
            dedupeKey: `credits.expiring:${g.id}:client`,
            to: g.client_email,
            facts: {
              ...facts,
              expires_at,
              to: { email: g.client_email, name: client.name, zone: g.client_zone, role: "client", lang: g.client_language },
            },
          },
          now,
        );
      }
      told++;
    });
  }
  return told;
}
