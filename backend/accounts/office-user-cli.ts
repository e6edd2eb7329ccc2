/**
 * `npm run office:user -- --email someone@example.com --name "Some One"`: creates a staff account (or says it
 * exists) and prints a one-time link to set its password (24 hours, single use). The first step of a production
 * install: the back office then does the rest.
 */
import { parseArgs } from "node:util";
import { emailField, requiredTextField } from "../../lib/contract.js";
import { withDatabase } from "../db/cli.js";
import { issuePasswordLink, PASSWORD_LINK_HOURS } from "./password-links.js";
import { createStaff } from "./staff.js";

const usage = 'Usage: npm run office:user -- --email someone@example.com --name "Some One"';
const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } }, strict: true });
const email = emailField.safeParse(values.email ?? "");
const name = requiredTextField(100, "Name").safeParse(values.name ?? "");
if (!email.success || !name.success) {
  console.error([...(email.error?.issues ?? []), ...(name.error?.issues ?? [])].map((i) => i.message).join("\n"));
  console.error(usage);
  process.exit(2);
}

await withDatabase(async (database, settings) => {
  const { staff, created } = await createStaff(database.db, { email: email.data, name: name.data });
  // Written to the outbox too: the portal's mail worker e-mails it (and prints nothing of it to its log).
  const { token } = await database.db
    .transaction()
    .execute((trx) => issuePasswordLink(trx, "staff", staff.id, new Date(), { mailTo: { publicUrl: settings.publicUrl } }));
  const link = new URL(`/set-password?${new URLSearchParams({ token })}`, settings.publicUrl).toString();
  console.log(
    created ? `Created staff account ${staff.email} (${staff.name}).` : `A staff account for ${staff.email} exists already.`,
  );
  console.log(`Set its password within ${PASSWORD_LINK_HOURS} hours, once, at:\n${link}`);
  console.log(`The running portal also e-mails this link to ${staff.email}.`);
});
