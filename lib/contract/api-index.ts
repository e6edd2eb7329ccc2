/**
 * docs/api.md's index of endpoints, written from the table: `npm run docs:api` rewrites it, and a test fails when
 * the committed one differs (an endpoint missing, or one listed that is gone).
 */
import type { EndpointDef } from "./endpoint.js";

export const INDEX_START = "<!-- endpoints: written by npm run docs:api from lib/contract/ -->";
export const INDEX_END = "<!-- /endpoints -->";

const who = (e: EndpointDef) => (e.auth === "public" ? "anyone" : e.owner ? "staff (owners)" : e.auth.join(", "));

export function apiIndex(list: EndpointDef[]): string {
  const rows = list.map((e) => `| \`${e.method} ${e.path}\` | ${who(e)} | ${e.summary.replace(/\|/g, "\\|")} |`);
  return [INDEX_START, "", "| Call | Who | What |", "|---|---|---|", ...rows, "", INDEX_END].join("\n");
}

/** The document with its index replaced by `index`. */
export function withIndex(doc: string, index: string): string {
  const start = doc.indexOf(INDEX_START);
  const end = doc.indexOf(INDEX_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no index between "${INDEX_START}" and "${INDEX_END}"`);
  return doc.slice(0, start) + index + doc.slice(end + INDEX_END.length);
}
