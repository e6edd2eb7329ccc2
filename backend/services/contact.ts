/** Contact-us messages, as visitors send them. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export async function saveContactMessage(
  db: Kysely<Database>,
  message: { name: string; email: string; phone?: string | null; subject: string; message: string },
) {
  await db
    .insertInto("contact_messages")
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone ?? null,
      subject: message.subject,
      message: message.message,
      created_at: new Date().toISOString(),
    })
    .execute();
}
