/** An upcoming session of the client's as a calendar file ("Add to calendar" on their page). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentHeaders } from "../../../lib/download";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { routeId } from "../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const file = await api
    .call(endpoints.mySessionInvite, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return new Response(file.bytes as unknown as BodyInit, { headers: attachmentHeaders(file) });
}
