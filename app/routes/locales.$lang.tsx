/**
 * A language's catalogue for the browser (entry.client.tsx). Under the current version it is cached for a year
 * (the version changes with any catalogue); under any other, not at all.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "../../lib/i18n/languages";
import { catalogueVersion, resources } from "../lib/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLang(lang)) throw new Response("Not found", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === catalogueVersion;
  return new Response(JSON.stringify(resources[lang].translation), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
