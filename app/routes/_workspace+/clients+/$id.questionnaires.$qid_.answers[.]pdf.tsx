/** A client's questionnaire with its answers, as a PDF for their agent: in English, or `?lang=` (the client's). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeaders } from "../../../../lib/download";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { isLang } from "../../../lib/every-page";
import { routeId } from "../../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const lang = new URL(request.url).searchParams.get("lang");
  const file = await api
    .call(endpoints.clientQuestionnairePdf, {
      params: { clientId: routeId(params.id), id: routeId(params.qid) },
      query: isLang(lang) ? { lang } : {},
    })
    .catch((e) => apiLoaderError(e, request, context));
  return new Response(file.bytes as unknown as BodyInit, { headers: attachmentHeaders(file) });
}
