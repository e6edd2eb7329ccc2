/**
 * A document's state, its expiry and its addresses: what every page about a client's documents shows. The checklist
 * (document-checklist.tsx) and the upload form (upload-form.tsx) are modules of their own, so that a page that shows
 * a state only does not load either (each page fetches the whole of every module its imports reach).
 */
import type { ClientDocument } from "../../../lib/contract";
import { documentStatusLabels } from "../../../lib/documents";
import { useTranslation } from "../../lib/page-words";

export function DocumentStatus({ status }: { status: ClientDocument["status"] }) {
  // In the page's language: the client's own page is in the client's (the English words are documentStatusLabels').
  const { t } = useTranslation();
  return (
    <span className={`doc-status doc-status--${status}`}>
      {t(`my.status.${status}`, { defaultValue: documentStatusLabels[status] })}
    </span>
  );
}

/** The expiry, with "expired" or "soon" beside it when it is (soon: within the notice window, as the dashboard says). */
export function Expiry({ on, today, horizon }: { on: string | null; today: string; horizon: string }) {
  const { t } = useTranslation();
  if (!on) return <>—</>;
  if (on < today) return <span className="doc-expiry doc-expiry--past">{t("work.checklist.expired", { date: on })}</span>;
  if (on <= horizon) return <span className="doc-expiry doc-expiry--soon">{t("work.checklist.soon", { date: on })}</span>;
  return <>{on}</>;
}

export function documentPath(clientId: number, documentId: number) {
  return `/clients/${clientId}/documents/${documentId}`;
}

export function downloadPath(clientId: number, documentId: number, fileId: number) {
  return `${documentPath(clientId, documentId)}/files/${fileId}`;
}
