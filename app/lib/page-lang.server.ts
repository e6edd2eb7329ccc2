/** A public page's language and what it tells search engines, decided in its loader (the `($lang)` routes). */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { getSettings } from "../../lib/env.server.js";
import { translator } from "../../lib/i18n/index.js";
import { defaultLang, isLang, pathInLang, type Lang } from "../../lib/i18n/languages.js";
import { requireAccount } from "./auth.server";
import { chosenLang } from "./i18n.server";
import type { PageSeo } from "./seo";
import { loadSite } from "./site.server";

/**
 * The language of a `($lang)` page: none in the address is English; a first segment that is no language is no
 * page of ours (`/foo` matches `($lang)._index`): for a visitor sign-in, for the signed-in the 404, as any unknown
 * address. A visitor who chose a language with the switch and opens a page's English address is taken to the
 * page in their language: they asked for it (a search engine, with no cookie, never is).
 */
export async function pageLang(request: Request, context: AppLoadContext, param: string | undefined): Promise<Lang> {
  if (param === undefined) {
    const chosen = await chosenLang(request);
    if (chosen && chosen !== defaultLang && request.method === "GET") {
      const url = new URL(request.url);
      throw redirect(pathInLang(url.pathname, chosen) + url.search);
    }
    return defaultLang;
  }
  if (isLang(param) && param !== defaultLang) return param;
  await requireAccount(request, context, ["agent"]);
  throw new Response("Not found", { status: 404 });
}

type PageKey =
  "home" | "about" | "terms" | "privacy" | "signIn" | "secondStep" | "forgot" | "setPassword" | "contact" | "mentors";

/** A public page's language and its title and description from the catalogue. */
export async function publicPage(
  request: Request,
  context: AppLoadContext,
  param: string | undefined,
  page: PageKey,
  options: { path?: string; index?: boolean } = {},
): Promise<{ lang: Lang; seo: PageSeo }> {
  const lang = await pageLang(request, context, param);
  const t = translator(lang);
  const company = (await loadSite(context, lang)).company.name;
  const title = page === "home" ? t("home.title", { company }) : t(`${page}.title`);
  return {
    lang,
    seo: pageSeo(request, lang, title, t(`${page}.description`, { company }), { ...options, company, whole: page === "home" }),
  };
}

export function pageSeo(
  request: Request,
  lang: Lang,
  title: string,
  description: string,
  /** company: the name the title ends with (the office's); whole: the title says it already (the home page's) */
  options: { company: string; whole?: boolean; path?: string; index?: boolean },
): PageSeo {
  const url = new URL(request.url);
  const bare = new URL(pathInLang(url.pathname, defaultLang), url).pathname.replace(/(.)\/+$/, "$1");
  return {
    lang,
    path: options.path ?? bare,
    title: options.whole ? title : `${title} · ${options.company}`,
    description,
    site: options.company,
    origin: getSettings().publicUrl,
    ...(options.index === false ? { index: false } : {}),
  };
}
