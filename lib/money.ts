/**
 * Money as people read it, one way everywhere: pages, e-mails, receipts and CSV files show integer minor units in
 * their currency with its symbol ("$1,490.00" for USD 149000), through this one function.
 */
import { numberFormatter } from "./intl.js";

export function formatMoney(minor: number, currency: string): string {
  const fmt = numberFormatter("en-US", { style: "currency", currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}
