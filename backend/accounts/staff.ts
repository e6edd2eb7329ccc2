/** Staff accounts: found by email, and made (without a password: its person sets one through a link). */
import type { Kysely } from "kysely";
import { audit } from "../audit.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";

export function staffByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("staff")
    .select(["id", "name", "email", "password_hash", "active", "time_zone"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/**
 * A staff account (no password yet: its person sets one through a link), or the one there is with this email. Made
 * by `npm run office:user`, whose user runs the install: an owner (the back office invites the others).
 */
export async function createStaff(db: Kysely<Database>, input: { email: string; name: string }, now = new Date()) {
  const existing = await staffByEmail(db, input.email);
  if (existing) return { staff: { id: existing.id, name: existing.name, email: existing.email }, created: false };
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("staff")
        .values({
          email: input.email,
          name: input.name,
          password_hash: null,
          role: "owner",
          created_at: now.toISOString(),
          last_sign_in_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, { staffId: null, kind: "staff.create", subject: `staff:${id}`, after: input }, now);
      return { staff: { id, name: input.name, email: input.email }, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return createStaff(db, input, now);
    throw error;
  }
}
