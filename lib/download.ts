/**
 * The headers of a client's document on its way out, from the API and from the portal alike: always a download
 * (`attachment`, any name encoded right), its type as stored, a sandbox should anything render it anyway, and never
 * cached. `X-Content-Type-Options: nosniff` is the server's own header, on every answer.
 */
import contentDisposition from "content-disposition";
import type { ApiFile } from "./transport.js";

export function attachmentHeaders(file: ApiFile): Record<string, string> {
  return {
    "Content-Type": file.type,
    "Content-Disposition": contentDisposition(file.name),
    "Content-Length": String(file.bytes.byteLength),
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  };
}
