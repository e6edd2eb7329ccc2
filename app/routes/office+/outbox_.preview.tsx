import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSettings } from "../../../lib/env.server";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { isLang } from "../../lib/every-page";

/**
 * `/office/outbox/preview?lang=es&n=3`: one e-mail's HTML as it is sent (issue 42), for the previews page to frame.
 * Its own policy: inline styles (an e-mail's are all inline), pictures, no scripts, framed only by this site.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang") ?? "en";
  const n = Number(url.searchParams.get("n") ?? "0");
  if (!isLang(lang) || !Number.isInteger(n) || n < 0) throw new Response("Not found", { status: 404 });
  const previews = await api
    .call(endpoints.officeMailPreviews, { query: { lang, n } })
    .catch((e) => apiLoaderError(e, request, context));
  const preview = previews[n];
  if (!preview?.html) throw new Response("Not found", { status: 404 });
  return new Response(preview.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Pictures over https, and the firm's logo from the portal's own address (http on a developer's machine).
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; img-src https: data: ${new URL(getSettings().publicUrl).origin}; frame-ancestors 'self'`,
      "Cache-Control": "private, no-store",
    },
  });
}
