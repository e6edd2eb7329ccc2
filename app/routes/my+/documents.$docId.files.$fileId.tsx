/** A file the client sent, for the client (always a download, never shown in the browser: lib/download.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeaders } from "../../../lib/download";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { routeId } from "../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const file = await api
    .call(endpoints.myFile, { params: { documentId: routeId(params.docId), fileId: routeId(params.fileId) } })
    .catch((e) => apiLoaderError(e, request, context));
  return new Response(file.bytes as unknown as BodyInit, { headers: attachmentHeaders(file) });
}
