/** A UTC time from the database, shown in the viewer's time zone (the agent's own setting). */
export function formatDateTime(iso: string, timeZone: string, locale = "en-GB"): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
  }
}
