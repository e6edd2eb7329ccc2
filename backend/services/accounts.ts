/** Agents' accounts. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** The agent with this email, with the password hash a sign-in checks, or undefined. */
export function agentByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("agents")
    .select(["id", "name", "email", "time_zone", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
}
