/**
 * Money as people read it, one way everywhere: pages, e-mails, receipts and CSV files show integer minor units in
 * their currency with its symbol ("$1,490.00" for USD 149000), through this one function.
 */
import { numberFormatter } from "./intl.js";

/** Each currency's formatter and the power of ten of its minor unit, worked out once (a page formats many amounts). */
const currencies = new Map<string, { fmt: Intl.NumberFormat; unit: number }>();

export function formatMoney(minor: number, currency: string): string {
  return formatMoneyIn("en-US", minor, currency);
}

/** The same amount as a reader of another language writes it ("1490,00 US$" in Spanish): `Intl` with its locale. */
export function formatMoneyIn(locale: string, minor: number, currency: string): string {
  const key = `${locale} ${currency}`;
  let known = currencies.get(key);
  if (!known) {
    const fmt = numberFormatter(locale, { style: "currency", currency });
    known = { fmt, unit: 10 ** (fmt.resolvedOptions().maximumFractionDigits ?? 2) };
    currencies.set(key, known);
  }
  return known.fmt.format(minor / known.unit);
}
