/**
 * `npm run client:erase -- --client 42`: erases a client's files and records on their request (what stays and why:
 * docs/operations.md, "Erasing a client"). Without `--yes` it says what it would do and does nothing.
 */
import { parseArgs } from "node:util";
import { withDatabase } from "../db/cli.js";
import { createFileStore } from "../files/store.js";
import { eraseClient, eraseMailFiles } from "./erase.js";

const usage = "Usage: npm run client:erase -- --client <id> [--yes]";
const { values } = parseArgs({ options: { client: { type: "string" }, yes: { type: "boolean" } }, strict: true });
const clientId = Number(values.client);
if (!values.client || !Number.isSafeInteger(clientId) || clientId < 1) {
  console.error(usage);
  process.exit(2);
}

await withDatabase(async (database, settings) => {
  const client = await database.db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select(["clients.first_name", "clients.last_name", "clients.email", "agents.email as agent"])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!client) {
    console.error(`No client ${clientId}.`);
    process.exitCode = 1;
  } else if (!values.yes) {
    console.log(`Client ${clientId}: ${client.first_name} ${client.last_name} <${client.email}>, agent ${client.agent}.`);
    console.log("Run again with --yes to erase their files, documents, requests, notes, timeline and cart.");
    console.log("Their order lines and paid sessions stay (records of money), with their name as the receipt printed it.");
  } else {
    const erased = await eraseClient(database.db, createFileStore(settings.files), clientId);
    // The e-mails this instance wrote as files (MAIL_MODE=log) to or about them.
    const mailFiles = eraseMailFiles(settings.mail.outboxDir, [client.email ?? "", `${client.first_name} ${client.last_name}`]);
    console.log(JSON.stringify({ ...erased, mail_files_removed: mailFiles }, null, 2));
  }
});
