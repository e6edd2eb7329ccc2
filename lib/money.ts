/**
 * Money as people read it, one way everywhere: pages, e-mails, receipts and CSV files show integer minor units in
 * their currency with its symbol ("$1,490.00" for USD 149000), through this one function; and money as staff type
 * it into the office's forms (parseDollars, dollarsText).
 */
import { numberFormatter } from "./intl.js";

/** The currency the office prices its catalogue in (plans, jobs' fees, packages, mentors' rates). */
export const CATALOGUE_CURRENCY = "USD";

/** Each currency's formatter and its minor unit's digits, worked out once (a page formats many amounts). */
const currencies = new Map<string, { fmt: Intl.NumberFormat; digits: number }>();

function currencyIn(locale: string, currency: string) {
  const key = `${locale} ${currency}`;
  let known = currencies.get(key);
  if (!known) {
    const fmt = numberFormatter(locale, { style: "currency", currency });
    known = { fmt, digits: fmt.resolvedOptions().maximumFractionDigits ?? 2 };
    currencies.set(key, known);
  }
  return known;
}

export function formatMoney(minor: number, currency: string): string {
  return formatMoneyIn("en-US", minor, currency);
}

/** The same amount as a reader of another language writes it ("1490,00 US$" in Spanish): `Intl` with its locale. */
export function formatMoneyIn(locale: string, minor: number, currency: string): string {
  const { fmt, digits } = currencyIn(locale, currency);
  return fmt.format(minor / 10 ** digits);
}

/** The amount alone, as a spreadsheet or a form reads it: no symbol, no grouping ("1490.00" for USD 149000). */
export function moneyAmount(minor: number, currency: string): string {
  const { digits } = currencyIn("en-US", currency);
  return (minor / 10 ** digits).toFixed(digits);
}

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
