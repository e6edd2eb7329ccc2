/**
 * The language switch: `/language/ar?back=/about` keeps the choice in the `lang` cookie and opens the same page in
 * that language. A plain link, so it works without scripts.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { backPath, isLang, pathInLang } from "../../lib/every-page";
import { langCookie } from "../../lib/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = params.lang;
  if (!isLang(lang)) throw new Response("Not found", { status: 404 });
  const back = backPath(new URL(request.url).searchParams.get("back"), "/");
  const url = new URL(back, "http://portal.invalid");
  return redirect(pathInLang(url.pathname, lang) + url.search, {
    headers: { "Set-Cookie": await langCookie().serialize(lang), "Cache-Control": "no-store" },
  });
}
