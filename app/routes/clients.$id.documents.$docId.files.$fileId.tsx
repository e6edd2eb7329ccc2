/**
 * A document's file, for the client's own agent only (another agent: 404): always a download (`attachment`), never
 * shown in the browser, with its type as stored and no sniffing (the server's `X-Content-Type-Options: nosniff`,
 * on every answer), and a sandbox should anything render it anyway.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import contentDisposition from "content-disposition";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { routeId } from "../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const file = await api
    .downloadDocument(routeId(params.id), routeId(params.docId), routeId(params.fileId))
    .catch((e) => apiLoaderError(e, request));
  return new Response(file.bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": contentDisposition(file.name),
      "Content-Length": String(file.bytes.byteLength),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
