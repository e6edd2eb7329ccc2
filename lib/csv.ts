/**
 * A spreadsheet cell that stays text (issue 21, point 7): a value beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is read by Excel, LibreOffice and Google Sheets as a formula (CSV injection). As OWASP advises,
 * such a value gets a leading `'`, which the spreadsheet shows as text and hides.
 */
export function spreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
