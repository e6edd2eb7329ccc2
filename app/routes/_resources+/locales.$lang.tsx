/**
 * A language's words for the browser: with `routes=`, the parts those routes can say (app/lib/catalogue-loading.ts
 * asks when a page of a route it has no words for is about to be drawn); without, every part. Under the current
 * version (`v=`) the answer is cached for a year (the version changes with any catalogue); under any other, not at all.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { routesCatalogue, wholeCatalogue } from "../../lib/catalogue-parts.server";
import { isLang } from "../../lib/every-page";
import { catalogueVersion } from "../../lib/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLang(lang)) throw new Response("Not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const current = query.get("v") === catalogueVersion;
  const routes = query.get("routes");
  const words = routes === null ? wholeCatalogue(lang) : routesCatalogue(lang, routes.split(",").slice(0, 20));
  return new Response(JSON.stringify(words), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
