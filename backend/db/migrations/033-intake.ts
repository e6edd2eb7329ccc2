import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";
import { columnTypes } from "./column-types.js";

/**
 * Issue 40: intake questionnaires. The office writes questionnaires (`questionnaires`, with the services whose
 * payment sends them in `questionnaire_services`); each is kept as versions (`questionnaire_versions`: the whole
 * questionnaire as written, JSON), a version once sent to a client never changing again (a change makes the next
 * one). A client's copy (`client_questionnaires`) keeps the version it was sent with and where it stands (sent,
 * started, submitted, returned, accepted; at most one not yet accepted per client and questionnaire), and its
 * answers one row a question (`questionnaire_answers`, with the agent's word when it was returned for correcting).
 * A file answered is one of the client's documents, marked as from a questionnaire (off their checklist).
 * Only added: no row of before is changed or dropped.
 */
export function intake(kind: DbKind) {
  const { time, id } = columnTypes(kind);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("questionnaires"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("current_version", "integer", (c) => c.notNull())
        .addColumn("next_key", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("retired_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await id(db.schema.createTable("questionnaire_versions"))
        .addColumn("questionnaire_id", "integer", (c) => c.notNull().references("questionnaires.id"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addUniqueConstraint("questionnaire_versions_number", ["questionnaire_id", "number"])
        .execute();
      await db.schema
        .createTable("questionnaire_services")
        .addColumn("questionnaire_id", "integer", (c) => c.notNull().references("questionnaires.id"))
        .addColumn("service_id", "integer", (c) => c.notNull().references("services.id"))
        .addPrimaryKeyConstraint("questionnaire_services_pk", ["questionnaire_id", "service_id"])
        .execute();
      await id(db.schema.createTable("client_questionnaires"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id"))
        .addColumn("questionnaire_id", "integer", (c) => c.notNull().references("questionnaires.id"))
        .addColumn("version_id", "integer", (c) => c.notNull().references("questionnaire_versions.id"))
        .addColumn("service_id", "integer", (c) => c.references("services.id"))
        .addColumn("status", "text", (c) =>
          c.notNull().check(sql`status in ('sent', 'started', 'submitted', 'returned', 'accepted')`),
        )
        .addColumn("review_note", "text")
        .addColumn("sent_at", time, (c) => c.notNull())
        .addColumn("started_at", time)
        .addColumn("submitted_at", time)
        .addColumn("returned_at", time)
        .addColumn("accepted_at", time)
        .addColumn("notified_at", time)
        .addColumn("reminded_at", time)
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      // At most one copy not yet accepted per client and questionnaire: a payment delivered twice, or the agent
      // sending what is already out, finds it there.
      await db.schema
        .createIndex("client_questionnaires_open")
        .on("client_questionnaires")
        .columns(["client_id", "questionnaire_id"])
        .unique()
        .where(sql<boolean>`status <> 'accepted'`)
        .execute();
      await db.schema
        .createTable("questionnaire_answers")
        .addColumn("client_questionnaire_id", "integer", (c) =>
          c.notNull().references("client_questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_key", "text", (c) => c.notNull())
        .addColumn("value", "text")
        .addColumn("returned", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("returned_note", "text")
        .addColumn("updated_at", time, (c) => c.notNull())
        .addPrimaryKeyConstraint("questionnaire_answers_pk", ["client_questionnaire_id", "question_key"])
        .execute();
      await db.schema
        .alterTable("client_documents")
        .addColumn("from_questionnaire", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("client_documents").dropColumn("from_questionnaire").execute();
      await db.schema.dropTable("questionnaire_answers").execute();
      await db.schema.dropTable("client_questionnaires").execute();
      await db.schema.dropTable("questionnaire_services").execute();
      await db.schema.dropTable("questionnaire_versions").execute();
      await db.schema.dropTable("questionnaires").execute();
    },
  };
}
