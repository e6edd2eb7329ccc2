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

/** The types a browser may show in place (a scan, a photo, a PDF): only these are ever previewed. */
export const previewTypes = new Set(["application/pdf", "image/png", "image/jpeg"]);

/**
 * The headers of a document shown in the page before it is accepted (issue 25): inline instead of an attachment,
 * never cached; any other type stays a download. An image keeps its sandbox. A PDF cannot: Chrome's PDF viewer runs
 * in no sandboxed frame at all (whatever the sandbox allows), so a PDF is served as `application/pdf` only (the
 * upload kept it for its bytes, and `nosniff` forbids reading it as anything else), which only the browser's viewer
 * draws, its scripts isolated from the page; the viewer's own styles are let in.
 */
export function previewHeaders(file: ApiFile): Record<string, string> {
  if (!previewTypes.has(file.type)) return attachmentHeaders(file);
  const inline = { ...attachmentHeaders(file), "Content-Disposition": contentDisposition(file.name, { type: "inline" }) };
  if (file.type !== "application/pdf") return inline;
  return { ...inline, "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'" };
}
