/**
 * A client as the portal speaks to them: their name, e-mail and language, their zone, and their agent. A client's
 * zone is their own when the agent set one, else their agent's (issue 21): written here once, for the client's own
 * area, their messages and their sessions' notices.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Recipient } from "../mail/compose.js";

/** The client's zone, where `clients` and `agents` (theirs, or the booking's) are joined. */
export const clientZone = sql<string>`coalesce(clients.time_zone, agents.time_zone)`;

/** A client with their agent joined, and what every message to them needs. */
export function clientsWithAgent(db: Kysely<Database>) {
  return db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select([
      "clients.first_name",
      "clients.last_name",
      "clients.email",
      "clients.language",
      clientZone.as("zone"),
      "agents.name as agent_name",
      "agents.email as agent_email",
    ]);
}

/**
 * A client row of `clientsWithAgent` as a message addresses the client (name, address, zone, language) and names
 * their agent; null for a client without an address.
 */
export function clientAddressed(row: {
  first_name: string;
  last_name: string;
  email: string | null;
  language: string | null;
  zone: string;
  agent_name: string;
  agent_email: string;
}): { to: Recipient; agent: { name: string; email: string } } | null {
  if (!row.email) return null;
  return {
    to: {
      email: row.email,
      name: `${row.first_name} ${row.last_name}`,
      zone: row.zone,
      role: "client",
      lang: row.language ?? undefined,
    },
    agent: { name: row.agent_name, email: row.agent_email },
  };
}
