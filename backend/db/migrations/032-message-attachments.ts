import type { Kysely } from "kysely";

/**
 * Issue 39, point 1: a message of the conversation carries up to five files, each kept as one of the client's
 * documents marked as from a message (`client_documents.from_message`), stored, sniffed and counted as any other;
 * `client_message_files` says which message each belongs to (a document to one message at most). Only added.
 */
export function messageAttachments() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("client_documents")
        .addColumn("from_message", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("client_message_files")
        .addColumn("message_id", "integer", (c) => c.notNull().references("client_messages.id").onDelete("cascade"))
        .addColumn("document_id", "integer", (c) => c.notNull().unique().references("client_documents.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("client_message_files_pk", ["message_id", "document_id"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("client_message_files").execute();
      await db.schema.alterTable("client_documents").dropColumn("from_message").execute();
    },
  };
}
