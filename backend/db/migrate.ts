/**
 * One set of migrations for SQLite and PostgreSQL, run by Kysely's migrator.
 * Migrations are listed in code (not read from a folder) so they survive bundling.
 */
import { Migrator, sql, type Migration } from "kysely";
import type { Db, DbKind } from "./connection.js";
import { initial } from "./migrations/001-initial.js";
import { cartUnique } from "./migrations/002-cart-unique.js";
import { orders } from "./migrations/003-orders.js";
import { mentorBookings } from "./migrations/004-mentor-bookings.js";
import { rateLimits } from "./migrations/005-rate-limits.js";
import { moneyIntegrity } from "./migrations/006-money-integrity.js";
import { agentZone } from "./migrations/007-agent-zone.js";
import { backOffice } from "./migrations/008-back-office.js";
import { cataloguePublishing } from "./migrations/009-catalogue-publishing.js";
import { orderReview } from "./migrations/010-order-review.js";
import { mentorTimeOff } from "./migrations/011-mentor-time-off.js";
import { mail } from "./migrations/012-mail.js";
import { caseFile } from "./migrations/013-case-file.js";
import { documents } from "./migrations/014-documents.js";
import { hardening } from "./migrations/015-hardening.js";
import { clientListIndex } from "./migrations/016-client-list-index.js";
import { mentorAccounts } from "./migrations/017-mentor-accounts.js";
import { sessionOutcomes } from "./migrations/018-session-outcomes.js";
import { sessionMoves } from "./migrations/019-session-moves.js";
import { calendarFeeds } from "./migrations/020-calendar-feeds.js";
import { clientZoneLanguage } from "./migrations/021-client-zone-language.js";
import { clientAccess } from "./migrations/022-client-access.js";
import { staffRoles } from "./migrations/023-staff-roles.js";
import { businessSettings } from "./migrations/024-business-settings.js";
import { contactReplies } from "./migrations/025-contact-replies.js";
import { mentorLanguage } from "./migrations/026-mentor-language.js";
import { catalogueTexts } from "./migrations/027-catalogue-texts.js";
import { caseMessages } from "./migrations/028-case-messages.js";
import { caseStages } from "./migrations/029-case-stages.js";
import { clientDevices } from "./migrations/030-client-devices.js";
import { clientMoveRequests } from "./migrations/031-client-move-requests.js";
import { messageAttachments } from "./migrations/032-message-attachments.js";
import { intake } from "./migrations/033-intake.js";
import { agreements } from "./migrations/034-agreements.js";
import { packsAndCommissions } from "./migrations/035-packs-commissions.js";
import { phoneMessages } from "./migrations/036-phone-messages.js";
import { dataVersions } from "./migrations/037-data-versions.js";
import { destinationVersions } from "./migrations/038-destination-versions.js";
import { phoneChecks } from "./migrations/039-phone-checks.js";
import { secondFactor } from "./migrations/040-second-factor.js";
import { passkeysBrowsers } from "./migrations/041-passkeys-browsers.js";
import { mentorCalendars } from "./migrations/042-mentor-calendars.js";

function migrations(kind: DbKind): Record<string, Migration> {
  return {
    "001-initial": initial(kind),
    "002-cart-unique": cartUnique(),
    "003-orders": orders(kind),
    "004-mentor-bookings": mentorBookings(kind),
    "005-rate-limits": rateLimits(kind),
    "006-money-integrity": moneyIntegrity(kind),
    "007-agent-zone": agentZone(kind),
    "008-back-office": backOffice(kind),
    "009-catalogue-publishing": cataloguePublishing(),
    "010-order-review": orderReview(kind),
    "011-mentor-time-off": mentorTimeOff(kind),
    "012-mail": mail(kind),
    "013-case-file": caseFile(kind),
    "014-documents": documents(kind),
    "015-hardening": hardening(kind),
    "016-client-list-index": clientListIndex(),
    "017-mentor-accounts": mentorAccounts(kind),
    "018-session-outcomes": sessionOutcomes(kind),
    "019-session-moves": sessionMoves(kind),
    "020-calendar-feeds": calendarFeeds(),
    "021-client-zone-language": clientZoneLanguage(),
    "022-client-access": clientAccess(kind),
    "023-staff-roles": staffRoles(kind),
    "024-business-settings": businessSettings(kind),
    "025-contact-replies": contactReplies(kind),
    "026-mentor-language": mentorLanguage(),
    "027-catalogue-texts": catalogueTexts(),
    "028-case-messages": caseMessages(kind),
    "029-case-stages": caseStages(kind),
    "030-client-devices": clientDevices(),
    "031-client-move-requests": clientMoveRequests(kind),
    "032-message-attachments": messageAttachments(),
    "033-intake": intake(kind),
    "034-agreements": agreements(kind),
    "035-packs-commissions": packsAndCommissions(kind),
    "036-phone-messages": phoneMessages(kind),
    "037-data-versions": dataVersions(kind),
    "038-destination-versions": destinationVersions(kind),
    "039-phone-checks": phoneChecks(kind),
    "040-second-factor": secondFactor(kind),
    "041-passkeys-browsers": passkeysBrowsers(kind),
    "042-mentor-calendars": mentorCalendars(kind),
  };
}

async function migrator(database: Db) {
  const schema =
    database.kind === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.kind) },
    // Without it, Kysely finds its lock table in any schema of the database, even another's.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Up or down to the migration named (a test of one migration on the rows of before). */
export async function migrateTo(database: Db, name: string): Promise<void> {
  const { error } = await (await migrator(database)).migrateTo(name);
  if (error) throw error;
}

/** Migrations not yet applied to this database (read only). */
export async function pendingMigrations(database: Db): Promise<string[]> {
  return (await (await migrator(database)).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

export async function migrateToLatest(database: Db): Promise<string[]> {
  const { error, results } = await (await migrator(database)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
