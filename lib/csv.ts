import { wallClock } from "./days.js";

/**
 * A spreadsheet cell that stays text (issue 21, point 7): a value beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is read by Excel, LibreOffice and Google Sheets as a formula (CSV injection). As OWASP advises,
 * such a value gets a leading `'`, which the spreadsheet shows as text and hides.
 */
export function spreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A time for a spreadsheet: "2026-11-24 18:37" in `zone` (no seconds, no milliseconds, no "T"); empty for none. */
export function csvTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  const parts = wallClock(zone, new Date(iso));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
