import { formatMoney } from "../../../lib/money";

/** An amount in a table's row: right-aligned, named by its column on a phone (where the row is a card). */
export function MoneyCell({ label, minor, currency }: { label: string; minor: number; currency: string }) {
  return (
    <td data-label={label} className="num">
      {formatMoney(minor, currency)}
    </td>
  );
}
