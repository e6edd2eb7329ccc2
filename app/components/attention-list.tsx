import { Link } from "@remix-run/react";
import type { AttentionItem } from "../../lib/contract";
import { formatDateTime } from "../lib/dates";

const when: Record<AttentionItem["kind"], string> = {
  hold_lapsing: "Lapses",
  session_soon: "Starts",
  refund_due: "",
  document_expiring: "",
  document_missing: "",
  cart_waiting: "Added",
};

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
            {a.at && when[a.kind] ? (
              <span className="muted">
                {" "}
                · {when[a.kind]} {formatDateTime(a.at, timeZone)}
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
