/**
 * An item's name and a session's refund rule, in words: the order pages, the receipt and the booking form say them
 * without loading the cart's table (components/cart-items.tsx), as a page fetches the whole of every module it reaches.
 */
import type { CartSession } from "../../lib/contract";
import { formatDateTime } from "./dates";
import type { T } from "./page-words";

/** What an item is, with a mentor session's time in the agent's zone (the stored description has it in UTC). */
export function itemLabel(
  t: T,
  item: { description: string; session: Pick<CartSession, "mentor_name" | "start_at" | "topic"> | null },
  timeZone: string,
): string {
  const s = item.session;
  return s
    ? t("work.items.session", { mentor: s.mentor_name, time: formatDateTime(s.start_at, timeZone), topic: s.topic })
    : item.description;
}

/** Until when a paid session can be cancelled for a full refund (Terms §4), said before it is paid. */
export function refundRule(t: T, start: string, cutoffHours: number, timeZone: string, now: string): string {
  const until = new Date(Date.parse(start) - cutoffHours * 3_600_000).toISOString();
  return until > now
    ? t("work.items.refundUntil", { time: formatDateTime(until, timeZone) })
    : t("work.items.noRefund", { hours: cutoffHours });
}
