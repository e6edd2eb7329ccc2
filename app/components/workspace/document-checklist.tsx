import { Link } from "@remix-run/react";
import type { ClientDocument } from "../../../lib/contract";
import { fileSize } from "../../../lib/documents";
import { formatDateTime } from "../../lib/dates";
import { useDocumentTitle } from "../../lib/document-title";
import { useTranslation } from "../../lib/page-words";
import { documentPath, DocumentStatus, downloadPath, Expiry } from "../ui/document-status";
import { columnWords, StackTable } from "../ui/table-head";

/** The client's checklist: each document, its state, expiry and current file, and where to act on it. */
export function DocumentChecklist({
  clientId,
  documents,
  timeZone,
  today,
  horizon,
}: {
  clientId: number;
  documents: ClientDocument[];
  timeZone: string;
  today: string;
  horizon: string;
}) {
  const { t } = useTranslation();
  const documentTitle = useDocumentTitle();
  if (!documents.length) return <p className="empty-state">{t("work.checklist.empty")}</p>;
  const col = columnWords(t, "work.checklist", ["document", "status", "expires", "file"]);
  return (
    <StackTable columns={[col.document, col.status, col.expires, col.file, null]} data-testid="documents">
      {documents.map((d) => (
        <tr key={d.id}>
          <th scope="row" data-label={col.document}>
            <Link to={documentPath(clientId, d.id)}>{documentTitle(d.title)}</Link>
            {d.service ? (
              <span className="muted table__note"> {t("work.checklist.forService", { service: d.service })}</span>
            ) : null}
          </th>
          <td data-label={col.status}>
            <DocumentStatus status={d.status} />
            {d.asked ? <span className="tag tag--asked"> {t("work.checklist.asked")}</span> : null}
          </td>
          <td data-label={col.expires}>
            <Expiry on={d.expires_on} today={today} horizon={horizon} />
          </td>
          <td data-label={col.file}>
            {d.file ? (
              <>
                <a href={downloadPath(clientId, d.id, d.file.id)} download>
                  {d.file.file_name}
                </a>
                <span className="muted">
                  {" "}
                  · {fileSize(d.file.size_bytes)} · {formatDateTime(d.file.uploaded_at, timeZone)}
                  {d.file_count > 1 ? ` · ${t("work.checklist.files", { count: d.file_count })}` : ""}
                </span>
                {d.file.from_client ? <span className="tag tag--client"> {t("work.checklist.fromClient")}</span> : null}
                {d.from_message ? <span className="tag"> {t("work.checklist.fromMessage")}</span> : null}
                {d.from_questionnaire ? <span className="tag"> {t("work.checklist.fromQuestionnaire")}</span> : null}
                {d.from_agreement ? <span className="tag"> {t("work.checklist.fromAgreement")}</span> : null}
              </>
            ) : d.rejection ? (
              <span className="muted">{t("work.checklist.rejected", { reason: d.rejection.reason })}</span>
            ) : (
              "—"
            )}
          </td>
          <td>
            <Link to={documentPath(clientId, d.id)} className="button button--small button--ghost">
              {d.status === "missing" || d.status === "rejected"
                ? t("work.checklist.upload")
                : d.status === "uploaded"
                  ? t("work.checklist.review")
                  : t("work.checklist.open")}
              <span className="visually-hidden"> {documentTitle(d.title)}</span>
            </Link>
          </td>
        </tr>
      ))}
    </StackTable>
  );
}
