import { attentionActionKey, attentionSummaryKey, attentionValues } from "../../../lib/attention-words";
import type { AttentionItem } from "../../../lib/contract";
import { formatDateTime } from "../../lib/dates";
import { useDocumentTitle } from "../../lib/document-title";
import { useTranslation } from "../../lib/page-words";
import { appLink } from "../ui/app-link";

/** The kinds whose time is said ("Lapses 24 Nov 2026, 18:00"): the others' summary says all. */
const timed = new Set<AttentionItem["kind"]>([
  "hold_lapsing",
  "session_soon",
  "message_unread",
  "questionnaire_submitted",
  "cart_waiting",
]);

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
  const documentTitle = useDocumentTitle();
  if (!items.length) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="attention list-reset" data-testid="attention">
      {items.map((a, i) => (
        <li key={`${a.kind}-${i}`} className={`attention__item attention__item--${a.kind}`}>
          <p>
            {showClient ? (
              <>
                <a {...appLink(`/clients/${a.client_id}`)}>
                  <bdi>{a.client_name}</bdi>
                </a>
                :{" "}
              </>
            ) : null}
            {t(attentionSummaryKey(a), attentionValues(a, documentTitle))}
            {a.at && timed.has(a.kind) ? (
              <span className="muted">
                {" "}
                · {t(`work.attention.at.${a.kind}`)} {formatDateTime(a.at, timeZone)}
              </span>
            ) : null}
          </p>
          <a {...appLink(a.to)} className="attention__action">
            {t(attentionActionKey(a.kind), { order: a.words.order_id })}
            <span className="visually-hidden">
              {" "}
              (<bdi>{a.client_name}</bdi>)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
