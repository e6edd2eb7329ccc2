/**
 * Money as people read it, one way everywhere: pages, e-mails, receipts and CSV files show integer minor units in
 * their currency with its symbol ("$1,490.00" for USD 149000), through this one function.
 */
import { numberFormatter } from "./intl.js";

/** Each currency's formatter and the power of ten of its minor unit, worked out once (a page formats many amounts). */
const currencies = new Map<string, { fmt: Intl.NumberFormat; unit: number }>();

export function formatMoney(minor: number, currency: string): string {
  let known = currencies.get(currency);
  if (!known) {
    const fmt = numberFormatter("en-US", { style: "currency", currency });
    known = { fmt, unit: 10 ** (fmt.resolvedOptions().maximumFractionDigits ?? 2) };
    currencies.set(currency, known);
  }
  return known.fmt.format(minor / known.unit);
}
