/**
 * A time as the API writes it into a stored line (an order line's description, a timeline entry): "2026-12-01 10:00
 * UTC". Written by `utcStamp`, found again by `UTC_STAMP` (the office names a moved session by its time now, pages
 * show each in the reader's zone: app/lib/dates.ts timesIn).
 */
export function utcStamp(at: string | Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** One such time in a text, its day and its hour:minute captured. */
export const UTC_STAMP = /\b(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC\b/;

/** Every such time in a text. */
export const UTC_STAMPS = new RegExp(UTC_STAMP.source, "g");
