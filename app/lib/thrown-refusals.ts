/**
 * The refusals a page throws with their code, not in words (security.server.ts: a form unreadable, too old or
 * caught by the honeypot; upload.server.ts: a body too large or in too many parts), and each one's catalogue key:
 * the error page draws them in the page's language. Every other refusal reaches a page in words already
 * (refusals.server.ts), so this is all of the code table the browser needs (refusal-keys.ts holds the rest).
 */
import type { RefusalCode } from "../../lib/contract/codes";

export const thrownCodeKeys = {
  "form.expired": "messages.formExpired",
  "form.unreadable": "messages.formUnreadable",
  "form.not_sent": "messages.formUnreadable",
  "upload.too_large_hint": "my.tooLarge",
  "upload.too_many_parts": "my.tooManyParts",
} as const satisfies Partial<Record<RefusalCode, string>>;

export type ThrownCode = keyof typeof thrownCodeKeys;

/** The response a loader or action throws for one of these: its code as the body, drawn by the error page. */
export function thrownRefusal(code: ThrownCode, status: 400 | 403 | 413): Response {
  return new Response(code, { status });
}

/** A code's catalogue key in a table of them; null for anything the table does not name. */
export function keyIn(table: Readonly<Record<string, string>>, code: unknown): string | null {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(table, code) ? table[code]! : null;
}

/** The catalogue key of a code a page threw; null for any other body. */
export const thrownCodeKey = (body: unknown) => keyIn(thrownCodeKeys, body);
