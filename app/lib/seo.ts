/**
 * What a public page tells search engines and link previews (issue 26): its title and description in its
 * language, Open Graph, the canonical address and its alternates in every language (hreflang, with x-default).
 */
import type { MetaDescriptor } from "@remix-run/node";
import { defaultLang, languages, pathInLang, type Lang } from "../../lib/i18n/languages";

export type PageSeo = {
  lang: Lang;
  /** The page's address without its language, with the query that names it (`/servicesPage?id=1`) */
  path: string;
  title: string;
  description: string;
  /** The company's name as the office set it (og:site_name) */
  site: string;
  /** The site's public address, no trailing slash */
  origin: string;
  /** false for a page that should not be listed (a one-time link's page) */
  index?: boolean;
};

const ogLocale: Record<Lang, string> = { en: "en_GB", ar: "ar_AR", es: "es_ES", fr: "fr_FR" };

export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const [pathname, query] = seo.path.split("?") as [string, string | undefined];
  const url = (lang: Lang) => `${seo.origin}${pathInLang(pathname, lang)}${query ? `?${query}` : ""}`;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.site },
    { property: "og:locale", content: ogLocale[seo.lang] },
    { property: "og:url", content: url(seo.lang) },
  ];
  if (seo.index === false) return [...tags, { name: "robots", content: "noindex" }];
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: url(seo.lang) },
    ...languages.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: lang, href: url(lang) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(defaultLang) },
  ];
}
