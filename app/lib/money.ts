import { numberFormatter } from "../../lib/intl.js";

/** Formats integer minor units in their currency (USD 12345 → "$123.45"). */
export function formatMoney(minor: number, currency: string, locale = "en-US"): string {
  const fmt = numberFormatter(locale, { style: "currency", currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}
