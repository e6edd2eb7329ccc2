/**
 * The browsers an account signs in from (issue 67): a sign-in from one not seen before is e-mailed to its person,
 * saying which browser, from where and when, so that someone else's sign-in with their password (or their passkey)
 * does not go unseen.
 *
 * A browser is the portal's long-lived random cookie (sent to the API as `X-Browser`; only its hash is kept). An API
 * client that sends none is known by its User-Agent's browser and system ("Chrome on Linux"), which a new version of
 * the same browser does not change. The account's very first sign-in is not news: nothing is sent for it.
 */
import { createHash } from "node:crypto";
import Bowser from "bowser";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { FactorKind, Who } from "./factors.js";
import { securityChanged } from "./notices.js";

export const BROWSER_HEADER = "x-browser";

/** "Chrome on Linux", from a User-Agent; "an unknown browser" when it says nothing usable. */
export function browserName(userAgent: string | undefined): string {
  if (!userAgent) return "an unknown browser";
  const parsed = Bowser.parse(userAgent.slice(0, 300));
  const browser = parsed.browser.name?.replace(/^Chrome Headless$/, "Chrome");
  const os = parsed.os.name;
  return browser ? (os ? `${browser} on ${os}` : browser) : "an unknown browser";
}

/** The key a browser is kept under: its cookie's when it sent one, else its User-Agent's browser and system. */
export function browserKey(cookie: string | undefined, userAgent: string | undefined): string {
  const seed = cookie && /^[A-Za-z0-9_-]{16,64}$/.test(cookie) ? `cookie:${cookie}` : `agent:${browserName(userAgent)}`;
  return createHash("sha256").update(seed).digest("hex");
}

/**
 * Notes this sign-in's browser for the account; the first time it is seen (and not the account's first ever), the
 * person is e-mailed through the outbox. Two sign-ins at once from a new browser send one e-mail (the unique pair).
 */
export async function noteBrowser(
  db: Kysely<Database>,
  who: Who,
  seen: { key: string; name: string; ip: string | undefined },
  now = new Date(),
): Promise<void> {
  const kind: FactorKind = who.kind;
  const at = now.toISOString();
  const touched = await db
    .updateTable("known_browsers")
    .set({ last_seen_at: at })
    .where("account_kind", "=", kind)
    .where("account_id", "=", who.id)
    .where("browser_hash", "=", seen.key)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) > 0) return;
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("known_browsers")
      .select("id")
      .where("account_kind", "=", kind)
      .where("account_id", "=", who.id)
      .limit(1)
      .executeTakeFirst();
    const added = await trx
      .insertInto("known_browsers")
      .values({ account_kind: kind, account_id: who.id, browser_hash: seen.key, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(["account_kind", "account_id", "browser_hash"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (added && before) {
      const where = seen.ip && seen.ip !== "unknown" ? ` (${seen.ip})` : "";
      await securityChanged(trx, who, "new_browser", `${seen.name}${where}`, now);
    }
  });
}
