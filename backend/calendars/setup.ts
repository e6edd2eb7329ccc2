/** The calendar features as the API runs them (backend/app.ts): their deps from the settings. */
import type { Kysely } from "kysely";
import type { CalendarSettings } from "../../lib/settings.js";
import type { Database } from "../db/schema.js";
import { outsideFetch } from "../net/outside-fetch.js";
import type { CalendarDeps } from "./deps.js";
import { oauthServices } from "./oauth-connect.js";

/** Null without a key (production without CALENDAR_KEY): no calendar is offered, and none is read. */
export function calendarDepsOf(
  db: Kysely<Database>,
  deps: { calendars?: CalendarSettings; publicUrl: string; logger: CalendarDeps["logger"] },
  horizonDays: () => number,
): CalendarDeps | null {
  const settings = deps.calendars;
  if (!settings?.key) return null;
  const base: Omit<CalendarDeps, "oauth"> = {
    key: Buffer.from(settings.key, "hex"),
    fetch: outsideFetch({ allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs }),
    serviceFetch: outsideFetch({ allowPrivate: true, timeoutMs: settings.timeoutMs }),
    allowPlainHttp: settings.allowPrivate,
    readSeconds: settings.readSeconds,
    providers: ["caldav", ...(settings.google ? ["google" as const] : []), ...(settings.microsoft ? ["microsoft" as const] : [])],
    oauthSettings: { google: settings.google, microsoft: settings.microsoft },
    publicUrl: deps.publicUrl,
    horizonDays,
    logger: deps.logger,
  };
  return { ...base, oauth: oauthServices(db, base) };
}
