/**
 * An attention line's words (the dashboard's and a client's "needs attention"): the catalogue keys its summary and
 * its action are said from, with what they name. The API says them in English (`summary`, `action`); a page in its
 * own language, from the same keys.
 */
import type { AttentionItem } from "./contract/clients.js";

/** The summary's key: a missing document says the service asking for it, an expiring one whether it is past. */
export function attentionSummaryKey(a: Pick<AttentionItem, "kind" | "words">): string {
  if (a.kind === "document_missing" && a.words.service) return "work.attention.summary.document_missing_for";
  if (a.kind === "document_expiring" && a.words.expired) return "work.attention.summary.document_expired";
  return `work.attention.summary.${a.kind}`;
}

/** What the summary names, as its placeholders call it. */
export function attentionValues(a: Pick<AttentionItem, "words">, document: (title: string) => string = (t) => t) {
  return {
    ...a.words,
    document: a.words.document === undefined ? undefined : document(a.words.document),
    date: a.words.expires_on,
  };
}

export const attentionActionKey = (kind: AttentionItem["kind"]) => `work.attention.action.${kind}`;
