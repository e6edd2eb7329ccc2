import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * The client's documents (issue 14, point 3): a checklist item per client and kind (the standard ones written when a
 * service that needs them is paid for; "other" ones added by the agent), each missing, uploaded or accepted, with an
 * optional expiry; and every file ever uploaded for it (a new upload replaces the current file, the old one is kept).
 * The files themselves live in the file store (a folder under DATA_DIR or an S3 bucket), named by `storage_key`.
 */
export function documents(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("client_documents"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        // no cascade: a client with documents is archived, never deleted (its files are kept)
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
        // cv | passport | degree | visa | address | other
        .addColumn("kind", "text", (c) => c.notNull())
        // the agent's name for an "other" document; the standard kinds are named by the portal
        .addColumn("title", "text")
        // the service whose purchase first asked for it (null: added by the agent)
        .addColumn("service_id", "integer")
        // missing | uploaded | accepted
        .addColumn("status", "text", (c) => c.notNull().defaultTo("missing"))
        .addColumn("file_id", "integer")
        // YYYY-MM-DD, the day the document (the passport, the visa) expires
        .addColumn("expires_on", "text")
        // the expiry the timeline already warned of, so the warning is written once per date
        .addColumn("expiry_noted_on", "text")
        .addColumn("accepted_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addCheckConstraint("client_documents_kind_check", sql`kind in ('cv', 'passport', 'degree', 'visa', 'address', 'other')`)
        .addCheckConstraint("client_documents_status_check", sql`status in ('missing', 'uploaded', 'accepted')`)
        .addCheckConstraint("client_documents_file_check", sql`(status = 'missing') = (file_id is null)`)
        .execute();
      // One checklist item per standard kind and client, however many orders (or instances) ask for it at once.
      await db.schema
        .createIndex("client_documents_kind_uq")
        .on("client_documents")
        .columns(["client_id", "kind"])
        .unique()
        .where("kind", "<>", "other")
        .execute();
      await db.schema.createIndex("client_documents_agent_idx").on("client_documents").columns(["agent_id", "status"]).execute();
      await id(db.schema.createTable("document_files"))
        .addColumn("document_id", "integer", (c) => c.notNull().references("client_documents.id"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("storage_key", "text", (c) => c.notNull().unique())
        // as the agent's computer named it (shown and offered on download; never part of a path)
        .addColumn("file_name", "text", (c) => c.notNull())
        // application/pdf | image/jpeg | image/png, read from the bytes
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size_bytes", "integer", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("uploaded_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("document_files_document_idx").on("document_files").columns(["document_id", "id"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("document_files").execute();
      await db.schema.dropTable("client_documents").execute();
    },
  };
}
