import type { Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 24: clients send their own documents. A client is a fourth kind of account, signed in by a one-time link
 * (`client_links`, stored hashed) that opens a session of its own (`client_tokens`); the agent asks for documents
 * with a request (`document_requests`, one row per item asked in `document_request_items`); an upload says whether
 * the client sent it and which upload it is a further page of (`document_files.from_client`, `part_of`); a rejected
 * document is missing again with the agent's reason kept (`client_documents.rejected_*`, so the status constraint
 * stays as it is); each client's own uploads are counted on its row for the quota (a guarded update holds it).
 * Columns and tables are only added: every client from before has no access until their agent sends a request.
 */
export function clientAccess(kind: DbKind) {
  const { pg, time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("clients").addColumn("access_opened_at", time).execute();
      await db.schema.alterTable("clients").addColumn("access_ended_at", time).execute();
      await db.schema.alterTable("clients").addColumn("last_sign_in_at", time).execute();
      await db.schema
        .alterTable("clients")
        .addColumn("upload_files", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("clients")
        .addColumn("upload_bytes", pg ? "bigint" : "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema.alterTable("client_documents").addColumn("rejected_at", time).execute();
      await db.schema.alterTable("client_documents").addColumn("reject_reason", "text").execute();
      await db.schema.alterTable("client_documents").addColumn("rejected_file_id", "integer").execute();

      await db.schema
        .alterTable("document_files")
        .addColumn("from_client", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("document_files").addColumn("part_of", "integer").execute();

      await id(db.schema.createTable("client_tokens"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("client_tokens_client_idx").on("client_tokens").column("client_id").execute();

      await id(db.schema.createTable("document_requests"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("message", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_sent_at", time, (c) => c.notNull())
        .addColumn("times_sent", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("opened_at", time)
        .addColumn("reminded_at", time)
        .addColumn("withdrawn_at", time)
        .execute();
      await db.schema.createIndex("document_requests_client_idx").on("document_requests").column("client_id").execute();
      // The sweep's question: which open requests were sent three days ago and not reminded of yet.
      await db.schema
        .createIndex("document_requests_remind_idx")
        .on("document_requests")
        .columns(["reminded_at", "withdrawn_at", "created_at"])
        .execute();

      await id(db.schema.createTable("document_request_items"))
        .addColumn("request_id", "integer", (c) => c.notNull().references("document_requests.id").onDelete("cascade"))
        .addColumn("document_id", "integer", (c) => c.notNull().references("client_documents.id").onDelete("cascade"))
        .addColumn("answered_at", time)
        .addUniqueConstraint("document_request_items_uq", ["request_id", "document_id"])
        .execute();
      await db.schema
        .createIndex("document_request_items_document_idx")
        .on("document_request_items")
        .column("document_id")
        .execute();

      await id(db.schema.createTable("client_links"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        // request (e-mailed with a document request or its reminder, 7 days) | sign_in (asked for at /my/sign-in, 1 hour)
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("request_id", "integer", (c) => c.references("document_requests.id").onDelete("cascade"))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
      await db.schema.createIndex("client_links_client_idx").on("client_links").column("client_id").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("client_links").execute();
      await db.schema.dropTable("document_request_items").execute();
      await db.schema.dropTable("document_requests").execute();
      await db.schema.dropTable("client_tokens").execute();
      for (const column of ["part_of", "from_client"]) await db.schema.alterTable("document_files").dropColumn(column).execute();
      for (const column of ["rejected_file_id", "reject_reason", "rejected_at"]) {
        await db.schema.alterTable("client_documents").dropColumn(column).execute();
      }
      for (const column of ["upload_bytes", "upload_files", "last_sign_in_at", "access_ended_at", "access_opened_at"]) {
        await db.schema.alterTable("clients").dropColumn(column).execute();
      }
    },
  };
}
