/** Contact-us messages, as visitors send them: kept, and the staff inbox told (reply-to the sender) in one transaction. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { contactReceived } from "./contact-notices.js";

export async function saveContactMessage(
  db: Kysely<Database>,
  message: { name: string; email: string; phone?: string | null; subject: string; message: string },
  agentId: number | null = null,
) {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("contact_messages")
      .values({
        name: message.name,
        email: message.email,
        phone: message.phone ?? null,
        subject: message.subject,
        message: message.message,
        agent_id: agentId,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await contactReceived(trx, id);
  });
}
