/** Agents' accounts. */
import type { Kysely } from "kysely";
import type { AgentPublic } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";

/** The agent with this email, with the password hash a sign-in checks, or undefined. */
export function agentByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("agents")
    .select(["id", "name", "email", "time_zone", "password_hash", "active"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/**
 * At sign-in with JavaScript, the browser's zone becomes the agent's own, unless the agent has chosen one: a
 * guarded update, so two first sign-ins at once set it once.
 */
export async function adoptBrowserZone(db: Kysely<Database>, agentId: number, timeZone: string): Promise<void> {
  await db
    .updateTable("agents")
    .set({ time_zone: timeZone, time_zone_set_at: new Date().toISOString() })
    .where("id", "=", agentId)
    .where("time_zone_set_at", "is", null)
    .execute();
}

/** The agent's chosen zone: every time the portal shows is in it. */
export async function setAgentZone(db: Kysely<Database>, agentId: number, timeZone: string): Promise<AgentPublic> {
  return db
    .updateTable("agents")
    .set({ time_zone: timeZone, time_zone_set_at: new Date().toISOString() })
    .where("id", "=", agentId)
    .returning(["id", "name", "email", "time_zone"])
    .executeTakeFirstOrThrow();
}
