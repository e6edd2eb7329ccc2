/**
 * A document's file, for the client's own agent only (another agent: 404): a download, or with `?preview=1` a PDF
 * or image shown in the document's page (inline, still sandboxed: lib/download.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeaders, previewHeaders } from "../../../../lib/download";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { routeId } from "../../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const file = await api
    .call(endpoints.downloadDocument, {
      params: { clientId: routeId(params.id), documentId: routeId(params.docId), fileId: routeId(params.fileId) },
    })
    .catch((e) => apiLoaderError(e, request, context));
  const preview = new URL(request.url).searchParams.get("preview") === "1";
  return new Response(file.bytes as unknown as BodyInit, { headers: preview ? previewHeaders(file) : attachmentHeaders(file) });
}
