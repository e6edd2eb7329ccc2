/**
 * A document's title in the page's language: the standard kinds the API names by their English title ("Passport",
 * lib/documents.ts documentKindNames) are the catalogue's `documentKinds`; a title the agent wrote is theirs and
 * shown as written. (Titles are records' names, not messages: a refusal is translated by its code.)
 */
import { kindNamed } from "../documents.js";

export function localizeDocumentTitle(t: (key: string) => string, title: string): string {
  const kind = kindNamed(title);
  return kind ? t(`documentKinds.${kind}`) : title;
}
