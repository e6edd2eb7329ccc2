/** Money typed and shown in the portal's forms; money shown to read is lib/money.ts's formatMoney. */
import { CATALOGUE_CURRENCY, moneyAmount } from "../../lib/money.js";

/**
 * A dollar amount as people type it ("1490", "1,490.00", "$1 490.5") → minor units; null when it is not one. Staff
 * type dollars; the API takes cents.
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[\s,$]/g, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, cents = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
}

/** Minor units as a dollar amount to edit ("149000" → "1490.00"). */
export function dollarsText(minor: number | null | undefined): string {
  return minor == null ? "" : moneyAmount(minor, CATALOGUE_CURRENCY);
}
