import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { CartItem, CartSession } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { timeLabel } from "../../lib/dates";
import { itemLabel, refundRule } from "../../lib/item-words";
import { Trans, useTranslation } from "../../lib/page-words";
import { RowButton, RowForm } from "../ui/row-form";
import { StackTable } from "../ui/table-head";

function minutesLeft(until: string, now: string) {
  return Math.max(0, Math.ceil((Date.parse(until) - Date.parse(now)) / 60_000));
}

/** A held session's time left, or that its hold lapsed and the slot must be booked again. */
function HoldState({ session, timeZone, now }: { session: CartSession; timeZone: string; now: string }) {
  const { t } = useTranslation();
  if (session.status === "held" && session.held_until) {
    return (
      <p className="hold-note" data-testid="hold-note">
        {t("work.items.heldUntil", {
          time: timeLabel(session.held_until, timeZone),
          count: minutesLeft(session.held_until, now),
        })}
      </p>
    );
  }
  if (session.status === "released" || session.status === "canceled") {
    return (
      <p className="hold-note hold-note--lapsed" data-testid="hold-note">
        <Trans
          i18nKey="work.items.released"
          values={{ mentor: session.mentor_name }}
          components={{ strong: <strong />, go: <Link to={`/mentors/${session.mentor_id}`} /> }}
        />
      </p>
    );
  }
  return null;
}

function RefundableUntil({
  start,
  cutoffHours,
  timeZone,
  now,
}: {
  start: string;
  cutoffHours: number;
  timeZone: string;
  now: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="hold-note" data-testid="refundable-until">
      {refundRule(t, start, cutoffHours, timeZone, now)}
    </p>
  );
}

/**
 * With JavaScript, the page asks the server again when the first hold lapses, so the cart shows it released
 * without a reload (without JavaScript, the next page load shows it).
 */
export function useRefreshWhenHoldsLapse(items: CartItem[], now: string) {
  const { revalidate } = useRevalidator();
  const next = items
    .map((i) => (i.session?.status === "held" ? i.session.held_until : null))
    .filter((t): t is string => Boolean(t))
    .sort()[0];
  useEffect(() => {
    if (!next) return;
    const wait = Math.max(1_000, Date.parse(next) - Date.parse(now) + 2_000);
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(revalidate, wait);
    return () => clearTimeout(timer);
  }, [next, now, revalidate]);
}

/** Whether an item can be paid as it is: a session whose hold lapsed cannot (it is booked again first). */
export const lapsedHold = (i: CartItem) => Boolean(i.session && i.session.status !== "held");

/** What the items cost, by currency: a lapsed hold is not counted (it cannot be paid until booked again). */
export function cartTotals(items: CartItem[]): string[] {
  const byCurrency = new Map<string, number>();
  for (const i of items) byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + (lapsedHold(i) ? 0 : i.price_minor));
  return [...byCurrency].map(([currency, minor]) => formatMoney(minor, currency));
}

/** A table of cart items; with `removable`, each row has a Remove button posting to `/cart`. */
export function CartTable({
  items,
  removable,
  timeZone,
  now,
  cutoffHours,
}: {
  items: CartItem[];
  removable?: boolean;
  timeZone: string;
  now: string;
  /** Paid sessions are refunded when cancelled up to this many hours before they start (Terms §4) */
  cutoffHours: number;
}) {
  const { t } = useTranslation();
  const [itemCol, priceCol] = [t("work.items.item"), t("work.items.price")];
  return (
    <StackTable columns={[itemCol, { num: priceCol }, ...(removable ? [null] : [])]}>
      {items.map((item) => (
        <tr key={item.id}>
          <td data-label={itemCol}>
            {itemLabel(t, item, timeZone)}
            {item.session ? <HoldState session={item.session} timeZone={timeZone} now={now} /> : null}
            {item.session?.status === "held" ? (
              <RefundableUntil start={item.session.start_at} cutoffHours={cutoffHours} timeZone={timeZone} now={now} />
            ) : null}
            {item.offered ? null : (
              <p className="hold-note hold-note--lapsed" data-testid="not-offered">
                <Trans i18nKey="work.items.notOffered" components={{ strong: <strong /> }} />
              </p>
            )}
            {item.bought ? (
              <p className="hold-note hold-note--lapsed" data-testid="bought-before">
                <Trans
                  i18nKey="work.items.bought"
                  values={{ client: item.client_name, order: item.bought.order_id }}
                  components={{ go: <Link to={`/orders/${item.bought.order_id}`} /> }}
                />
              </p>
            ) : null}
          </td>
          <td className="num" data-label={priceCol}>
            {formatMoney(item.price_minor, item.currency)}
          </td>
          {removable ? (
            <td className="num row-actions">
              <RowForm id={item.id} action="/cart">
                <RowButton id={item.id} intent="remove" who={itemLabel(t, item, timeZone)}>
                  {t("work.items.remove")}
                </RowButton>
              </RowForm>
            </td>
          ) : null}
        </tr>
      ))}
    </StackTable>
  );
}
