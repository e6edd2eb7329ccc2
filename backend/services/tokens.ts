/**
 * API tokens: 256 random bits handed out once, stored only as a SHA-256 hash, with an expiry.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AgentPublic } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(db: Kysely<Database>, agentId: number, ttlDays: number, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlDays * 24 * 3600 * 1000).toISOString();
  await db
    .insertInto("api_tokens")
    .values({ agent_id: agentId, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  await db.updateTable("agents").set({ last_sign_in_at: now.toISOString() }).where("id", "=", agentId).execute();
  // Expired tokens of this agent are of no use to anyone: clear them while we are here.
  await db.deleteFrom("api_tokens").where("agent_id", "=", agentId).where("expires_at", "<=", now.toISOString()).execute();
  return { token, expiresAt };
}

/** The agent a live token belongs to, or null for an unknown or expired token. */
export async function agentForToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ agent: AgentPublic; expires_at: string } | null> {
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("agents", "agents.id", "api_tokens.agent_id")
    .select(["agents.id", "agents.name", "agents.email", "agents.time_zone", "api_tokens.expires_at"])
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.expires_at", ">", now.toISOString())
    .where("agents.active", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const { expires_at, ...agent } = row;
  return { agent, expires_at };
}

export async function revokeToken(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("api_tokens").where("token_hash", "=", hashToken(token)).execute();
}
