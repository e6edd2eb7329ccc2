/** The client's own questionnaire with their answers, as a PDF in their language. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeaders } from "../../../lib/download";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { routeId } from "../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const file = await api
    .call(endpoints.myQuestionnairePdf, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return new Response(file.bytes as unknown as BodyInit, { headers: attachmentHeaders(file) });
}
