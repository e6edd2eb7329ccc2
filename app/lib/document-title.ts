/**
 * A document's title in the page's words. Apart from lang.ts, which every page loads: this one brings the
 * documents' kinds (lib/documents.ts) with it, which only the pages showing documents need.
 */
import { localizeDocumentTitle } from "../../lib/i18n/document-titles";
import { useTranslation } from "./page-words";

/** A document's title: a standard kind in the page's language, an agent's own title as written. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  return (title: string) => localizeDocumentTitle(t, title);
}
