import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 40, point 3: signed agreements. The office writes each service's agreement per language (`agreements`, one
 * per service; every change a new `agreement_versions` row, never rewritten). A client's copy (`client_agreements`)
 * keeps the exact text shown to them (the version's words in their language with the record's fields filled) and,
 * once signed, who signed (the name typed), when, from which address and browser, the SHA-256 of that text and the
 * signed PDF filed among their documents (`client_documents.from_agreement`, off their checklist). A signed copy
 * never changes; at most one unsigned copy per client and agreement. Only added: no row of before is changed.
 */
export function agreements(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("agreements"))
        .addColumn("service_id", "integer", (c) => c.notNull().unique().references("services.id"))
        .addColumn("current_version", "integer", (c) => c.notNull())
        .addColumn("retired_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await id(db.schema.createTable("agreement_versions"))
        .addColumn("agreement_id", "integer", (c) => c.notNull().references("agreements.id"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("text_en", "text", (c) => c.notNull())
        .addColumn("text_ar", "text")
        .addColumn("text_es", "text")
        .addColumn("text_fr", "text")
        .addColumn("created_at", time, (c) => c.notNull())
        .addUniqueConstraint("agreement_versions_number", ["agreement_id", "number"])
        .execute();
      await id(db.schema.createTable("client_agreements"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("agreement_id", "integer", (c) => c.notNull().references("agreements.id"))
        .addColumn("version_id", "integer", (c) => c.notNull().references("agreement_versions.id"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("text_sha256", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sent', 'signed')`))
        .addColumn("sent_at", time, (c) => c.notNull())
        .addColumn("notified_at", time)
        .addColumn("reminded_at", time)
        .addColumn("signed_at", time)
        .addColumn("signed_name", "text")
        .addColumn("signed_ip", "text")
        .addColumn("signed_user_agent", "text")
        .addColumn("document_id", "integer", (c) => c.references("client_documents.id").onDelete("set null"))
        .execute();
      await db.schema
        .createIndex("client_agreements_open")
        .on("client_agreements")
        .columns(["client_id", "agreement_id"])
        .unique()
        .where(sql<boolean>`status = 'sent'`)
        .execute();
      await db.schema
        .alterTable("client_documents")
        .addColumn("from_agreement", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("client_documents").dropColumn("from_agreement").execute();
      await db.schema.dropTable("client_agreements").execute();
      await db.schema.dropTable("agreement_versions").execute();
      await db.schema.dropTable("agreements").execute();
    },
  };
}
