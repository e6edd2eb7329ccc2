import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AttentionItem } from "../../lib/contract";
import { formatDateTime } from "../lib/dates";

/** The kinds whose time is said ("Lapses 24 Nov 2026, 18:00"): the others' summary says all. */
const timed = new Set<AttentionItem["kind"]>(["hold_lapsing", "session_soon", "cart_waiting"]);

/** What needs the agent, most urgent first; each row links to where it is resolved. */
export function AttentionList({
  items,
  timeZone,
  showClient = true,
  empty,
}: {
  items: AttentionItem[];
  timeZone: string;
  showClient?: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  if (!items.length) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="attention list-reset" data-testid="attention">
      {items.map((a, i) => (
        <li key={`${a.kind}-${i}`} className={`attention__item attention__item--${a.kind}`}>
          <p>
            {showClient ? (
              <>
                <Link to={`/clients/${a.client_id}`}>{a.client_name}</Link>:{" "}
              </>
            ) : null}
            {a.summary}
            {a.at && timed.has(a.kind) ? (
              <span className="muted">
                {" "}
                · {t(`work.attention.${a.kind}`)} {formatDateTime(a.at, timeZone)}
              </span>
            ) : null}
          </p>
          <Link to={a.to} className="attention__action">
            {a.action}
            <span className="visually-hidden"> ({a.client_name})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
