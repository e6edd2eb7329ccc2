/**
 * The API over HTTP (API_BASE_URL), as the portal calls it when it does not embed the API. server.ts makes it once
 * and hands it to the portal in the load context. An API that cannot be reached, or does not answer in time, is
 * status 0: the portal's client turns that into "Server busy" (a transport never throws the portal's own error, which
 * lives in the portal's bundle, not the server's).
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import contentDisposition from "content-disposition";
import type { ApiTransport } from "./transport.js";

/** An HTTP transport to the API at `baseUrl` (API_BASE_URL), with the portal's time-out. */
export function httpTransport(baseUrl: string, timeoutMs: number): ApiTransport {
  return async ({ method, path, headers, body, upload }) => {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          ...headers,
          Accept: "application/json",
          ...(upload ? { "Content-Type": upload.type } : body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(upload && "file" in upload ? { "Content-Length": String(upload.file.size) } : {}),
        },
        // A spooled upload streams from its file, never read whole into memory.
        body: upload
          ? "file" in upload
            ? (Readable.toWeb(createReadStream(upload.file.path)) as unknown as BodyInit)
            : (upload.bytes as unknown as BodyInit)
          : body === undefined
            ? undefined
            : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        ...(upload && "file" in upload ? { duplex: "half" } : {}),
      } as RequestInit);
    } catch {
      return { status: 0, payload: null };
    }
    // A download (a client's document) is the file itself, named by its Content-Disposition.
    const disposition = res.headers.get("content-disposition");
    if (res.ok && disposition?.startsWith("attachment")) {
      try {
        const bytes = new Uint8Array(await res.arrayBuffer());
        const name = contentDisposition.parse(disposition).parameters.filename ?? "document";
        return {
          status: res.status,
          payload: null,
          file: { bytes, type: res.headers.get("content-type") ?? "application/octet-stream", name },
        };
      } catch {
        return { status: 0, payload: null };
      }
    }
    let payload: unknown = null;
    try {
      payload = await res.json();
    } catch {
      payload = null;
    }
    return { status: res.status, payload };
  };
}
