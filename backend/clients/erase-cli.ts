/**
 * `npm run client:erase -- --client 42`: erases a client's files and records on their request (what stays and why:
 * docs/operations.md, "Erasing a client"). Without `--yes` it says what it would do and does nothing. It names the
 * client by id only, whatever it prints (a command's output ends up in logs too, issue 66).
 *
 * The database's own files: SQLite overwrites what is deleted here (`secure_delete`, on this command's connection)
 * and the write-ahead log is emptied after; PostgreSQL keeps the deleted rows' bytes in its files until their pages
 * are reused, so the command says so, and `--vacuum` rewrites the tables it erased from (VACUUM FULL, which locks
 * each table while it runs: a quiet hour).
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { withDatabase } from "../db/cli.js";
import { createFileStore } from "../files/store.js";
import { eraseClient, eraseMailFiles } from "./erase.js";

const usage = "Usage: npm run client:erase -- --client <id> [--yes] [--vacuum]";
const { values } = parseArgs({
  options: { client: { type: "string" }, yes: { type: "boolean" }, vacuum: { type: "boolean" } },
  strict: true,
});
const clientId = Number(values.client);
/** The tables the erasure deletes from or rewrites. */
const ERASED_TABLES = [
  "clients",
  "document_request_items",
  "document_files",
  "client_links",
  "document_requests",
  "client_documents",
  "client_tokens",
  "client_notes",
  "client_events",
  "client_messages",
  "client_thread_marks",
  "client_cases",
  "questionnaire_answers",
  "client_questionnaires",
  "client_agreements",
  "outbox",
  "message_consents",
];
if (!values.client || !Number.isSafeInteger(clientId) || clientId < 1) {
  console.error(usage);
  process.exit(2);
}

await withDatabase(async (database, settings) => {
  const client = await database.db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select(["clients.first_name", "clients.last_name", "clients.email", "agents.id as agent_id"])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!client) {
    console.error(`No client ${clientId}.`);
    process.exitCode = 1;
  } else if (!values.yes) {
    console.log(`Client ${clientId}, of agent ${client.agent_id}: check the id on their page (/clients/${clientId}).`);
    console.log("Run again with --yes to erase their files, documents, requests, notes, timeline and cart.");
    console.log("Their order lines and paid sessions stay (records of money), with their name as the receipt printed it.");
  } else {
    if (database.raw.kind === "sqlite") database.raw.client.pragma("secure_delete = ON");
    const erased = await eraseClient(database.db, createFileStore(settings.files), clientId);
    // The e-mails this instance wrote as files (MAIL_MODE=log) to or about them.
    const mailFiles = eraseMailFiles(settings.mail.outboxDir, [client.email ?? "", `${client.first_name} ${client.last_name}`]);
    const tables = ERASED_TABLES;
    let storage: string;
    if (database.raw.kind === "sqlite") {
      database.raw.client.pragma("wal_checkpoint(TRUNCATE)");
      storage = "overwritten in the database file (secure_delete), the write-ahead log emptied";
    } else if (values.vacuum) {
      for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(database.db);
      storage = `tables rewritten (VACUUM FULL): ${tables.join(", ")}`;
    } else {
      storage = `PostgreSQL keeps the erased rows' bytes in its files until their pages are reused: run again with --vacuum at a quiet hour (VACUUM FULL of ${tables.join(", ")}; it locks each table while it runs)`;
    }
    console.log(JSON.stringify({ ...erased, mail_files_removed: mailFiles, storage }, null, 2));
  }
});
